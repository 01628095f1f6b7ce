// The demo's main tenant: a Taiwanese B2B food distributor (generate-demo.ts writes it into demo.json).
import { LIMITS, OPERATIONS } from '../../lib/contract';
import { DEMO_PASSWORD, type Tenant, type Rng, round, pad, ean13, fit, type Counters } from './demo-tools';
import {
  CITIES,
  STREETS,
  SECTIONS,
  NAME_STEMS,
  NAME_KINDS,
  COMPANY_FORMS,
  ENGLISH_COMPANIES,
  SURNAMES,
  GIVEN,
  SURNAMES_EN,
  GIVEN_EN,
  type ProductDef,
  PACKS,
  CATEGORY_TREE,
  WAREHOUSES,
} from './demo-words';
import { giftBoxes, quotasOf } from './demo-formosa-sales';

export function formosa(rng: Rng, ids: Counters): Tenant {
  const roles = [
    { id: ++ids.role, name: 'System administrator', isAdmin: true },
    { id: ++ids.role, name: 'Sales', isAdmin: false },
    { id: ++ids.role, name: 'Warehouse', isAdmin: false },
  ];
  const [adminRole, salesRole, warehouseRole] = roles.map((r) => r.id) as [number, number, number];

  // ---- internal users: one admin, salespeople (one default, one who left), warehouse staff
  const internalUsers: Tenant['internalUsers'] = [];
  const usedAccounts = new Set<string>();
  const person = () => {
    for (;;) {
      const s = rng.pick(SURNAMES);
      const g = rng.pick(GIVEN);
      const account = `${SURNAMES_EN[s]}.${GIVEN_EN[g]}`;
      if (usedAccounts.has(account)) continue;
      usedAccounts.add(account);
      return { name: s + g, account };
    }
  };
  internalUsers.push({
    id: ++ids.user,
    account: 'admin',
    name: '系統管理員 Admin',
    email: 'it@formosa-food.com.tw',
    password: DEMO_PASSWORD,
    roleId: adminRole,
    status: 'Active',
    outerSysCode: 'E0001',
    defaultSalesperson: false,
  });
  usedAccounts.add('admin');
  const roleSequence: [number, 'Active' | 'Inactive'][] = [
    ...Array.from({ length: 8 }, () => [salesRole, 'Active'] as [number, 'Active']),
    [salesRole, 'Inactive'],
    [warehouseRole, 'Active'],
    [warehouseRole, 'Active'],
  ];
  for (const [roleId, status] of roleSequence) {
    const p = person();
    internalUsers.push({
      id: ++ids.user,
      account: p.account,
      name: p.name,
      email: `${p.account}@formosa-food.com.tw`,
      password: DEMO_PASSWORD,
      roleId,
      status,
      outerSysCode: `E${pad(ids.user, 4)}`,
      defaultSalesperson: false,
    });
  }
  const salespeople = internalUsers.filter((u) => u.roleId === salesRole && u.status === 'Active');
  (salespeople[0] as (typeof internalUsers)[number]).defaultSalesperson = true;
  const formerSales = internalUsers.find((u) => u.roleId === salesRole && u.status === 'Inactive');

  // ---- categories
  const productCategories: Tenant['productCategories'] = [];
  const leaves: { id: number; packs: keyof typeof PACKS; products: [string, string][]; gift: boolean }[] = [];
  for (const root of CATEGORY_TREE) {
    const rootId = ++ids.category;
    productCategories.push({ id: rootId, name: `${root.zh} ${root.en}`, parentId: null });
    for (const child of root.children) {
      const id = ++ids.category;
      productCategories.push({ id, name: `${child.zh} ${child.en}`, parentId: rootId });
      leaves.push({ id, packs: child.packs, products: child.products, gift: root.en === 'Gift Boxes' });
    }
  }

  // ---- companies
  const companies: Tenant['companies'] = [];
  const usedNames = new Set<string>();
  for (let n = 1; n <= 220; n++) {
    const city = rng.pick(CITIES);
    const [distZh, distEn] = rng.pick(city.districts);
    const [streetZh, streetEn] = rng.pick(STREETS);
    const sec = rng.chance(0.4) ? rng.int(1, 4) : 0;
    const no = rng.int(1, 388);
    const floor = rng.chance(0.3) ? rng.int(1, 12) : 0;
    const english = rng.chance(0.12);
    let name: string;
    let shortName: string;
    if (english) {
      const base = rng.pick(ENGLISH_COMPANIES);
      name = usedNames.has(base)
        ? `${base.replace(/,? (Co\.,? )?Ltd\.$|,? Co\.$/, '')} - ${distEn.replace(/ (Dist|Twp)\.$/, '')}`
        : base;
      shortName = fit(LIMITS.company.shortName, base.split(' ').slice(0, 2).join(' '), base.split(' ')[0] ?? base);
    } else {
      const stem = rng.pick(NAME_STEMS);
      const [kindZh] = rng.pick(NAME_KINDS);
      const form = rng.pick(COMPANY_FORMS);
      name = `${stem}${kindZh}${form}`;
      if (usedNames.has(name)) name = `${stem}${kindZh}${distZh.replace(/[區市鎮鄉]$/, '')}店`;
      shortName = `${stem}${kindZh}`.slice(0, LIMITS.company.shortName);
    }
    if (usedNames.has(name)) name = `${name} ${n}`;
    usedNames.add(name);
    const secZh = sec ? `${SECTIONS[sec - 1]}段` : '';
    const secEn = sec ? `Sec. ${sec}, ` : '';
    const shippingAddress = english
      ? fit(
          LIMITS.company.shippingAddress,
          `${floor ? `${floor}F., ` : ''}No. ${no}, ${secEn}${streetEn}, ${distEn}, ${city.en}`,
          `No. ${no}, ${secEn}${streetEn}, ${distEn}, ${city.en}`,
          `No. ${no}, ${streetEn}, ${city.en}`,
        )
      : fit(
          LIMITS.company.shippingAddress,
          `${city.zh}${distZh}${streetZh}${secZh}${no}號${floor ? `${floor}樓` : ''}`,
        );
    const cellPhone = rng.chance(0.5)
      ? `09${rng.int(10, 89)}-${pad(rng.int(0, 999), 3)}-${pad(rng.int(0, 999), 3)}`
      : `(${city.area})${rng.int(2000, 2999)}-${pad(rng.int(0, 9999), 4)}`;
    const owner = n % 37 === 0 && formerSales ? formerSales : rng.pick(salespeople);
    companies.push({
      id: ++ids.company,
      outerSysCode: `C${pad(n, 5)}`,
      name: fit(LIMITS.company.name, name),
      shortName,
      cellPhone,
      shippingAddress,
      internalUserId: owner.id,
      status: rng.chance(0.06) ? 'Inactive' : 'Active',
    });
  }

  // ---- products and SKUs: 80 products, 500 SKUs spread over them
  const products: Tenant['products'] = [];
  const skus: Tenant['skus'] = [];
  const productLeaves = leaves.filter((l) => !l.gift);
  const productDefs = productLeaves.flatMap((leaf) => leaf.products.map(([zh, en]) => ({ leaf, zh, en })));
  if (productDefs.length < 80) throw new Error(`only ${productDefs.length} product names; need 80`);
  const chosen = productDefs.slice(0, 80);
  // 500 SKUs over 80 products: every product gets 6, and 20 products get a seventh (a regional edition).
  const seventh = new Set(rng.shuffle(chosen.map((_, i) => i)).slice(0, 20));
  let barcodeBody = 100000;
  chosen.forEach((def, i) => {
    const productId = ++ids.product;
    const status = i % 29 === 7 ? 'InactiveVisible' : i % 31 === 13 ? 'Inactive' : 'Active';
    products.push({
      id: productId,
      outerSysCode: `P${pad(i + 1, 4)}`,
      name: fit(LIMITS.product.name, `${def.zh} ${def.en}`),
      productCategoryId: def.leaf.id,
      status,
    });
    const packs: ProductDef['packs'] = [...PACKS[def.leaf.packs]];
    if (seventh.has(i)) packs.push({ ...packs[0]!, label: `${packs[0]!.label} 限定版` });
    packs.forEach((pack, j) => {
      const precision = pack.unit === 'kg' ? (pack.precision ?? 2) : 0;
      const priceBase = pack.price * (0.8 + rng.next() * 0.5);
      const price = round(priceBase, pack.unit === 'kg' ? 2 : 0);
      const sellPrice = round(price * (0.82 + rng.next() * 0.12), pack.unit === 'kg' ? 2 : 0);
      let inventoryQty = precision > 0 ? round(rng.next() * 800, precision) : rng.int(0, 1200);
      if (rng.chance(0.08)) inventoryQty = 0;
      const reservedQty = rng.chance(0.35)
        ? round(Math.min(inventoryQty, rng.next() * inventoryQty * 0.4 + 1), precision)
        : 0;
      const skuStatus = status === 'Active' ? (rng.chance(0.05) ? 'Inactive' : 'Active') : 'Inactive';
      skus.push({
        id: ++ids.sku,
        productId,
        outerSysCode: `S${pad(i + 1, 4)}-${pad(j + 1, 2)}`,
        name: fit(LIMITS.sku.name, `${def.zh} ${pack.label}`),
        barcode: rng.chance(0.9) ? ean13(barcodeBody++) : '',
        warehouse: def.leaf.packs === 'frozen' ? '冷凍一倉（桃園）' : rng.pick(WAREHOUSES.slice(0, 4)),
        unit: pack.unit,
        spec: fit(LIMITS.sku.spec, pack.label),
        price,
        sellPrice,
        quantityPrecision: precision,
        status: skuStatus,
        inventoryQty,
        reservedQty,
        // SKUs keyed in by the legacy POS channel kept the database default (contract §4).
        allowNegativeStock: rng.chance(0.03),
      });
    });
  });
  if (skus.length !== 500) throw new Error(`expected 500 SKUs, got ${skus.length}`);

  const bundles = giftBoxes(rng, ids, { skus, giftLeaves: leaves.filter((l) => l.gift), barcodeBody });
  const { creditQuotas, pointQuotas } = quotasOf(rng, companies);

  const getOperations = OPERATIONS.filter((op) => op.startsWith('GET '));
  return {
    key: 'formosa',
    name: '福爾摩沙食品貿易 Formosa Food Trading',
    credentials: [
      { clientId: 'demo-erp', secret: 'demo-erp-secret', status: 'active', operations: '*' },
      { clientId: 'demo-reader', secret: 'demo-reader-secret', status: 'active', operations: [...getOperations] },
      { clientId: 'demo-pending', secret: 'demo-pending-secret', status: 'pending', operations: '*' },
    ],
    roles,
    internalUsers,
    productCategories,
    companies,
    products,
    skus,
    bundles,
    creditQuotas,
    pointQuotas,
  };
}
export { quantityFor } from './demo-formosa-sales';
