import { Hono } from 'hono';
import type { BundlePriceBatchItemResult } from '@/lib/contract';
import type { RouteContext } from '../http/env';
import { itemErrors, runBatch } from '../http/batch';
import { readBatch } from '../http/body';
import { writeBundlePriceItem } from '../domain/bundle-prices';
import { findBundleSku } from '../domain/bundle-read';
import type { Env } from '../http/env';
import { problemNotFound } from '../http/errors';
import { pathId } from '../http/lookups';
import { stamp } from '../http/write';

/** Bundle prices (Operation 12): the read and the batch. The rules are in ../domain/bundle-prices.ts. */
export function bundlePriceRoutes({ log }: RouteContext) {
  return new Hono<Env>()
    .get('/bundles/:id{[0-9]+}/prices', async (c) => {
      const id = pathId(c.req.param('id'));
      const sku = id == null ? null : await findBundleSku(c.get('db'), c.get('tenantId'), id);
      if (!sku) return problemNotFound(c, 'not_found');
      return c.json({ price: sku.price, sellPrice: sku.sell_price });
    })
    .put('/bundle-prices/batch', async (c) => {
      const items = readBatch(c);
      const tenantId = c.get('tenantId');
      const now = stamp(c);
      const results = await runBatch<Omit<BundlePriceBatchItemResult, 'index'>>(
        c.get('db'),
        items,
        async (tx, item) => ({
          status: 'updated',
          ...(await writeBundlePriceItem(tx, tenantId, item, now)),
          errors: [],
        }),
        (error) => ({ status: 'failed', id: null, skuId: null, errors: itemErrors(error, log) }),
      );
      return c.json({ items: results });
    });
}
