import { opsApi } from '@/lib/contract/console/ops';
import { openRoute } from '@/lib/server/console-api';

/**
 * For load balancers: 200 when this instance can serve (console database, upstream, job runner; a lagging
 * mirror says "degraded" and still answers 200; see lib/server/runtime/readiness.ts), 503 otherwise and while
 * the process is stopping. Public; its body names checks, never an address or a secret.
 */
export const dynamic = 'force-dynamic';

export const GET = openRoute(opsApi.ready, ({ ready }) => ready());
