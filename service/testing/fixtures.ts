import type { SeedFile } from '@/lib/contract';

/**
 * A small seed built in code for service tests (contract §5 format). Two tenants, so every test can check
 * that a foreign id reads like a missing one. Ids are fixed so tests can name them.
 */
export const CREDS = {
  erp: { clientId: 'acme-erp', secret: 'acme-erp-secret' },
  reader: { clientId: 'acme-reader', secret: 'acme-reader-secret' },
  pending: { clientId: 'acme-new', secret: 'acme-new-secret' },
  revoked: { clientId: 'acme-old', secret: 'acme-old-secret' },
  limited: { clientId: 'acme-limited', secret: 'acme-limited-secret' },
  other: { clientId: 'globex-erp', secret: 'globex-erp-secret' },
} as const;

export type Creds = { clientId: string; secret: string };

type SeedUser = SeedFile['tenants'][number]['internalUsers'][number];

/** A back-office user of the seed: active, signing in with `admin-password`, no ERP code, not the default salesperson. */
const seedUser = (
  user: Pick<SeedUser, 'id' | 'account' | 'name' | 'email' | 'roleId'> & Partial<SeedUser>,
): SeedUser => ({
  password: 'admin-password',
  status: 'Active',
  outerSysCode: '',
  defaultSalesperson: false,
  ...user,
});

export const IDS = {
  acme: {
    adminRole: 1,
    salesRole: 2,
    admin: 1,
    sales: 2,
    rootCategory: 1,
    teaCategory: 2,
    coffeeCategory: 3,
    company: 1,
    company2: 2,
    product: 1,
    product2: 2,
    sku: 1,
    sku2: 2,
    bundle: 10,
    bundleSku: 10,
  },
  globex: {
    adminRole: 101,
    admin: 101,
    rootCategory: 101,
    category: 102,
    company: 101,
    product: 101,
    sku: 101,
    bundle: 110,
    bundleSku: 110,
  },
} as const;

export function testSeed(): SeedFile {
  return {
    tenants: [
      {
        key: 'acme',
        name: 'Acme Trading',
        credentials: [
          { ...CREDS.erp, status: 'active', operations: '*' },
          { ...CREDS.reader, status: 'active', operations: ['GET /v1/companies'] },
          { ...CREDS.pending, status: 'pending', operations: '*' },
          { ...CREDS.revoked, status: 'revoked', operations: '*' },
          { ...CREDS.limited, status: 'active', operations: '*', rateLimitPerSecond: 2 },
        ],
        roles: [
          { id: 1, name: 'System administrator', isAdmin: true },
          { id: 2, name: 'Sales', isAdmin: false },
        ],
        internalUsers: [
          seedUser({
            id: 1,
            account: 'admin',
            name: 'Admin',
            email: 'admin@acme.test',
            roleId: 1,
            defaultSalesperson: true,
          }),
          seedUser({
            id: 2,
            account: 'sales',
            name: 'Sally',
            email: 'sally@acme.test',
            roleId: 2,
            outerSysCode: 'U002',
          }),
        ],
        productCategories: [
          { id: 1, name: 'Beverages', parentId: null },
          { id: 2, name: 'Tea', parentId: 1 },
          { id: 3, name: 'Coffee', parentId: 1 },
        ],
        companies: [
          {
            id: 1,
            outerSysCode: 'C001',
            name: 'First Tea House',
            shortName: 'First',
            cellPhone: '02-1234',
            shippingAddress: 'Taipei',
            internalUserId: 1,
            status: 'Active',
          },
          {
            id: 2,
            outerSysCode: 'C002',
            name: 'Second 100% Shop',
            shortName: '',
            cellPhone: '',
            shippingAddress: '',
            internalUserId: 2,
            status: 'Inactive',
          },
          {
            id: 3,
            outerSysCode: 'DUP',
            name: 'Dup A',
            shortName: '',
            cellPhone: '',
            shippingAddress: '',
            internalUserId: 1,
            status: 'Active',
          },
          {
            id: 4,
            outerSysCode: 'DUP',
            name: 'Dup B',
            shortName: '',
            cellPhone: '',
            shippingAddress: '',
            internalUserId: 1,
            status: 'Active',
          },
        ],
        products: [
          { id: 1, outerSysCode: 'P001', name: 'Oolong', productCategoryId: 2, status: 'Active' },
          { id: 2, outerSysCode: 'P002', name: 'Green_Tea', productCategoryId: 2, status: 'InactiveVisible' },
        ],
        skus: [
          {
            id: 1,
            productId: 1,
            outerSysCode: 'S001',
            name: 'Oolong 100g',
            barcode: '4710001',
            warehouse: 'W1',
            unit: 'bag',
            spec: '100g',
            price: 10,
            sellPrice: 9,
            quantityPrecision: 0,
            status: 'Active',
            inventoryQty: 100,
            reservedQty: 5,
            allowNegativeStock: false,
          },
          {
            id: 2,
            productId: 2,
            outerSysCode: 'S002',
            name: 'Green 50g',
            barcode: '4710002',
            warehouse: 'W1',
            unit: 'bag',
            spec: '50g',
            price: 5.5,
            sellPrice: 5,
            quantityPrecision: 2,
            status: 'Active',
            inventoryQty: 2.5,
            reservedQty: 4,
            allowNegativeStock: true,
          },
        ],
        bundles: [
          {
            id: 10,
            skuId: 10,
            outerSysCode: 'B001',
            name: 'Tea gift set',
            productCategoryId: 2,
            status: 'Active',
            unit: 'box',
            spec: '',
            barcode: '',
            warehouse: '',
            price: 30,
            sellPrice: 25,
            quantityPrecision: 0,
            components: [{ componentSkuId: 1, quantity: 2, sort: 1 }],
          },
        ],
        creditQuotas: [],
        pointQuotas: [],
      },
      {
        key: 'globex',
        name: 'Globex',
        credentials: [{ ...CREDS.other, status: 'active', operations: '*' }],
        roles: [{ id: 101, name: 'System administrator', isAdmin: true }],
        // No default salesperson in this tenant.
        internalUsers: [
          seedUser({ id: 101, account: 'admin', name: 'Admin', email: 'admin@globex.test', roleId: 101 }),
        ],
        productCategories: [
          { id: 101, name: 'Root', parentId: null },
          { id: 102, name: 'Child', parentId: 101 },
        ],
        companies: [
          {
            id: 101,
            outerSysCode: 'C001',
            name: 'Globex Company',
            shortName: '',
            cellPhone: '',
            shippingAddress: '',
            internalUserId: 101,
            status: 'Active',
          },
        ],
        products: [{ id: 101, outerSysCode: 'P001', name: 'Globex product', productCategoryId: 102, status: 'Active' }],
        skus: [
          {
            id: 101,
            productId: 101,
            outerSysCode: 'S001',
            name: 'Globex SKU',
            barcode: '',
            warehouse: '',
            unit: '',
            spec: '',
            price: 1,
            sellPrice: 1,
            quantityPrecision: 0,
            status: 'Active',
            inventoryQty: 1,
            reservedQty: 0,
            allowNegativeStock: false,
          },
        ],
        bundles: [
          {
            id: 110,
            skuId: 110,
            outerSysCode: 'GB1',
            name: 'Globex bundle',
            productCategoryId: 102,
            status: 'Active',
            unit: '',
            spec: '',
            barcode: '',
            warehouse: '',
            price: 0,
            sellPrice: 0,
            quantityPrecision: 0,
            components: [{ componentSkuId: 101, quantity: 1, sort: 0 }],
          },
        ],
        creditQuotas: [],
        pointQuotas: [],
      },
    ],
  };
}

type SeedSku = SeedFile['tenants'][number]['skus'][number];
type SeedBundle = SeedFile['tenants'][number]['bundles'][number];

/** A SKU for stock and recipe tests: named `SKU <code>`, in kg to four decimals, priced 1, nothing reserved. */
export function stockSku(
  id: number,
  productId: number,
  outerSysCode: string,
  inventoryQty: number,
  more: Partial<SeedSku> = {},
): SeedSku {
  return {
    id,
    productId,
    outerSysCode,
    name: `SKU ${outerSysCode}`,
    barcode: '',
    warehouse: '',
    unit: 'kg',
    spec: '',
    price: 1,
    sellPrice: 1,
    quantityPrecision: 4,
    status: 'Active',
    inventoryQty,
    reservedQty: 0,
    allowNegativeStock: false,
    ...more,
  };
}

/** A bundle of Acme's tea category for recipe tests: named `Bundle <code>`, by the box, priced 10, sold at 8. */
export function recipeBundle(
  id: number,
  skuId: number,
  outerSysCode: string,
  components: SeedBundle['components'],
  more: Partial<SeedBundle> = {},
): SeedBundle {
  return {
    id,
    skuId,
    outerSysCode,
    name: `Bundle ${outerSysCode}`,
    productCategoryId: IDS.acme.teaCategory,
    status: 'Active',
    unit: 'box',
    spec: '',
    barcode: '',
    warehouse: '',
    price: 10,
    sellPrice: 8,
    quantityPrecision: 0,
    components,
    ...more,
  };
}
