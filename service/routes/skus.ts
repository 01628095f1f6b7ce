import { ID_PARAM } from '../http/lookups';
import { Hono } from 'hono';
import type { RouteContext } from '../http/env';
import { readBatch } from '../http/body';
import { runSkuBatch } from '../domain/sku-batch';
import { directSkuSink } from '../domain/sku-sinks';
import { readSku, SKU_LIST, skuResponse, writeSku } from '../domain/skus';
import type { Env } from '../http/env';
import { runList } from '../http/lists';
import { readById, updateById } from '../http/by-id';
import { stamp, writeOne } from '../http/write';

/**
 * /v1/skus: list, read, create-or-update, update, batch. The rules are in ../domain/skus.ts, the batch's
 * bulk write in ../domain/sku-batch.ts and sku-sinks.ts.
 */
export function skuRoutes({ log }: RouteContext) {
  return new Hono<Env>()
    .get('/skus', (c) => runList(c, c.get('db'), SKU_LIST))
    .post('/skus/batch', async (c) => {
      const items = readBatch(c);
      return c.json({ items: await runSkuBatch(c.get('db'), c.get('tenantId'), items, stamp(c), log) });
    })
    .post('/skus', (c) =>
      writeOne(c, (tx, item) =>
        writeSku(tx, c.get('tenantId'), item, {
          notFound: 'sku not found',
          products: new Map(),
          sink: directSkuSink(tx, c.get('tenantId'), stamp(c)),
        }),
      ),
    )
    .get(`/skus/${ID_PARAM}`, (c) =>
      readById(c, async (db, tenantId, id) => {
        const row = await readSku(db, tenantId, id);
        return row && skuResponse(row);
      }),
    )
    .put(`/skus/${ID_PARAM}`, (c) =>
      updateById(c, 'sku not found', (tx, item, id) =>
        writeSku(tx, c.get('tenantId'), item, {
          pathId: id,
          notFound: 'sku not found',
          products: new Map(),
          sink: directSkuSink(tx, c.get('tenantId'), stamp(c)),
        }),
      ),
    );
}
