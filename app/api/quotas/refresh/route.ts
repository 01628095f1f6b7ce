import { getCurrentUser } from '@/lib/server/auth/session';
import { getEnv } from '@/lib/server/env';
import { passesBrowserChecks } from '@/lib/server/proxy/browser-checks';
import { cancelQuotaRefresh, quotaStatus, startQuotaRefresh } from '@/lib/server/quotas';

/**
 * The quota snapshot's refresh job: GET its progress and the snapshot's age (every signed-in role), POST
 * { mode: 'full' | 'incremental' } to start one (reading is no change, so every role may), DELETE
 * ?job=<id> to cancel (stewards and admins). The job runs in the server, whether this page stays open or not.
 */
export const dynamic = 'force-dynamic';

const unauthorized = () => Response.json({ error: 'unauthorized' }, { status: 401 });
/** The proxy's CSRF rules: the console's header, same-site, and for writes its own Origin with JSON. */
const crossSite = (request: Request) => !passesBrowserChecks(request, [getEnv().consoleUrl, new URL(request.url).origin]);
const forbidden = () => Response.json({ error: 'forbidden' }, { status: 403 });

export async function GET(request: Request): Promise<Response> {
  if (crossSite(request)) return forbidden();
  if (!(await getCurrentUser(request.headers))) return unauthorized();
  return Response.json(await quotaStatus(), { headers: { 'cache-control': 'no-store' } });
}

export async function POST(request: Request): Promise<Response> {
  if (crossSite(request)) return forbidden();
  const user = await getCurrentUser(request.headers);
  if (!user) return unauthorized();
  const body = (await request.json().catch(() => ({}))) as { mode?: unknown };
  const mode = body.mode === 'incremental' ? 'incremental' : 'full';
  const { jobId, started } = await startQuotaRefresh(mode, user.email);
  return Response.json({ jobId, started }, { status: started ? 201 : 200 });
}

export async function DELETE(request: Request): Promise<Response> {
  if (crossSite(request)) return forbidden();
  const user = await getCurrentUser(request.headers);
  if (!user) return unauthorized();
  if (user.role === 'viewer') return forbidden();
  const jobId = new URL(request.url).searchParams.get('job') ?? '';
  const cancelled = await cancelQuotaRefresh(jobId);
  return Response.json({ cancelled }, { status: cancelled ? 200 : 409 });
}
