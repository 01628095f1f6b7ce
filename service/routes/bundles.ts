import { Hono } from 'hono';
import { readById } from '../http/by-id';
import type { RouteContext } from '../http/env';
import { bundleBatch } from '../http/batch';
import { isPlainObject, readObject } from '../http/body';
import { BUNDLE_FILTERS, BUNDLE_WHERE, listBundles, readBundle } from '../domain/bundle-read';
import { writeBundle } from '../domain/bundle-write';
import type { Env } from '../http/env';
import { ItemError } from '../http/errors';
import { bindFilters, bindPaging, envelope } from '../http/lists';
import { pathId, ID_PARAM } from '../http/lookups';
import { stamp } from '../http/write';

/**
 * The bundle family (master-data-api.md Operations 9 to 12, contract §3): list, single, create, update,
 * batch (bundle prices: ./bundle-prices.ts). The rules live in ../domain/bundle-read.ts and bundle-write.ts.
 */
export function bundleRoutes({ log }: RouteContext) {
  const app = new Hono<Env>();
  app.get('/bundles', async (c) => {
    const db = c.get('db');
    const paging = bindPaging(c);
    const params: unknown[] = [c.get('tenantId')];
    const where = [...BUNDLE_WHERE, ...bindFilters(c, 'bundles', BUNDLE_FILTERS, params)].join(' and ');
    const { totalCount, data } = await listBundles(db, where, params, paging);
    return c.json(envelope(data, totalCount, paging));
  });

  app.get(`/bundles/${ID_PARAM}`, (c) => readById(c, readBundle));

  app.post('/bundles', async (c) => {
    const item = readObject(c);
    const outcome = await c
      .get('db')
      .transaction((tx) => writeBundle(tx, c.get('tenantId'), item, { now: stamp(c), notFound: 'bundle not found' }));
    return c.json({ id: outcome.id, skuId: outcome.skuId }, outcome.status === 'created' ? 201 : 200);
  });

  app.put(`/bundles/${ID_PARAM}`, async (c) => {
    const id = pathId(c.req.param('id'));
    if (id == null) throw new ItemError(['bundle not found'], true);
    const item = readObject(c);
    const outcome = await c
      .get('db')
      .transaction((tx) =>
        writeBundle(tx, c.get('tenantId'), item, { now: stamp(c), pathId: id, notFound: 'bundle not found' }),
      );
    return c.json({ id: outcome.id, skuId: outcome.skuId }, 200);
  });

  app.post('/bundles/batch', (c) =>
    bundleBatch(
      c,
      async (tx, tenantId, item, now) => {
        if (!isPlainObject(item)) throw new ItemError(['invalid_parameter']);
        const outcome = await writeBundle(tx, tenantId, item, { now, notFound: 'not_found' });
        return { status: outcome.status, id: outcome.id, skuId: outcome.skuId };
      },
      log,
    ),
  );
  return app;
}
