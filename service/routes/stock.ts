import { Hono } from 'hono';
import type { RouteContext } from '../http/env';
import { updateBatch } from '../http/batch';
import { readStock, writeStockItem } from '../domain/stock';
import type { Env } from '../http/env';
import { pathId } from '../http/lookups';

/** SKU stock: the read and the absolute-quantity batch. The rules are in ../domain/stock.ts. */
export function stockRoutes({ log }: RouteContext) {
  return new Hono<Env>()
    .get('/skus/:id{[0-9]+}/stock', async (c) => {
      const id = pathId(c.req.param('id'));
      const stock = id == null ? null : await readStock(c.get('db'), c.get('tenantId'), id);
      if (!stock) return c.json({ error: 'not_found' }, 404);
      return c.json(stock);
    })
    .post('/skus/stock/batch', (c) => updateBatch(c, writeStockItem, log));
}
