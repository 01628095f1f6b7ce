import type { Context, Hono } from 'hono';
import {
  BUNDLE_PRODUCT_NO_SKUS,
  BUNDLE_SKU_NOT_UPDATABLE,
  round4,
  SKU_CODE_REQUIRED,
  SKU_PRODUCT_REQUIRED,
  skuWrite,
} from '@/lib/contract';
import type { RouteContext } from '../app';
import { validate, writeBatch, type WriteOutcome } from '../batch';
import type { Env } from '../env';
import { ItemError } from '../errors';
import { runList } from '../lists';
import { findProduct, findSku, lockCode, pathId, type ProductRow, type SkuRow } from '../lookups';
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

async function productFor(tx: Queryable, tenantId: number, id: number, cache: ProductCache) {
  if (!cache.has(id)) cache.set(id, await findProduct(tx, tenantId, id));
  return cache.get(id) ?? null;
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
  options: { pathId?: number; notFound: string; products: ProductCache },
): Promise<WriteOutcome> {
  const { data, errors: fieldErrors } = validate(skuWrite, input);
  const tenantId = c.get('tenantId');
  const rawId = options.pathId ?? (Number.isSafeInteger(input.id) ? (input.id as number) : null);

  let target: SkuRow | null = null;
  if (rawId != null) {
    target = await findSku(tx, tenantId, rawId);
    if (!target) throw new ItemError([options.notFound], true);
    if (target.is_bundle) throw new ItemError([BUNDLE_SKU_NOT_UPDATABLE]);
  }

  const errors: string[] = [];
  const productId = input.productId;
  const code = input.outerSysCode;
  if (productId == null || (typeof productId === 'number' && productId <= 0)) {
    // Non-positive on update is not a product either; on create (no target) the stated sentence applies.
    if (!target) errors.push(SKU_PRODUCT_REQUIRED);
    else if (productId != null) errors.push('invalid_product_id');
  } else if (Number.isSafeInteger(productId)) {
    const product = await productFor(tx, tenantId, productId as number, options.products);
    if (!product) errors.push('invalid_product_id');
    else if (product.is_bundle) errors.push(BUNDLE_PRODUCT_NO_SKUS);
  }
  if (!target && (code == null || code === '')) errors.push(SKU_CODE_REQUIRED);
  errors.push(...fieldErrors);
  if (!data || errors.length) throw new ItemError([...new Set(errors)]);

  if (!target) {
    await lockCode(tx, 'skus', tenantId, `${data.productId}\u0000${data.outerSysCode}`);
    const matches = await tx.query<SkuRow>(
      'select id, is_bundle from skus where tenant_id = $1 and product_id = $2 and outer_sys_code = $3 order by id limit 2',
      [tenantId, data.productId, data.outerSysCode],
    );
    if (matches.length > 1) throw new ItemError(['outer_sys_code_ambiguous']);
    target = matches[0] ?? null;
  }

  const at = stamp(c);
  const money = (v: number | null | undefined) => (v == null ? null : round4(v));
  if (target) {
    await tx.query(
      `update skus set product_id = coalesce($3, product_id), outer_sys_code = coalesce($4, outer_sys_code),
         name = coalesce($5, name), barcode = coalesce($6, barcode), warehouse = coalesce($7, warehouse),
         unit = coalesce($8, unit), spec = coalesce($9, spec), price = coalesce($10, price),
         sell_price = coalesce($11, sell_price), quantity_precision = coalesce($12, quantity_precision), updated_at = $13
       where tenant_id = $1 and id = $2`,
      [
        tenantId, target.id, data.productId ?? null, data.outerSysCode ?? null, data.name ?? null, data.barcode ?? null,
        data.warehouse ?? null, data.unit ?? null, data.spec ?? null, money(data.price), money(data.sellPrice),
        data.quantityPrecision ?? null, at,
      ],
    );
    return { status: 'updated', id: target.id };
  }
  const [created] = await tx.query<{ id: number }>(
    `insert into skus (tenant_id, product_id, outer_sys_code, name, barcode, warehouse, unit, spec, price, sell_price,
       quantity_precision, status, is_bundle, inventory_qty, reserved_qty, allow_negative_stock, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'Active', false, 0, 0, false, $12) returning id`,
    [
      tenantId, data.productId, data.outerSysCode, data.name ?? '', data.barcode ?? '', data.warehouse ?? '', data.unit ?? '',
      data.spec ?? '', money(data.price) ?? 0, money(data.sellPrice) ?? 0, data.quantityPrecision ?? 0, at,
    ],
  );
  return { status: 'created', id: created!.id };
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

  app.post('/v1/skus/batch', (c) => {
    const products: ProductCache = new Map();
    return writeBatch(c, (tx, item) => writeSku(c, tx, item, { notFound: 'not_found', products }), log);
  });

  app.post('/v1/skus', (c) => writeOne(c, (tx, item) => writeSku(c, tx, item, { notFound: 'sku not found', products: new Map() })));

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
      ...(await writeSku(c, tx, item, { pathId: id, notFound: 'sku not found', products: new Map() })),
      status: 'updated' as const,
    }));
  });
}
