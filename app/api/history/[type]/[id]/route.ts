import { isRecordType } from '@/lib/contract/history';
import { can } from '@/lib/contract/roles';
import { listHistoryPage } from '@/lib/server/audit/audit-log';
import { getCurrentUser } from '@/lib/server/auth/session';
import { getConsoleDb } from '@/lib/server/db';
import { refuse, SAFE_RESPONSE_HEADERS } from '@/lib/server/proxy/refusals';

export const dynamic = 'force-dynamic';

/** A record's History: stewards and admins for master data, admins only for back-office users. */
export async function GET(request: Request, { params }: { params: Promise<{ type: string; id: string }> }): Promise<Response> {
  const user = await getCurrentUser(request.headers);
  if (!user) return refuse('unauthenticated');
  const { type, id } = await params;
  if (!isRecordType(type) || !/^[1-9][0-9]{0,18}$/.test(id)) return Response.json({ error: 'not_found' }, { status: 404, headers: SAFE_RESPONSE_HEADERS });
  const allowed = type === 'users' ? can(user.role, 'manageInternalUsers') : can(user.role, 'readHistory');
  if (!allowed) return refuse('forbidden');
  // `older`: the cursor a previous page gave ("Show older").
  const older = new URL(request.url).searchParams.get('older');
  const page = await listHistoryPage(await getConsoleDb(), type, id, { older });
  return Response.json(page, { headers: SAFE_RESPONSE_HEADERS });
}
