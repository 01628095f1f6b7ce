/** How many records the mirror bench seeds in the service's `acme` tenant (testSeed), besides its own. */
export interface MirrorSeedSizes {
  skus: number;
  /** The SKUs' products: each SKU belongs to one, spread evenly, so a sort by product name is not by id. */
  products: number;
  companies: number;
  /** The companies' salespeople (internal users), spread evenly. */
  salespeople: number;
}

/** The first id of each seeded kind: above testSeed's own records. */
export const FIRST_ID = 1_001;

/** A name that does not follow the id: 8 hex digits of its md5, then a word. */
const scrambled = (prefix: string, word: string) => `substr(md5('${prefix}' || g), 1, 8) || ' ${word}'`;

/**
 * SQL seeding the sizes in bulk into the service's database, its sequences moved past them. SKUs' prices, stock
 * and statuses vary with the id; a third of SKUs and a quarter of companies are inactive.
 */
export function mirrorSeedSql(n: MirrorSeedSizes): string {
  const tenant = `(select id from tenants where key = 'acme')`;
  const upTo = (count: number) => FIRST_ID + count - 1;
  return `
    insert into products (id, tenant_id, outer_sys_code, name, product_category_id, status)
    select g, ${tenant}, 'P' || g, ${scrambled('p', '茶葉')},
      (select min(id) from product_categories where tenant_id = ${tenant}), 'Active'
    from generate_series(${FIRST_ID}, ${upTo(n.products)}) g;
    select setval('products_id_seq', ${upTo(n.products) + 1000});

    insert into skus (id, tenant_id, product_id, outer_sys_code, name, barcode, warehouse, spec, price, sell_price, status, inventory_qty)
    select g, ${tenant}, ${FIRST_ID} + g % ${n.products}, 'M' || g, '茶葉 Mirror SKU ' || g, '471' || lpad(g::text, 10, '0'),
      'W' || (g % 7), (g % 500) || 'g', g % 500, (g::bigint * 7919) % 100000 / 100.0,
      case when g % 3 = 0 then 'Inactive' else 'Active' end, g % 50
    from generate_series(${FIRST_ID}, ${upTo(n.skus)}) g;
    select setval('skus_id_seq', ${upTo(n.skus) + 1000});

    insert into internal_users (id, tenant_id, account, name, email, password_hash, role_id, status)
    select g, ${tenant}, 'sales' || g, ${scrambled('u', 'Sales')}, 'sales' || g || '@acme.test', 'not-a-hash',
      (select min(id) from roles where tenant_id = ${tenant} and not is_admin), 'Active'
    from generate_series(${FIRST_ID}, ${upTo(n.salespeople)}) g;
    select setval('internal_users_id_seq', ${upTo(n.salespeople) + 1000});

    insert into companies (id, tenant_id, outer_sys_code, name, internal_user_id, status)
    select g, ${tenant}, 'C' || g, 'Company ' || g, ${FIRST_ID} + g % ${n.salespeople},
      case when g % 4 = 0 then 'Inactive' else 'Active' end
    from generate_series(${FIRST_ID}, ${upTo(n.companies)}) g;
    select setval('companies_id_seq', ${upTo(n.companies) + 1000});`;
}
