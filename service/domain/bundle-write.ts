import {
  BUNDLE_CREATE_REQUIRED,
  bundleWrite,
  componentQuantity,
  round4,
  type BundleWrite,
  type ComponentWrite,
} from '@/lib/contract';
import { validate } from '../http/batch';
import { ItemError } from '../http/errors';
import { isAssignableCategory, lockCode } from '../http/lookups';
import type { RecordWrite } from '../http/write';
import type { Queryable } from '../store/db';
import type { BundleRow } from './bundle-read';

/**
 * One bundle write (create or update), shared by POST /v1/bundles, PUT /v1/bundles/{id} and the batch.
 * Everything is checked before anything is written, and the caller runs it inside a transaction or a
 * savepoint, so a failing item (for example a recipe whose third component is unknown) leaves the old
 * record and recipe exactly as they were. Bundles report the first error only (contract §1).
 */

export interface BundleOutcome {
  status: 'created' | 'updated';
  id: number;
  skuId: number;
}

interface ResolvedComponent {
  skuId: number;
  quantity: number;
  sort: number;
}

/** A bundle as an update reads it: its own fields, without what is derived (status, availability, recipe). */
type CurrentBundle = Omit<BundleRow, 'status' | 'available_qty' | 'components'>;

function fail(code: string, notFound = false): never {
  throw new ItemError([code], notFound);
}

/**
 * Component rules 1 and 2 and the contract's codes: the id wins over the code; a code matches exactly,
 * case-insensitively, ignoring surrounding whitespace, and never picks one of several; Bundle-type SKUs
 * are not components; one SKU may appear once.
 */
async function resolveComponents(
  q: Queryable,
  tenantId: number,
  components: ComponentWrite[],
): Promise<ResolvedComponent[]> {
  const resolved: ResolvedComponent[] = [];
  const seen = new Set<number>();
  for (const component of components) {
    // bundleWrite has refused any quantity componentQuantity does not accept.
    const quantity = componentQuantity(component.quantity) ?? fail('invalid_component_quantity');
    let skuId: number;
    if (component.componentSkuId != null) {
      const rows = await q.query<{ id: number }>(
        'select id from skus where tenant_id = $1 and id = $2 and not is_bundle',
        [tenantId, component.componentSkuId],
      );
      if (rows.length === 0) fail('component_sku_not_found');
      skuId = rows[0]!.id;
    } else {
      const code = (component.componentSkuOuterSysCode ?? '').trim();
      if (code === '') fail('component_identifier_required');
      const rows = await q.query<{ id: number }>(
        'select id from skus where tenant_id = $1 and not is_bundle and lower(btrim(outer_sys_code)) = lower($2) limit 2',
        [tenantId, code],
      );
      if (rows.length === 0) fail('component_sku_not_found');
      if (rows.length > 1) fail('component_sku_code_ambiguous');
      skuId = rows[0]!.id;
    }
    if (seen.has(skuId)) fail('duplicate_component_sku');
    seen.add(skuId);
    resolved.push({ skuId, quantity, sort: component.sort ?? 0 });
  }
  return resolved;
}

async function loadBundle(q: Queryable, tenantId: number, id: number): Promise<CurrentBundle | null> {
  const [row] = await q.query<CurrentBundle>(
    `select p.id, s.id as sku_id, p.outer_sys_code, p.name, p.product_category_id, s.unit, s.spec, s.barcode,
            s.warehouse, s.price, s.sell_price, s.quantity_precision
     from products p join skus s on s.product_id = p.id and s.is_bundle and s.tenant_id = p.tenant_id
     where p.tenant_id = $1 and p.id = $2 and p.is_bundle
     for update of p`,
    [tenantId, id],
  );
  return row ?? null;
}

/** Upsert by outerSysCode: bundles match only bundles; a normal product's code is a conflict (contract §3). */
async function matchByCode(q: Queryable, tenantId: number, code: string): Promise<number | null> {
  // Two concurrent creates with one new code must not both create. Products and bundles share the scope
  // because a product code is a conflict for a bundle write and the other way round.
  await lockCode(q, 'products', tenantId, code);
  const rows = await q.query<{ id: number; is_bundle: boolean }>(
    'select id, is_bundle from products where tenant_id = $1 and outer_sys_code = $2 order by id',
    [tenantId, code],
  );
  const bundles = rows.filter((r) => r.is_bundle);
  if (bundles.length > 1) fail('outer_sys_code_ambiguous');
  if (bundles.length === 1) return bundles[0]!.id;
  if (rows.length > 0) fail('product_type_conflict');
  return null;
}

async function insertRecipe(q: Queryable, tenantId: number, bundleId: number, recipe: ResolvedComponent[], now: Date) {
  await q.query(
    `insert into bundle_components (tenant_id, bundle_product_id, component_sku_id, quantity, sort, updated_at)
     select $1, $2, c.sku, c.qty, c.sort, $6
     from unnest($3::bigint[], $4::numeric[], $5::int[]) with ordinality as c(sku, qty, sort, n)
     order by c.n`,
    [tenantId, bundleId, recipe.map((r) => r.skuId), recipe.map((r) => r.quantity), recipe.map((r) => r.sort), now],
  );
}

async function create(q: Queryable, tenantId: number, data: BundleWrite, now: Date): Promise<BundleOutcome> {
  // The create-only requirements (lib/contract/bundles.ts), with the category's database check between them.
  const { productCategoryId, components } = BUNDLE_CREATE_REQUIRED;
  if (productCategoryId.missing(data.productCategoryId)) fail(productCategoryId.code);
  if (!(await isAssignableCategory(q, tenantId, data.productCategoryId!))) fail('invalid_product_category_id');
  if (components.missing(data.components)) fail(components.code);
  const recipe = await resolveComponents(q, tenantId, data.components!);

  const code = data.outerSysCode ?? '';
  const name = data.name ?? '';
  const [product] = await q.query<{ id: number }>(
    `insert into products (tenant_id, outer_sys_code, name, product_category_id, status, is_bundle, updated_at)
     values ($1, $2, $3, $4, 'Active', true, $5) returning id`,
    [tenantId, code, name, data.productCategoryId!, now],
  );
  const id = product!.id;
  // The paired SKU mirrors the bundle's code and name; it holds what a SKU holds (unit … price, stock 0).
  const [sku] = await q.query<{ id: number }>(
    `insert into skus (tenant_id, product_id, outer_sys_code, name, barcode, warehouse, unit, spec, price, sell_price,
                       quantity_precision, status, is_bundle, inventory_qty, reserved_qty, allow_negative_stock, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'Active', true, 0, 0, false, $12) returning id`,
    [
      tenantId,
      id,
      code,
      name,
      data.barcode ?? '',
      data.warehouse ?? '',
      data.unit ?? '',
      data.spec ?? '',
      round4(data.price ?? 0),
      round4(data.sellPrice ?? 0),
      data.quantityPrecision ?? 0,
      now,
    ],
  );
  await insertRecipe(q, tenantId, id, recipe, now);
  return { status: 'created', id, skuId: sku!.id };
}

async function update(
  q: Queryable,
  tenantId: number,
  current: CurrentBundle,
  data: BundleWrite,
  now: Date,
): Promise<BundleOutcome> {
  if (data.productCategoryId != null && data.productCategoryId !== current.product_category_id) {
    if (!(await isAssignableCategory(q, tenantId, data.productCategoryId))) fail('invalid_product_category_id');
  }
  // Rule 4: null or omitted keeps the recipe; any array, even an empty one, replaces all of it or nothing.
  let recipe: ResolvedComponent[] | null = null;
  if (data.components != null) {
    if (data.components.length === 0) fail('bundle_components_required');
    recipe = await resolveComponents(q, tenantId, data.components);
  }

  // Each of the three modification times moves only when its own part really changed (Operation 9), so
  // an ERP resending the same data does not make every incremental pull return it again.
  const product = {
    outer_sys_code: data.outerSysCode ?? current.outer_sys_code,
    name: data.name ?? current.name,
    product_category_id: data.productCategoryId ?? current.product_category_id,
  };
  const productChanged = (Object.keys(product) as (keyof typeof product)[]).some((k) => product[k] !== current[k]);
  if (productChanged) {
    await q.query(
      'update products set outer_sys_code = $2, name = $3, product_category_id = $4, updated_at = $5 where id = $1',
      [current.id, product.outer_sys_code, product.name, product.product_category_id, now],
    );
    // Keep the paired SKU's mirror of code and name; that is not a SKU change, so its time stays.
    await q.query('update skus set outer_sys_code = $2, name = $3 where id = $1', [
      current.sku_id,
      product.outer_sys_code,
      product.name,
    ]);
  }

  const sku = {
    unit: data.unit ?? current.unit,
    spec: data.spec ?? current.spec,
    barcode: data.barcode ?? current.barcode,
    warehouse: data.warehouse ?? current.warehouse,
    price: data.price != null ? round4(data.price) : current.price,
    sell_price: data.sellPrice != null ? round4(data.sellPrice) : current.sell_price,
    quantity_precision: data.quantityPrecision ?? current.quantity_precision,
  };
  const skuChanged = (Object.keys(sku) as (keyof typeof sku)[]).some((k) => sku[k] !== current[k]);
  if (skuChanged) {
    await q.query(
      `update skus set unit = $2, spec = $3, barcode = $4, warehouse = $5, price = $6, sell_price = $7,
                       quantity_precision = $8, updated_at = $9 where id = $1`,
      [
        current.sku_id,
        sku.unit,
        sku.spec,
        sku.barcode,
        sku.warehouse,
        sku.price,
        sku.sell_price,
        sku.quantity_precision,
        now,
      ],
    );
  }

  if (recipe) {
    const old = await q.query<{ component_sku_id: number; quantity: number; sort: number }>(
      'select component_sku_id, quantity, sort from bundle_components where bundle_product_id = $1 order by sort, id',
      [current.id],
    );
    const same =
      old.length === recipe.length &&
      old.every(
        (o, i) =>
          o.component_sku_id === recipe[i]!.skuId && o.quantity === recipe[i]!.quantity && o.sort === recipe[i]!.sort,
      );
    if (!same) {
      await q.query('delete from bundle_components where bundle_product_id = $1', [current.id]);
      await insertRecipe(q, tenantId, current.id, recipe, now);
    }
  }
  return { status: 'updated', id: current.id, skuId: current.sku_id };
}

/**
 * Validates and writes one bundle. `pathId` is the id of PUT /v1/bundles/{id}, which wins over a body id.
 * Throws ItemError with one code; an id that is missing, foreign or a normal product fails with
 * `options.notFound` (`bundle not found` on the single endpoints, `not_found` in a batch, as for companies).
 */
export const writeBundle: RecordWrite<BundleOutcome> = async (q, tenantId, input, options) => {
  const { data, errors } = validate(bundleWrite, input);
  if (!data) fail(errors[0] ?? 'invalid_parameter');

  const id = options.pathId ?? data.id ?? null;
  if (id != null) {
    const current = await loadBundle(q, tenantId, id);
    if (!current) fail(options.notFound, true);
    return update(q, tenantId, current, data, options.now);
  }
  const code = data.outerSysCode ?? '';
  if (code !== '') {
    const matched = await matchByCode(q, tenantId, code);
    if (matched != null) {
      const current = await loadBundle(q, tenantId, matched);
      if (!current) fail('bundle not found', true);
      return update(q, tenantId, current, data, options.now);
    }
  }
  return create(q, tenantId, data, options.now);
};
