import type { SeedFile } from '@/lib/contract';

type Tenant = SeedFile['tenants'][number];

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
