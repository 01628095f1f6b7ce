import { Hono } from 'hono';
import type { RouteContext } from '../http/env';
import { readBatch } from '../http/body';
import { quotaBatch, readCreditQuota } from '../domain/quotas';
import type { Env } from '../http/env';
import { problemNotFound } from '../http/errors';
import { readById } from '../http/by-id';
import { stamp } from '../http/write';

/** Credit quota: the read and the batch. The rules are in lib/contract/credit-quota.ts and ../domain/quotas.ts. */
export function creditQuotaRoutes({ log }: RouteContext) {
  return new Hono<Env>()
    .get('/companies/:id{[0-9]+}/credit-quota', (c) =>
      readById(c, readCreditQuota, (c) => problemNotFound(c, 'company_not_found')),
    )
    .post('/companies/credit-quota/batch', async (c) => {
      const items = readBatch(c);
      return c.json({ items: await quotaBatch(c.get('db'), c.get('tenantId'), 'credit', items, stamp(c), log) });
    });
}
