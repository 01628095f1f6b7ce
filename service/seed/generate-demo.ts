/**
 * Writes service/seed/demo.json: the demo data of a Taiwanese B2B food distributor (tenant `formosa`) and
 * a small English tenant (`acme`) for isolation checks. Deterministic: a fixed-seed PRNG, so rerunning it
 * gives the same bytes and the committed JSON can be checked against it.
 *
 *   npx tsx service/seed/generate-demo.ts            # writes service/seed/demo.json
 *   npx tsx service/seed/generate-demo.ts --check    # exits 1 when demo.json differs from a fresh run
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeSeedError, seedFile } from '../../lib/contract';
import type { SeedFile } from '../../lib/contract';
import { withFindings } from './demo-attention';
import { formosa } from './demo-formosa';
import { DEMO_PASSWORD, pad, prng, type Counters, type Tenant } from './demo-tools';

export { DEMO_PASSWORD };

function acme(ids: Counters): Tenant {
  const admin = ++ids.role;
  const sales = ++ids.role;
  const u1 = ++ids.user;
  const u2 = ++ids.user;
  const u3 = ++ids.user;
  const root = ++ids.category;
  const food = ++ids.category;
  const companies: Tenant['companies'] = [
    ['A001', 'Acme Corner Store', 'Corner Store', '+1 555 0100', '12 Main St, Springfield'],
    ['A002', 'Roadrunner Diner', 'Roadrunner', '+1 555 0101', '400 Desert Hwy, Tucson AZ'],
    ['A003', 'Coyote Supplies', 'Coyote', '+1 555 0102', '7 Canyon Rd, Flagstaff AZ'],
    ['A004', 'Mesa Grocers', 'Mesa', '+1 555 0103', '88 Mesa Blvd, Phoenix AZ'],
    ['A005', 'Tumbleweed Cafe', 'Tumbleweed', '+1 555 0104', '3 Dust Ln, Yuma AZ'],
  ].map(([code, name, shortName, cellPhone, shippingAddress], i) => ({
    id: ++ids.company,
    outerSysCode: code!,
    name: name!,
    shortName: shortName!,
    cellPhone: cellPhone!,
    shippingAddress: shippingAddress!,
    internalUserId: i % 2 === 0 ? u2 : u3,
    status: 'Active' as const,
  }));
  const products: Tenant['products'] = [
    { id: ++ids.product, outerSysCode: 'AP01', name: 'Rocket Oats', productCategoryId: food, status: 'Active' },
    { id: ++ids.product, outerSysCode: 'AP02', name: 'Anvil Coffee', productCategoryId: food, status: 'Active' },
    { id: ++ids.product, outerSysCode: 'AP03', name: 'Desert Honey', productCategoryId: food, status: 'Active' },
  ];
  const skuRows: [number, string, string, string, number, number, number][] = [
    // product index, code, name, unit, precision, inventory, reserved
    [0, 'AS01', 'Rocket Oats 500 g', 'bag', 0, 240, 10],
    [0, 'AS02', 'Rocket Oats bulk', 'kg', 2, 120.5, 0],
    [1, 'AS03', 'Anvil Coffee 250 g', 'bag', 0, 80, 5],
    [1, 'AS04', 'Anvil Coffee 1 kg', 'bag', 0, 30, 0],
    [1, 'AS05', 'Anvil Coffee bulk', 'kg', 3, 45.25, 2.5],
    [2, 'AS06', 'Desert Honey 350 g', 'jar', 0, 150, 20],
    [2, 'AS07', 'Desert Honey 1 kg', 'jar', 0, 60, 0],
    [2, 'AS08', 'Desert Honey bulk', 'kg', 1, 18.5, 0],
  ];
  const skus: Tenant['skus'] = skuRows.map(([p, code, name, unit, precision, inventoryQty, reservedQty], i) => ({
    id: ++ids.sku,
    productId: products[p]!.id,
    outerSysCode: code,
    name,
    barcode: `00012345${pad(i, 5)}`,
    warehouse: 'Main',
    unit,
    spec: '',
    price: 10 + i * 3,
    sellPrice: 9 + i * 3,
    quantityPrecision: precision,
    status: 'Active',
    inventoryQty,
    reservedQty,
    allowNegativeStock: false,
  }));
  const sku = (k: number) => skus[k]!.id;
  /** A boxed bundle of the food category, made of the given skus. */
  const box = (
    outerSysCode: string,
    name: string,
    price: number,
    sellPrice: number,
    components: Tenant['bundles'][number]['components'],
  ): Tenant['bundles'][number] => ({
    id: ++ids.product,
    skuId: ++ids.sku,
    outerSysCode,
    name,
    productCategoryId: food,
    status: 'Active',
    unit: 'box',
    spec: '',
    barcode: '',
    warehouse: 'Main',
    price,
    sellPrice,
    quantityPrecision: 0,
    components,
  });
  const bundles: Tenant['bundles'] = [
    box('AB01', 'Breakfast Box', 49, 45, [
      { componentSkuId: sku(0), quantity: 2, sort: 1 },
      { componentSkuId: sku(2), quantity: 1, sort: 2 },
      { componentSkuId: sku(5), quantity: 1, sort: 3 },
    ]),
    box('AB02', 'Bulk Sampler', 30, 27, [
      { componentSkuId: sku(1), quantity: 0.5, sort: 1 },
      { componentSkuId: sku(4), quantity: 0.25, sort: 2 },
    ]),
  ];
  return {
    key: 'acme',
    name: 'Acme Trading',
    credentials: [{ clientId: 'acme-erp', secret: 'acme-erp-secret', status: 'active', operations: '*' }],
    roles: [
      { id: admin, name: 'System administrator', isAdmin: true },
      { id: sales, name: 'Sales', isAdmin: false },
    ],
    internalUsers: [
      {
        id: u1,
        account: 'admin',
        name: 'Wile E. Admin',
        email: 'admin@acme.example',
        password: DEMO_PASSWORD,
        roleId: admin,
        status: 'Active',
        outerSysCode: 'AE01',
        defaultSalesperson: false,
      },
      {
        id: u2,
        account: 'road.runner',
        name: 'Road Runner',
        email: 'rr@acme.example',
        password: DEMO_PASSWORD,
        roleId: sales,
        status: 'Active',
        outerSysCode: 'AE02',
        defaultSalesperson: true,
      },
      {
        id: u3,
        account: 'wile.coyote',
        name: 'Wile E. Coyote',
        email: 'coyote@acme.example',
        password: DEMO_PASSWORD,
        roleId: sales,
        status: 'Active',
        outerSysCode: 'AE03',
        defaultSalesperson: false,
      },
    ],
    productCategories: [
      { id: root, name: 'Groceries', parentId: null },
      { id: food, name: 'Pantry', parentId: root },
    ],
    companies,
    products,
    skus,
    bundles,
    creditQuotas: [
      { companyId: companies[0]!.id, creditAmount: 5000, pendingAmount: 1200, enabled: true, memo: 'Net 30' },
      { companyId: companies[1]!.id, creditAmount: 1000, pendingAmount: 1500.5, enabled: true, memo: 'Over limit' },
    ],
    pointQuotas: [{ companyId: companies[0]!.id, balance: 300, enabled: true, memo: '' }],
  };
}

export function generateDemoSeed(): SeedFile {
  const rng = prng(20260921);
  const ids: Counters = { role: 0, user: 0, category: 0, company: 0, product: 0, sku: 0 };
  const seed = { tenants: [withFindings(formosa(rng, ids)), acme(ids)] };
  const parsed = seedFile.safeParse(seed);
  if (!parsed.success) throw new Error(`generated seed is invalid:\n${describeSeedError(parsed.error)}`);
  return seed;
}

export function serialiseSeed(seed: SeedFile): string {
  return `${JSON.stringify(seed, null, 1)}\n`;
}

export const DEMO_SEED_PATH = fileURLToPath(new URL('./demo.json', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = serialiseSeed(generateDemoSeed());
  if (process.argv.includes('--check')) {
    const current = readFileSync(DEMO_SEED_PATH, 'utf8');
    if (current !== text) {
      process.stderr.write('service/seed/demo.json is out of date: run npx tsx service/seed/generate-demo.ts\n');
      process.exit(1);
    }
    process.stdout.write('demo.json is up to date\n');
  } else {
    writeFileSync(DEMO_SEED_PATH, text);
    process.stdout.write(`wrote ${DEMO_SEED_PATH} (${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB)\n`);
  }
}
