import { opsApi } from '@/lib/contract/console/ops';
import { openRoute } from '@/lib/server/console-api';

/**
 * For load balancers and monitoring: the process is up and serving. Public, and reads nothing (the readiness
 * of the database and the upstream is /api/ready).
 */
export const dynamic = 'force-dynamic';

export const GET = openRoute(opsApi.health, async () => ({ status: 'ok' as const }));
