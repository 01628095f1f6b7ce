import { opsApi } from '@/lib/contract/console/ops';
import { openRoute } from '@/lib/server/console-api';
import { consoleDbPoolUse, getConsoleDb } from '@/lib/server/process';
import { getEnv } from '@/lib/server/env';
import { metricsEndpoint } from '@/lib/server/metrics';

// Prometheus scrape target, behind METRICS_TOKEN (lib/server/metrics/endpoint.ts).
export const dynamic = 'force-dynamic';

const scrape = metricsEndpoint(() => getEnv().metricsToken, { db: getConsoleDb, poolUse: consoleDbPoolUse });

export const GET = openRoute(opsApi.metrics, async ({ request }) => scrape(request), {
  token: () => getEnv().metricsToken ?? undefined,
});
