import { Hono } from 'hono';
import type { RouteContext } from '../http/env';
import { writeBatch } from '../http/batch';
import { PRODUCT_LIST, productResponse, readProduct, writeProduct } from '../domain/products';
import type { Env } from '../http/env';
import { ItemError } from '../http/errors';
import { runList } from '../http/lists';
import { pathId } from '../http/lookups';
import { stamp, writeOne } from '../http/write';

/** /v1/products: list, read, create-or-update, update, batch. The rules are in ../domain/products.ts. */
export function productRoutes({ log }: RouteContext) {
  return new Hono<Env>()
    .get('/products', (c) => runList(c, c.get('db'), PRODUCT_LIST))
    .post('/products/batch', (c) =>
      writeBatch(
        c,
        (tx, item) => writeProduct(tx, c.get('tenantId'), item, { now: stamp(c), notFound: 'not_found' }),
        log,
      ),
    )
    .post('/products', (c) =>
      writeOne(c, (tx, item) =>
        writeProduct(tx, c.get('tenantId'), item, { now: stamp(c), notFound: 'product not found' }),
      ),
    )
    .get('/products/:id{[0-9]+}', async (c) => {
      const id = pathId(c.req.param('id'));
      const row = id == null ? null : await readProduct(c.get('db'), c.get('tenantId'), id);
      if (!row) return c.json({ error: 'not_found' }, 404);
      return c.json(productResponse(row));
    })
    .put('/products/:id{[0-9]+}', async (c) => {
      const id = pathId(c.req.param('id'));
      if (id == null) throw new ItemError(['product not found'], true);
      return writeOne(c, async (tx, item) => ({
        ...(await writeProduct(tx, c.get('tenantId'), item, {
          now: stamp(c),
          pathId: id,
          notFound: 'product not found',
        })),
        status: 'updated' as const,
      }));
    });
}
