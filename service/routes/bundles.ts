import type { Hono } from 'hono';
import { bundlePriceWrite, longId, round4, type BundleBatchItemResult, type BundlePriceBatchItemResult } from '@/lib/contract';
import type { RouteContext } from '../app';
import { itemErrors, runBatch, validate } from '../batch';
import { isPlainObject, readBatch, readObject } from '../body';
import { BUNDLE_FILTERS, BUNDLE_WHERE, findBundleSku, listBundles, readBundle } from '../domain/bundle-read';
import { writeBundle } from '../domain/bundle-write';
import type { Env } from '../env';
import { ItemError, problemNotFound } from '../errors';
import { bindFilters, bindPaging, envelope } from '../lists';
import { pathId } from '../lookups';
import { stamp } from '../write';

/**
 * The bundle family (master-data-api.md Operations 9 to 12, contract §3): list, single, create, update,
 * batch, and the bundle price endpoints. The rules live in ../domain/bundle-read.ts and bundle-write.ts.
 */
export function registerBundles(app: Hono<Env>, { log }: RouteContext) {
  app.get('/v1/bundles', async (c) => {
    const db = c.get('db');
    const paging = bindPaging(c);
    const params: unknown[] = [c.get('tenantId')];
    const where = [...BUNDLE_WHERE, ...bindFilters(c, 'bundles', BUNDLE_FILTERS, params)].join(' and ');
    const { totalCount, data } = await listBundles(db, where, params, paging);
    return c.json(envelope(data, totalCount, paging));
  });

  app.get('/v1/bundles/:id{[0-9]+}', async (c) => {
    const id = pathId(c.req.param('id'));
    const bundle = id == null ? null : await readBundle(c.get('db'), c.get('tenantId'), id);
    if (!bundle) return c.json({ error: 'not_found' }, 404);
    return c.json(bundle);
  });

  app.post('/v1/bundles', async (c) => {
    const item = readObject(c);
    const outcome = await c
      .get('db')
      .transaction((tx) => writeBundle(tx, c.get('tenantId'), item, { now: stamp(c), notFound: 'bundle not found' }));
    return c.json({ id: outcome.id, skuId: outcome.skuId }, outcome.status === 'created' ? 201 : 200);
  });

  app.put('/v1/bundles/:id{[0-9]+}', async (c) => {
    const id = pathId(c.req.param('id'));
    if (id == null) throw new ItemError(['bundle not found'], true);
    const item = readObject(c);
    const outcome = await c
      .get('db')
      .transaction((tx) => writeBundle(tx, c.get('tenantId'), item, { now: stamp(c), pathId: id, notFound: 'bundle not found' }));
    return c.json({ id: outcome.id, skuId: outcome.skuId }, 200);
  });

  app.post('/v1/bundles/batch', async (c) => {
    const items = readBatch(c);
    const tenantId = c.get('tenantId');
    const now = stamp(c);
    const results = await runBatch<Omit<BundleBatchItemResult, 'index'>>(
      c.get('db'),
      items,
      async (tx, item) => {
        if (!isPlainObject(item)) throw new ItemError(['invalid_parameter']);
        const outcome = await writeBundle(tx, tenantId, item, { now, notFound: 'not_found' });
        return { status: outcome.status, id: outcome.id, skuId: outcome.skuId, errors: [] };
      },
      (error) => ({ status: 'failed', id: null, skuId: null, errors: itemErrors(error, log) }),
    );
    return c.json({ items: results });
  });

  app.get('/v1/bundles/:id{[0-9]+}/prices', async (c) => {
    const id = pathId(c.req.param('id'));
    const sku = id == null ? null : await findBundleSku(c.get('db'), c.get('tenantId'), id);
    if (!sku) return problemNotFound(c, 'not_found');
    return c.json({ price: sku.price, sellPrice: sku.sell_price });
  });

  app.put('/v1/bundle-prices/batch', async (c) => {
    const items = readBatch(c);
    const tenantId = c.get('tenantId');
    const now = stamp(c);
    const results = await runBatch<Omit<BundlePriceBatchItemResult, 'index'>>(
      c.get('db'),
      items,
      async (tx, item) => {
        if (!isPlainObject(item)) throw new ItemError(['invalid_parameter']);
        const { data, errors } = validate(bundlePriceWrite, item);
        // Prices report every error found: the target first, then the fields. An absent id finds no bundle.
        const id = longId.safeParse(item.id);
        const target = id.success ? await findBundleSku(tx, tenantId, id.data) : null;
        if (!target && (id.success || item.id == null)) errors.unshift('not_found');
        if (!data || !target) throw new ItemError(errors);
        const price = data.price != null ? round4(data.price) : target.price;
        const sellPrice = data.sellPrice != null ? round4(data.sellPrice) : target.sell_price;
        // A price change touches only the SKU's modification time (Operation 9).
        if (price !== target.price || sellPrice !== target.sell_price) {
          await tx.query('update skus set price = $2, sell_price = $3, updated_at = $4 where id = $1', [target.sku_id, price, sellPrice, now]);
        }
        return { status: 'updated', id: data.id ?? null, skuId: target.sku_id, errors: [] };
      },
      (error) => ({ status: 'failed', id: null, skuId: null, errors: itemErrors(error, log) }),
    );
    return c.json({ items: results });
  });
}
