import { Hono } from 'hono';
import type { RouteContext } from '../app';
import { updateBatch } from '../batch';
import { readPrice, writePriceItem } from '../domain/prices';
import type { Env } from '../env';
import { pathId } from '../lookups';

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
