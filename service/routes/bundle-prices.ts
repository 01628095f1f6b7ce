import { Hono } from 'hono';
import type { RouteContext } from '../http/env';
import { bundleBatch } from '../http/batch';
import { writeBundlePriceItem } from '../domain/bundle-prices';
import { findBundleSku } from '../domain/bundle-read';
import type { Env } from '../http/env';
import { problemNotFound } from '../http/errors';
import { pathId, ID_PARAM } from '../http/lookups';

/** Bundle prices (Operation 12): the read and the batch. The rules are in ../domain/bundle-prices.ts. */
export function bundlePriceRoutes({ log }: RouteContext) {
  return new Hono<Env>()
    .get(`/bundles/${ID_PARAM}/prices`, async (c) => {
      const id = pathId(c.req.param('id'));
      const sku = id == null ? null : await findBundleSku(c.get('db'), c.get('tenantId'), id);
      if (!sku) return problemNotFound(c, 'not_found');
      return c.json({ price: sku.price, sellPrice: sku.sell_price });
    })
    .put('/bundle-prices/batch', (c) =>
      bundleBatch(
        c,
        async (tx, tenantId, item, now) => ({
          status: 'updated' as const,
          ...(await writeBundlePriceItem(tx, tenantId, item, now)),
        }),
        log,
      ),
    );
}
