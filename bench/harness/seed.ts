import type { SeedFile } from '@/lib/contract';

type Tenant = SeedFile['tenants'][number];
type Sku = Tenant['skus'][number];

/** The credential the benches sign with; the bench seed's tenant grants it every operation. */
export const BENCH_CREDS = { clientId: 'bench-erp', secret: 'bench-erp-secret' };

/**
 * A seed of one tenant, `bench`, with an administrator (the default salesperson) and the bench credential;
 * `records` gives its categories, companies, products, SKUs and quotas (none unless given).
 */
export function benchTenantSeed(records: Partial<Tenant>): SeedFile {
  const tenant = {
    key: 'bench',
    name: 'Bench',
    credentials: [{ ...BENCH_CREDS, status: 'active', operations: '*' }],
    roles: [{ id: 1, name: 'System administrator', isAdmin: true }],
    internalUsers: [
      {
        id: 1,
        account: 'admin',
        name: 'Admin',
        email: 'a@bench.test',
        password: 'bench-password',
        roleId: 1,
        status: 'Active',
        outerSysCode: '',
        defaultSalesperson: true,
      },
    ],
    productCategories: [],
    companies: [],
    products: [],
    skus: [],
    bundles: [],
    creditQuotas: [],
    pointQuotas: [],
    ...records,
  };
  return { tenants: [tenant] } as SeedFile;
}

/** The `i`th SKU of a bench seed: its own names and codes, in warehouse W1, active, priced 100 to 149 and sold 10 less. */
export function benchSku(
  i: number,
  own: Pick<Sku, 'id' | 'productId' | 'outerSysCode' | 'name' | 'barcode' | 'unit' | 'spec' | 'inventoryQty'>,
): Sku {
  return {
    ...own,
    warehouse: 'W1',
    price: 100 + (i % 50),
    sellPrice: 90 + (i % 50),
    quantityPrecision: 0,
    status: 'Active',
    reservedQty: 0,
    allowNegativeStock: false,
  };
}
