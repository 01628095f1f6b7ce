import { integerRef, INVALID, isStorableText } from '@/lib/contract';
import { itemErrors, runBatch, type WriteItemResult } from '../http/batch';
import { isPlainObject } from '../http/body';
import { ItemError } from '../http/errors';
import { lockCodes, type ProductRow, type SkuRow } from '../http/lookups';
import type { Db, Queryable } from '../store/db';
import { BulkSkuSink, directSkuSink } from './sku-sinks';
import { pairKey, writeSku, type SkuBatchScope } from './skus';

export async function prepareSkuBatch(
  tx: Queryable,
  tenantId: number,
  items: unknown[],
  scope: SkuBatchScope,
): Promise<void> {
  const productIds = new Set<number>();
  const skuIds = new Set<number>();
  const pairs = new Map<string, [number, string]>();
  for (const item of items) {
    if (!isPlainObject(item)) continue;
    const id = integerRef(item.id);
    if (id !== null) skuIds.add(id);
    const productId = integerRef(item.productId);
    const code = item.outerSysCode;
    if (productId === null || productId <= 0) continue;
    productIds.add(productId);
    // A code the database cannot hold matches nothing; its item fails on its own (invalid_parameter).
    if (item.id == null && typeof code === 'string' && code !== '' && isStorableText(code))
      pairs.set(pairKey(productId, code), [productId, code]);
  }
  // Lock first, then read: the reads see every batch that held these codes before us.
  await lockCodes(tx, 'skus', tenantId, pairs.keys());
  if (productIds.size) {
    const rows = await tx.query<ProductRow>(
      'select id, outer_sys_code, name, product_category_id, status, is_bundle from products where tenant_id = $1 and id = any($2::int8[])',
      [tenantId, [...productIds]],
    );
    for (const id of productIds) scope.products.set(id, null);
    for (const row of rows) scope.products.set(row.id, row);
  }
  if (skuIds.size) {
    const rows = await tx.query<SkuRow>('select * from skus where tenant_id = $1 and id = any($2::int8[])', [
      tenantId,
      [...skuIds],
    ]);
    scope.skus = new Map([...skuIds].map((id) => [id, null]));
    for (const row of rows) scope.skus.set(row.id, row);
  }
  // Keep the planner off the trigram index for this equality join: pg_trgm serves `=` too (through bitmap
  // scans only), and a thousand trigram probes are far slower than the btree on (tenant, product, code).
  // SET LOCAL ends with the batch transaction, whose other statements need no bitmap scan.
  // Every pair gets an entry, empty when nothing matches, so no item of the batch falls back to a query
  // that could not see the batch's own pending writes.
  const codes = new Map<string, number[]>([...pairs.keys()].map((key) => [key, []]));
  if (pairs.size) {
    if (tx.engine === 'postgres') await tx.exec('set local enable_bitmapscan = off');
    const list = [...pairs.values()];
    const rows = await tx.query<{ id: number; product_id: number; outer_sys_code: string }>(
      `select s.id, s.product_id, s.outer_sys_code from skus s
       join unnest($2::int8[], $3::text[]) as k(product_id, code) on s.product_id = k.product_id and s.outer_sys_code = k.code
       where s.tenant_id = $1 and not s.is_bundle order by s.id`,
      [tenantId, list.map(([p]) => p), list.map(([, c]) => c)],
    );
    for (const row of rows) {
      const key = pairKey(row.product_id, row.outer_sys_code);
      codes.get(key)?.push(row.id);
    }
  }
  scope.codes = codes;
}

/**
 * POST /v1/skus/batch. Every item is resolved in order against lookups made once for the batch, then the
 * writes go out in two statements. If that bulk write fails (a value the database refuses), it is rolled
 * back and the batch runs again item by item, each in its own savepoint, so only the bad item fails.
 */
export async function runSkuBatch(
  db: Db,
  tenantId: number,
  items: unknown[],
  at: Date,
  log: (line: string) => void,
): Promise<({ index: number } & WriteItemResult)[]> {
  const results = await db.transaction(async (tx) => {
    const scope: SkuBatchScope = { products: new Map() };
    await prepareSkuBatch(tx, tenantId, items, scope);
    const creates = items.filter((item) => isPlainObject(item) && item.id == null).length;
    const ids = creates
      ? (
          await tx.query<{ id: number }>(
            "select nextval(pg_get_serial_sequence('skus', 'id')) as id from generate_series(1, $1)",
            [creates],
          )
        ).map((r) => r.id)
      : [];
    const sink = new BulkSkuSink(tx, tenantId, at, ids);
    const planned: WriteItemResult[] = [];
    for (const item of items) {
      try {
        if (!isPlainObject(item)) throw new ItemError([INVALID]);
        const outcome = await writeSku(tx, tenantId, item, { notFound: 'not_found', sink, ...scope });
        planned.push({ status: outcome.status, id: outcome.id, errors: [] });
      } catch (error) {
        planned.push({ status: 'failed', id: null, errors: itemErrors(error, log) });
      }
    }
    await tx.exec('savepoint sku_bulk');
    try {
      await sink.flush();
      await tx.exec('release savepoint sku_bulk');
      return planned.map((r, index) => ({ index, ...r }));
    } catch (error) {
      await tx.exec('rollback to savepoint sku_bulk');
      log(`SKU bulk write failed, retrying item by item: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  });
  if (results) return results;

  const scope: SkuBatchScope = { products: new Map() };
  return runBatch<WriteItemResult>(
    db,
    items,
    async (tx, item) => {
      if (!isPlainObject(item)) throw new ItemError([INVALID]);
      const outcome = await writeSku(tx, tenantId, item, {
        notFound: 'not_found',
        sink: directSkuSink(tx, tenantId, at),
        ...scope,
      });
      return { status: outcome.status, id: outcome.id, errors: [] };
    },
    (error) => ({ status: 'failed', id: null, errors: itemErrors(error, log) }),
    (tx) => prepareSkuBatch(tx, tenantId, items, scope),
  );
}
