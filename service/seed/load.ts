import { hash } from '@node-rs/argon2';
import type { SeedFile, SeedTenant } from '@/lib/contract';
import type { Db, Queryable } from '../store/db';
import { SeedError } from './check';
import { insertRows } from './insert-rows';

// Validation lives in ./check.ts; this file's callers read and check a seed through it as before.
export { parseSeed, readSeedFile, SeedError } from './check';

const ID_TABLES = [
  'tenants',
  'roles',
  'internal_users',
  'product_categories',
  'companies',
  'products',
  'skus',
  'bundle_components',
];

async function loadTenant(q: Queryable, t: SeedTenant, hashes: Map<string, string>, at: Date): Promise<void> {
  const [tenant] = await q.query<{ id: number }>('insert into tenants (key, name) values ($1, $2) returning id', [
    t.key,
    t.name,
  ]);
  const tenantId = tenant!.id;
  await insertRows(
    q,
    'credentials',
    [
      ['client_id', 'text'],
      ['tenant_id', 'int8'],
      ['secret', 'text'],
      ['status', 'text'],
      ['operations', 'jsonb'],
      ['rate_limit_per_second', 'numeric'],
    ],
    t.credentials.map((c) => [
      c.clientId,
      tenantId,
      c.secret,
      c.status,
      JSON.stringify(c.operations === '*' ? ['*'] : c.operations),
      c.rateLimitPerSecond ?? null,
    ]),
  );
  await insertRows(
    q,
    'roles',
    [
      ['id', 'int8'],
      ['tenant_id', 'int8'],
      ['name', 'text'],
      ['is_admin', 'bool'],
    ],
    t.roles.map((r) => [r.id, tenantId, r.name, r.isAdmin]),
  );
  await insertRows(
    q,
    'internal_users',
    [
      ['id', 'int8'],
      ['tenant_id', 'int8'],
      ['account', 'text'],
      ['name', 'text'],
      ['email', 'text'],
      ['password_hash', 'text'],
      ['role_id', 'int8'],
      ['status', 'text'],
      ['outer_sys_code', 'text'],
      ['is_default_salesperson', 'bool'],
      ['updated_at', 'timestamptz'],
    ],
    t.internalUsers.map((u) => [
      u.id,
      tenantId,
      u.account,
      u.name,
      u.email,
      hashes.get(u.password),
      u.roleId,
      u.status,
      u.outerSysCode,
      u.defaultSalesperson,
      at,
    ]),
  );
  // Parents first, so the self-reference holds at every row.
  const roots = t.productCategories.filter((c) => c.parentId == null);
  const children = t.productCategories.filter((c) => c.parentId != null);
  const ordered = [...roots];
  const placed = new Set(roots.map((c) => c.id));
  let rest = children;
  while (rest.length) {
    const next = rest.filter((c) => placed.has(c.parentId!));
    if (next.length === 0) throw new SeedError(`Invalid seed: tenant ${t.key} has a category cycle`);
    next.forEach((c) => placed.add(c.id));
    ordered.push(...next);
    rest = rest.filter((c) => !placed.has(c.id));
  }
  await insertRows(
    q,
    'product_categories',
    [
      ['id', 'int8'],
      ['tenant_id', 'int8'],
      ['name', 'text'],
      ['parent_id', 'int8'],
    ],
    ordered.map((c) => [c.id, tenantId, c.name, c.parentId]),
  );
  await insertRows(
    q,
    'companies',
    [
      ['id', 'int8'],
      ['tenant_id', 'int8'],
      ['outer_sys_code', 'text'],
      ['name', 'text'],
      ['short_name', 'text'],
      ['cell_phone', 'text'],
      ['shipping_address', 'text'],
      ['internal_user_id', 'int8'],
      ['status', 'text'],
      ['updated_at', 'timestamptz'],
    ],
    t.companies.map((c) => [
      c.id,
      tenantId,
      c.outerSysCode,
      c.name,
      c.shortName,
      c.cellPhone,
      c.shippingAddress,
      c.internalUserId,
      c.status,
      at,
    ]),
  );
  const productCols: [string, string][] = [
    ['id', 'int8'],
    ['tenant_id', 'int8'],
    ['outer_sys_code', 'text'],
    ['name', 'text'],
    ['product_category_id', 'int8'],
    ['status', 'text'],
    ['is_bundle', 'bool'],
    ['updated_at', 'timestamptz'],
  ];
  await insertRows(q, 'products', productCols, [
    ...t.products.map((p) => [p.id, tenantId, p.outerSysCode, p.name, p.productCategoryId, p.status, false, at]),
    ...t.bundles.map((b) => [b.id, tenantId, b.outerSysCode, b.name, b.productCategoryId, b.status, true, at]),
  ]);
  const skuCols: [string, string][] = [
    ['id', 'int8'],
    ['tenant_id', 'int8'],
    ['product_id', 'int8'],
    ['outer_sys_code', 'text'],
    ['name', 'text'],
    ['barcode', 'text'],
    ['warehouse', 'text'],
    ['unit', 'text'],
    ['spec', 'text'],
    ['price', 'numeric'],
    ['sell_price', 'numeric'],
    ['quantity_precision', 'int4'],
    ['status', 'text'],
    ['is_bundle', 'bool'],
    ['inventory_qty', 'numeric'],
    ['reserved_qty', 'numeric'],
    ['allow_negative_stock', 'bool'],
    ['updated_at', 'timestamptz'],
  ];
  await insertRows(q, 'skus', skuCols, [
    ...t.skus.map((s) => [
      s.id,
      tenantId,
      s.productId,
      s.outerSysCode,
      s.name,
      s.barcode,
      s.warehouse,
      s.unit,
      s.spec,
      s.price,
      s.sellPrice,
      s.quantityPrecision,
      s.status,
      false,
      s.inventoryQty,
      s.reservedQty,
      s.allowNegativeStock,
      at,
    ]),
    // A bundle's paired SKU carries its unit, spec, barcode, warehouse and prices; its stock is computed.
    ...t.bundles.map((b) => [
      b.skuId,
      tenantId,
      b.id,
      b.outerSysCode,
      b.name,
      b.barcode,
      b.warehouse,
      b.unit,
      b.spec,
      b.price,
      b.sellPrice,
      b.quantityPrecision,
      b.status === 'Active' ? 'Active' : 'Inactive',
      true,
      0,
      0,
      false,
      at,
    ]),
  ]);
  await insertRows(
    q,
    'bundle_components',
    [
      ['tenant_id', 'int8'],
      ['bundle_product_id', 'int8'],
      ['component_sku_id', 'int8'],
      ['quantity', 'numeric'],
      ['sort', 'int4'],
      ['updated_at', 'timestamptz'],
    ],
    t.bundles.flatMap((b) =>
      b.components.map((comp) => [tenantId, b.id, comp.componentSkuId, comp.quantity, comp.sort, at]),
    ),
  );
  await insertRows(
    q,
    'credit_quotas',
    [
      ['company_id', 'int8'],
      ['tenant_id', 'int8'],
      ['credit_amount', 'numeric'],
      ['pending_amount', 'numeric'],
      ['enabled', 'bool'],
      ['memo', 'text'],
      ['updated_at', 'timestamptz'],
    ],
    t.creditQuotas.map((cq) => [cq.companyId, tenantId, cq.creditAmount, cq.pendingAmount, cq.enabled, cq.memo, at]),
  );
  await insertRows(
    q,
    'point_quotas',
    [
      ['company_id', 'int8'],
      ['tenant_id', 'int8'],
      ['balance', 'numeric'],
      ['enabled', 'bool'],
      ['memo', 'text'],
      ['updated_at', 'timestamptz'],
    ],
    t.pointQuotas.map((pq) => [pq.companyId, tenantId, pq.balance, pq.enabled, pq.memo, at]),
  );
}

/**
 * Loads a validated seed into an empty database (returns false and changes nothing when it already holds
 * tenants, so a data folder keeps its data). Id sequences then start above the largest seeded id.
 */
export async function loadSeed(db: Db, seed: SeedFile, now: () => number = Date.now): Promise<boolean> {
  // Hash each distinct password once: argon2 is slow on purpose, and demo seeds reuse one password.
  const hashes = new Map<string, string>();
  for (const t of seed.tenants)
    for (const u of t.internalUsers) if (!hashes.has(u.password)) hashes.set(u.password, await hash(u.password));
  const at = new Date(now());
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [7_263_002]);
    const [existing] = await tx.query<{ n: number }>('select count(*)::int8 as n from tenants');
    if ((existing?.n ?? 0) > 0) return false;
    for (const t of seed.tenants) await loadTenant(tx, t, hashes, at);
    for (const table of ID_TABLES) {
      await tx.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
      );
    }
    return true;
  });
}
