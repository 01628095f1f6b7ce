import { ID_PARAM } from '../http/lookups';
import { Hono } from 'hono';
import type { RouteContext, RouteModule } from '../http/env';
import { readBatch } from '../http/body';
import { quotaBatch, readCreditQuota, readPointQuota, type Family } from '../domain/quotas';
import { readById, type ReadById } from '../http/by-id';
import type { Env } from '../http/env';
import { problemNotFound } from '../http/errors';
import { stamp } from '../http/write';

/**
 * A company's quota of one family: the read and the batch. The rules are in lib/contract/credit-quota.ts,
 * point-quota.ts and ../domain/quotas.ts.
 */
function quotaRoutes(family: Family, read: ReadById<object>): RouteModule {
  return ({ log }: RouteContext) =>
    new Hono<Env>()
      .get(`/companies/${ID_PARAM}/${family}-quota`, (c) =>
        readById(c, read, (c) => problemNotFound(c, 'company_not_found')),
      )
      .post(`/companies/${family}-quota/batch`, async (c) => {
        const items = readBatch(c);
        return c.json({ items: await quotaBatch(c.get('db'), c.get('tenantId'), family, items, stamp(c), log) });
      });
}

/** Credit quota (Operation 14). */
export const creditQuotaRoutes = quotaRoutes('credit', readCreditQuota);

/** Point quota (Operation 13). */
export const pointQuotaRoutes = quotaRoutes('point', readPointQuota);
