import type { Context, Hono } from 'hono';
import {
  INVALID,
  BUNDLE_PRODUCT_NO_SKUS,
  BUNDLE_SKU_NOT_UPDATABLE,
  round4,
  SKU_CREATE_REQUIRED,
  skuWrite,
} from '@/lib/contract';
import type { RouteContext } from '../app';
import { itemErrors, runBatch, validate, type WriteItemResult, type WriteOutcome } from '../batch';
import type { Env } from '../env';
import { ItemError } from '../errors';
import { runList } from '../lists';
import { isPlainObject, readBatch } from '../body';
import { findProduct, findSku, lockCode, lockCodes, pathId, type ProductRow, type SkuRow } from '../lookups';
import type { Queryable } from '../store/db';
import { stamp, writeOne } from '../write';

/** A SKU of a product in the InactiveVisible state is always Inactive (master-data-api.md "States"). */
export const SKU_STATUS_SQL = "case when p.status = 'InactiveVisible' then 'Inactive' else s.status end";

export const SKU_SELECT = `s.id, s.product_id, s.outer_sys_code, s.name, s.barcode, s.warehouse, s.unit, s.spec, s.price,
  s.sell_price, s.quantity_precision, ${SKU_STATUS_SQL} as status, s.inventory_qty`;

export type SkuResponseRow = Pick<
  SkuRow,
  'id' | 'product_id' | 'outer_sys_code' | 'name' | 'barcode' | 'warehouse' | 'unit' | 'spec' | 'price' | 'sell_price' | 'quantity_precision' | 'status' | 'inventory_qty'
>;

export function skuResponse(r: SkuResponseRow) {
  return {
    id: r.id,
    productId: r.product_id,
    outerSysCode: r.outer_sys_code,
    name: r.name,
    barcode: r.barcode,
    warehouse: r.warehouse,
    unit: r.unit,
    spec: r.spec,
    price: r.price,
    sellPrice: r.sell_price,
    quantityPrecision: r.quantity_precision,
    status: r.status,
    inventoryQty: r.inventory_qty,
  };
}

/** Product lookups repeat across a batch's items; products cannot change kind within one request. */
export type ProductCache = Map<number, ProductRow | null>;

/**
 * What a SKU batch looked up once for all its items: the products they name and the SKUs matching their
 * (productId, outerSysCode) pairs, with those codes locked for the whole batch. Items keep `codes` current
 * as they create or re-code SKUs, so later items see earlier ones exactly as a fresh query would.
 */
export interface SkuBatchScope {
  products: ProductCache;
  codes?: Map<string, number[]>;
  /** SKUs the batch names by id (null: missing or foreign). */
  skus?: Map<number, SkuRow | null>;
}

const pairKey = (productId: number, code: string) => `${productId}\u0000${code}`;

export async function prepareSkuBatch(tx: Queryable, tenantId: number, items: unknown[], scope: SkuBatchScope): Promise<void> {
  const productIds = new Set<number>();
  const skuIds = new Set<number>();
  const pairs = new Map<string, [number, string]>();
  for (const item of items) {
    if (!isPlainObject(item)) continue;
    if (Number.isSafeInteger(item.id)) skuIds.add(item.id as number);
    const { productId, outerSysCode: code } = item;
    if (!Number.isSafeInteger(productId) || (productId as number) <= 0) continue;
    productIds.add(productId as number);
    if (item.id == null && typeof code === 'string' && code !== '') pairs.set(pairKey(productId as number, code), [productId as number, code]);
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
    const rows = await tx.query<SkuRow>('select * from skus where tenant_id = $1 and id = any($2::int8[])', [tenantId, [...skuIds]]);
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

async function productFor(tx: Queryable, tenantId: number, id: number, cache: ProductCache) {
  if (!cache.has(id)) cache.set(id, await findProduct(tx, tenantId, id));
  return cache.get(id) ?? null;
}

/**
 * Create-or-update of one SKU (master-data-api.md "SKU", contract §3): an id updates (never a bundle
 * SKU); otherwise match outerSysCode within the same productId; otherwise create, Active, not allowed to
 * sell below zero. inventoryQty is never written here. SKUs report every field error found.
 */
/** The writable SKU columns; null in a patch keeps the current value (partial merge). */
const SKU_COLUMNS = ['product_id', 'outer_sys_code', 'name', 'barcode', 'warehouse', 'unit', 'spec', 'price', 'sell_price', 'quantity_precision'] as const;
export type SkuColumns = Pick<SkuRow, (typeof SKU_COLUMNS)[number]>;
export type SkuPatch = { [K in keyof SkuColumns]: SkuColumns[K] | null };
const SKU_COLUMN_TYPES = ['int8', 'text', 'text', 'text', 'text', 'text', 'text', 'numeric', 'numeric', 'int4'] as const;

/** Where a SKU write goes: straight to SQL (single writes), or collected and flushed once (batches). */
export interface SkuSink {
  insert(row: SkuColumns): Promise<number>;
  update(id: number, patch: SkuPatch): Promise<void>;
}

export function directSkuSink(tx: Queryable, tenantId: number, at: Date): SkuSink {
  return {
    async insert(row) {
      const [created] = await tx.query<{ id: number }>(
        `insert into skus (tenant_id, ${SKU_COLUMNS.join(', ')}, status, is_bundle, inventory_qty, reserved_qty, allow_negative_stock, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'Active', false, 0, 0, false, $12) returning id`,
        [tenantId, ...SKU_COLUMNS.map((k) => row[k]), at],
      );
      return created!.id;
    },
    async update(id, patch) {
      await tx.query(
        `update skus set ${SKU_COLUMNS.map((k, i) => `${k} = coalesce($${i + 3}, ${k})`).join(', ')}, updated_at = $13
         where tenant_id = $1 and id = $2`,
        [tenantId, id, ...SKU_COLUMNS.map((k) => patch[k]), at],
      );
    },
  };
}

/**
 * Collects a batch's SKU writes and applies them in two statements: one multi-row insert (ids reserved
 * from the sequence up front, so items learn their ids at once) and one multi-row update. Several items
 * touching one SKU fold into one row in item order, which is what running them one by one would leave.
 */
export class BulkSkuSink implements SkuSink {
  private readonly inserts = new Map<number, SkuColumns>();
  private readonly patches = new Map<number, SkuPatch>();
  private next = 0;

  constructor(
    private readonly tx: Queryable,
    private readonly tenantId: number,
    private readonly at: Date,
    private readonly ids: number[],
  ) {}

  async insert(row: SkuColumns): Promise<number> {
    const id = this.ids[this.next++];
    if (id === undefined) throw new Error('no reserved SKU id left');
    this.inserts.set(id, { ...row });
    return id;
  }

  async update(id: number, patch: SkuPatch): Promise<void> {
    const pending = this.inserts.get(id);
    if (pending) {
      for (const k of SKU_COLUMNS) if (patch[k] != null) (pending as unknown as Record<string, unknown>)[k] = patch[k];
      return;
    }
    const merged = { ...(this.patches.get(id) ?? patch) };
    for (const k of SKU_COLUMNS) if (patch[k] != null) (merged as Record<string, unknown>)[k] = patch[k];
    this.patches.set(id, merged);
  }

  async flush(): Promise<void> {
    const column = <T>(rows: T[], k: (typeof SKU_COLUMNS)[number]) => rows.map((r) => (r as Record<string, unknown>)[k] ?? null);
    const unnest = (offset: number) => SKU_COLUMN_TYPES.map((t, i) => `$${offset + i}::${t}[]`).join(', ');
    if (this.inserts.size) {
      const ids = [...this.inserts.keys()];
      const rows = [...this.inserts.values()];
      await this.tx.query(
        `insert into skus (id, tenant_id, ${SKU_COLUMNS.join(', ')}, status, is_bundle, inventory_qty, reserved_qty, allow_negative_stock, updated_at)
         select v.id, $1, ${SKU_COLUMNS.map((k) => `v.${k}`).join(', ')}, 'Active', false, 0, 0, false, $2
         from unnest($3::int8[], ${unnest(4)}) as v(id, ${SKU_COLUMNS.join(', ')})`,
        [this.tenantId, this.at, ids, ...SKU_COLUMNS.map((k) => column(rows, k))],
      );
    }
    if (this.patches.size) {
      const ids = [...this.patches.keys()];
      const rows = [...this.patches.values()];
      await this.tx.query(
        `update skus s set ${SKU_COLUMNS.map((k) => `${k} = coalesce(v.${k}, s.${k})`).join(', ')}, updated_at = $2
         from unnest($3::int8[], ${unnest(4)}) as v(id, ${SKU_COLUMNS.join(', ')})
         where s.tenant_id = $1 and s.id = v.id`,
        [this.tenantId, this.at, ids, ...SKU_COLUMNS.map((k) => column(rows, k))],
      );
    }
  }
}

/**
 * Create-or-update of one SKU (master-data-api.md "SKU", contract §3): an id updates (never a bundle
 * SKU); otherwise match outerSysCode within the same productId; otherwise create, Active, not allowed to
 * sell below zero. inventoryQty is never written here. SKUs report every field error found.
 */
export async function writeSku(
  c: Context<Env>,
  tx: Queryable,
  input: Record<string, unknown>,
  options: { pathId?: number; notFound: string; sink: SkuSink } & SkuBatchScope,
): Promise<WriteOutcome> {
  const { data, errors: fieldErrors } = validate(skuWrite, input);
  const tenantId = c.get('tenantId');
  const rawId = options.pathId ?? (Number.isSafeInteger(input.id) ? (input.id as number) : null);

  let target: SkuRow | null = null;
  if (rawId != null) {
    target = options.skus?.has(rawId) ? (options.skus.get(rawId) ?? null) : await findSku(tx, tenantId, rawId);
    if (!target) throw new ItemError([options.notFound], true);
    if (target.is_bundle) throw new ItemError([BUNDLE_SKU_NOT_UPDATABLE]);
  }

  const errors: string[] = [];
  const productId = input.productId;
  const code = input.outerSysCode;
  if (SKU_CREATE_REQUIRED.productId.missing(productId)) {
    // Non-positive on update is not a product either; on create (no target) the stated sentence applies.
    if (!target) errors.push(SKU_CREATE_REQUIRED.productId.code);
    else if (productId != null) errors.push('invalid_product_id');
  } else if (Number.isSafeInteger(productId)) {
    const product = await productFor(tx, tenantId, productId as number, options.products);
    if (!product) errors.push('invalid_product_id');
    else if (product.is_bundle) errors.push(BUNDLE_PRODUCT_NO_SKUS);
  }
  if (!target && SKU_CREATE_REQUIRED.outerSysCode.missing(code)) errors.push(SKU_CREATE_REQUIRED.outerSysCode.code);
  errors.push(...fieldErrors);
  if (!data || errors.length) throw new ItemError([...new Set(errors)]);

  let targetId = target?.id ?? null;
  if (targetId == null) {
    const key = pairKey(data.productId!, data.outerSysCode!);
    let ids = options.codes?.get(key);
    if (!ids) {
      await lockCode(tx, 'skus', tenantId, key);
      const matches = await tx.query<{ id: number }>(
        'select id from skus where tenant_id = $1 and product_id = $2 and outer_sys_code = $3 and not is_bundle order by id limit 2',
        [tenantId, data.productId, data.outerSysCode],
      );
      ids = matches.map((m) => m.id);
    }
    if (ids.length > 1) throw new ItemError(['outer_sys_code_ambiguous']);
    targetId = ids[0] ?? null;
  }

  const money = (v: number | null | undefined) => (v == null ? null : round4(v));
  const patch: SkuPatch = {
    product_id: data.productId ?? null,
    outer_sys_code: data.outerSysCode ?? null,
    name: data.name ?? null,
    barcode: data.barcode ?? null,
    warehouse: data.warehouse ?? null,
    unit: data.unit ?? null,
    spec: data.spec ?? null,
    price: money(data.price),
    sell_price: money(data.sellPrice),
    quantity_precision: data.quantityPrecision ?? null,
  };
  if (targetId != null) {
    await options.sink.update(targetId, patch);
    if (target && (data.productId != null || data.outerSysCode != null)) {
      const before = pairKey(target.product_id, target.outer_sys_code);
      const after = pairKey(data.productId ?? target.product_id, data.outerSysCode ?? target.outer_sys_code);
      // Re-coded or moved by id: keep the batch's lookups true for later items.
      target.product_id = data.productId ?? target.product_id;
      target.outer_sys_code = data.outerSysCode ?? target.outer_sys_code;
      if (options.codes?.has(before)) options.codes.set(before, options.codes.get(before)!.filter((id) => id !== targetId));
      if (options.codes?.has(after)) options.codes.set(after, [...options.codes.get(after)!, targetId].sort((a, b) => a - b));
    }
    return { status: 'updated', id: targetId };
  }
  const id = await options.sink.insert({
    product_id: data.productId!,
    outer_sys_code: data.outerSysCode!,
    name: data.name ?? '',
    barcode: data.barcode ?? '',
    warehouse: data.warehouse ?? '',
    unit: data.unit ?? '',
    spec: data.spec ?? '',
    price: patch.price ?? 0,
    sell_price: patch.sell_price ?? 0,
    quantity_precision: data.quantityPrecision ?? 0,
  });
  options.codes?.set(pairKey(data.productId!, data.outerSysCode!), [id]);
  return { status: 'created', id };
}

/**
 * POST /v1/skus/batch. Every item is resolved in order against lookups made once for the batch, then the
 * writes go out in two statements. If that bulk write fails (a value the database refuses), it is rolled
 * back and the batch runs again item by item, each in its own savepoint, so only the bad item fails.
 */
async function skuBatch(c: Context<Env>, log: (line: string) => void) {
  const items = readBatch(c);
  const tenantId = c.get('tenantId');
  const at = stamp(c);
  const results = await c.get('db').transaction(async (tx) => {
    const scope: SkuBatchScope = { products: new Map() };
    await prepareSkuBatch(tx, tenantId, items, scope);
    const creates = items.filter((item) => isPlainObject(item) && item.id == null).length;
    const ids = creates
      ? (await tx.query<{ id: number }>("select nextval(pg_get_serial_sequence('skus', 'id')) as id from generate_series(1, $1)", [creates])).map((r) => r.id)
      : [];
    const sink = new BulkSkuSink(tx, tenantId, at, ids);
    const planned: WriteItemResult[] = [];
    for (const item of items) {
      try {
        if (!isPlainObject(item)) throw new ItemError([INVALID]);
        const outcome = await writeSku(c, tx, item, { notFound: 'not_found', sink, ...scope });
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
  if (results) return c.json({ items: results });

  const scope: SkuBatchScope = { products: new Map() };
  const fallback = await runBatch<WriteItemResult>(
    c.get('db'),
    items,
    async (tx, item) => {
      if (!isPlainObject(item)) throw new ItemError([INVALID]);
      const outcome = await writeSku(c, tx, item, { notFound: 'not_found', sink: directSkuSink(tx, tenantId, at), ...scope });
      return { status: outcome.status, id: outcome.id, errors: [] };
    },
    (error) => ({ status: 'failed', id: null, errors: itemErrors(error, log) }),
    (tx) => prepareSkuBatch(tx, tenantId, items, scope),
  );
  return c.json({ items: fallback });
}

export function registerSkus(app: Hono<Env>, { log }: RouteContext) {
  app.get('/v1/skus', (c) =>
    runList<'skus', SkuResponseRow>(c, c.get('db'), {
      list: 'skus',
      from: 'skus s join products p on p.id = s.product_id',
      where: ['s.tenant_id = $1', 'not s.is_bundle'],
      select: SKU_SELECT,
      orderBy: 's.id',
      filters: {
        outerSysCode: 's.outer_sys_code',
        name: 's.name',
        productId: 's.product_id',
        barcode: 's.barcode',
        status: SKU_STATUS_SQL,
        updatedSince: 's.updated_at',
      },
      map: skuResponse,
    }),
  );

  app.post('/v1/skus/batch', (c) => skuBatch(c, log));

  app.post('/v1/skus', (c) => writeOne(c, (tx, item) => writeSku(c, tx, item, { notFound: 'sku not found', products: new Map(), sink: directSkuSink(tx, c.get('tenantId'), stamp(c)) })));

  app.get('/v1/skus/:id{[0-9]+}', async (c) => {
    const id = pathId(c.req.param('id'));
    const [row] =
      id == null
        ? []
        : await c.get('db').query<SkuResponseRow>(
            `select ${SKU_SELECT} from skus s join products p on p.id = s.product_id where s.tenant_id = $1 and s.id = $2 and not s.is_bundle`,
            [c.get('tenantId'), id],
          );
    if (!row) return c.json({ error: 'not_found' }, 404);
    return c.json(skuResponse(row));
  });

  app.put('/v1/skus/:id{[0-9]+}', async (c) => {
    const id = pathId(c.req.param('id'));
    if (id == null) throw new ItemError(['sku not found'], true);
    return writeOne(c, async (tx, item) => ({
      ...(await writeSku(c, tx, item, { pathId: id, notFound: 'sku not found', products: new Map(), sink: directSkuSink(tx, c.get('tenantId'), stamp(c)) })),
      status: 'updated' as const,
    }));
  });
}
