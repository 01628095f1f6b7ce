import { opsApi } from '@/lib/contract/console/ops';
import { openRoute } from '@/lib/server/console-api/route';
import { readiness } from '@/lib/server/runtime/readiness';

/**
 * For load balancers: 200 when this instance can serve (console database, upstream, job runner; see
 * lib/server/runtime/readiness.ts), 503 otherwise. Public; its body names checks, never an address or a secret.
 */
export const dynamic = 'force-dynamic';

export const GET = openRoute(opsApi.ready, async () => {
  const result = await readiness();
  return { status: result.ready ? 200 : 503, data: { status: result.ready ? ('ready' as const) : ('not_ready' as const), checks: result.checks } };
});
