import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import type { Env } from '../env';
import { logger } from '../log';
import { databaseBudget, RateGate, type SharedBudget } from '../upstream';

/**
 * This process's rate gate (lib/server/upstream/rate-gate.ts) on the console database's shared schedule. The
 * schedule is keyed by the credential (client id at base URL), so two consoles on one database with different
 * credentials keep apart, and every instance with the same one shares it.
 */
export function createRateGate(env: Env, consoleDb: () => Promise<Kysely<ConsoleDatabase>>): RateGate {
  const tenant = `${env.upstream.clientId}@${env.upstream.baseUrl}`;
  let budget: Promise<SharedBudget> | undefined;
  const shared = () => (budget ??= consoleDb().then((db) => databaseBudget(db, tenant)));
  let lastLogged = 0;
  return new RateGate({
    perSecond: env.upstream.rateLimitPerSecond,
    retryAfterMaxMs: env.upstream.retryAfterMaxMs,
    budget: {
      take: async (intervalMs, horizonMs) => (await shared()).take(intervalMs, horizonMs),
      pause: async (forMs) => (await shared()).pause(forMs),
    },
    onBudgetError: (error) => {
      budget = undefined;
      // At most once a minute: while the database is down every request would say it.
      if (Date.now() - lastLogged < 60_000) return;
      lastLogged = Date.now();
      logger().warn(
        { source: 'upstream', error: error instanceof Error ? error.message : String(error) },
        'rate limit: the shared schedule in the console database is out of reach; keeping to the limit in this process',
      );
    },
  });
}
