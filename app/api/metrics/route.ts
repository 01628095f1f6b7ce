import { opsApi } from '@/lib/contract/console/ops';
import { openRoute, serverContext } from '@/lib/server/console-api';
import { metricsEndpoint } from '@/lib/server/metrics';

// Prometheus scrape target, behind METRICS_TOKEN (lib/server/metrics/endpoint.ts).
export const dynamic = 'force-dynamic';

const context = serverContext();
const scrape = metricsEndpoint(() => context.env.metricsToken, {
  db: context.consoleDb,
  poolUse: context.dbPoolUse,
});

export const GET = openRoute(opsApi.metrics, async ({ request }) => scrape(request), {
  token: () => context.env.metricsToken ?? undefined,
});
