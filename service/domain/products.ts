import { integerRef, PRODUCT_CREATE_REQUIRED, productWrite } from '@/lib/contract';
import { validate } from '../http/batch';
import { ItemError } from '../http/errors';
import type { ListSpec } from '../http/lists';
import { findProduct, isAssignableCategory, lockCode, type ProductRow } from '../http/lookups';
import type { RecordWrite } from '../http/write';
import type { Queryable } from '../store/db';

export function productResponse(r: ProductRow) {
  return {
    id: r.id,
    outerSysCode: r.outer_sys_code,
    name: r.name,
    productCategoryId: r.product_category_id,
    status: r.status,
  };
}

/**
 * Create-or-update of one product (master-data-api.md "Product", contract §3). Bundles are invisible here:
 * an id of a bundle is not found, and an outerSysCode that matches a bundle is product_type_conflict.
 * Products report every field error found.
 */
export const writeProduct: RecordWrite = async (tx, tenantId, input, options) => {
  const { data, errors } = validate(productWrite, input);
  const rawId = options.pathId ?? integerRef(input.id);

  let target: ProductRow | null = null;
  if (rawId != null) {
    target = await findProduct(tx, tenantId, rawId);
    if (!target || target.is_bundle) throw new ItemError([options.notFound], true);
  }

  // Match by code first: a create needs a category, an update by code does not.
  const code = input.outerSysCode;
  if (!target && typeof code === 'string' && code !== '') {
    await lockCode(tx, 'products', tenantId, code);
    const matches = await tx.query<ProductRow>(
      'select id, is_bundle from products where tenant_id = $1 and outer_sys_code = $2 order by id',
      [tenantId, code],
    );
    if (matches.some((m) => m.is_bundle)) throw new ItemError([...errors, 'product_type_conflict']);
    if (matches.length > 1) throw new ItemError([...errors, 'outer_sys_code_ambiguous']);
    target = matches[0] ?? null;
  }

  // Category rules apply even when other fields are bad, so one answer lists every problem.
  const category = input.productCategoryId;
  const categoryId = integerRef(category);
  if (PRODUCT_CREATE_REQUIRED.productCategoryId.missing(category)) {
    if (!target) errors.push(PRODUCT_CREATE_REQUIRED.productCategoryId.code);
  } else if (categoryId !== null && !(await isAssignableCategory(tx, tenantId, categoryId))) {
    errors.push('invalid_product_category_id');
  }
  if (!data || errors.length) throw new ItemError([...new Set(errors)]);

  const at = options.now;
  if (target) {
    await tx.query(
      `update products set outer_sys_code = coalesce($3, outer_sys_code), name = coalesce($4, name),
         product_category_id = coalesce($5, product_category_id), updated_at = $6
       where tenant_id = $1 and id = $2`,
      [tenantId, target.id, data.outerSysCode ?? null, data.name ?? null, data.productCategoryId ?? null, at],
    );
    return { status: 'updated', id: target.id };
  }
  const [created] = await tx.query<{ id: number }>(
    `insert into products (tenant_id, outer_sys_code, name, product_category_id, status, is_bundle, updated_at)
     values ($1, $2, $3, $4, 'Active', false, $5) returning id`,
    [tenantId, data.outerSysCode ?? '', data.name ?? '', data.productCategoryId, at],
  );
  return { status: 'created', id: created!.id };
};

export const PRODUCT_LIST: ListSpec<'products', ProductRow> = {
  list: 'products',
  from: 'products',
  where: ['tenant_id = $1', 'not is_bundle'],
  select: 'id, outer_sys_code, name, product_category_id, status, is_bundle',
  orderBy: 'id',
  filters: {
    outerSysCode: 'outer_sys_code',
    name: 'name',
    productCategoryId: 'product_category_id',
    status: 'status',
    updatedSince: 'updated_at',
  },
  map: productResponse,
};

/** Any product row that is not a bundle (bundles are invisible here). */
export async function readProduct(q: Queryable, tenantId: number, id: number): Promise<ProductRow | null> {
  const row = await findProduct(q, tenantId, id);
  return row && !row.is_bundle ? row : null;
}
