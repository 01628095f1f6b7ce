import { getCurrentUser } from '@/lib/server/auth/session';
import { refuse, SAFE_RESPONSE_HEADERS } from '@/lib/server/proxy/refusals';
import { listSalespeople } from '@/lib/server/salespeople';
import { getEnv } from '@/lib/server/env';
import { getUpstream } from '@/lib/server/upstream-instance';
import { isApiError } from '@/lib/server/upstream/errors';

// Salesperson ids and names for every signed-in role (pickers, names in lists); e-mails and accounts stay on the server.
export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  if (!(await getCurrentUser(request.headers))) return refuse('unauthenticated');
  try {
    const rows = await listSalespeople(getUpstream(), AbortSignal.timeout(getEnv().upstream.timeoutMs));
    return Response.json(rows, { headers: SAFE_RESPONSE_HEADERS });
  } catch (error) {
    if (isApiError(error) && error.kind === 'timeout') return refuse('upstream_timeout');
    console.error('salespeople: reading /v1/internal-users failed', error);
    return refuse('upstream_unreachable');
  }
}
