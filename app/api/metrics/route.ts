import { consoleDbPoolUse, getConsoleDb } from '@/lib/server/db';
import { getEnv } from '@/lib/server/env';
import { metricsEndpoint } from '@/lib/server/metrics/endpoint';

// Prometheus scrape target, behind METRICS_TOKEN (lib/server/metrics/endpoint.ts).
export const dynamic = 'force-dynamic';

export const GET = metricsEndpoint(() => getEnv().metricsToken, { db: getConsoleDb, poolUse: consoleDbPoolUse });
