import { Hono } from 'hono';
import type { RouteContext } from '../http/env';
import { updateBatch } from '../http/batch';
import { readPrice, writePriceItem } from '../domain/prices';
import type { Env } from '../http/env';
import { pathId } from '../http/lookups';

/** SKU prices: the read and the price batch. The rules are in ../domain/prices.ts. */
export function priceRoutes({ log }: RouteContext) {
  return new Hono<Env>()
    .get('/skus/:id{[0-9]+}/price', async (c) => {
      const id = pathId(c.req.param('id'));
      const price = id == null ? null : await readPrice(c.get('db'), c.get('tenantId'), id);
      if (!price) return c.json({ error: 'not_found' }, 404);
      return c.json(price);
    })
    .put('/prices/batch', (c) => updateBatch(c, writePriceItem, log));
}
