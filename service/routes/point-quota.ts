import { Hono } from 'hono';
import type { RouteContext } from '../http/env';
import { readBatch } from '../http/body';
import { quotaBatch, readPointQuota } from '../domain/quotas';
import type { Env } from '../http/env';
import { problemNotFound } from '../http/errors';
import { readById } from '../http/by-id';
import { stamp } from '../http/write';

/** Point quota: the read and the batch. The rules are in lib/contract/point-quota.ts and ../domain/quotas.ts. */
export function pointQuotaRoutes({ log }: RouteContext) {
  return new Hono<Env>()
    .get('/companies/:id{[0-9]+}/point-quota', (c) =>
      readById(c, readPointQuota, (c) => problemNotFound(c, 'company_not_found')),
    )
    .post('/companies/point-quota/batch', async (c) => {
      const items = readBatch(c);
      return c.json({ items: await quotaBatch(c.get('db'), c.get('tenantId'), 'point', items, stamp(c), log) });
    });
}
