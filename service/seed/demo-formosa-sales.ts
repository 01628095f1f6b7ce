// The demo's main tenant, continued: what it sells as gift boxes and the quota each company has (demo-formosa.ts).
import { LIMITS } from '../../lib/contract';
import { type Tenant, type Sku, type Rng, round, pad, ean13, fit, type Counters } from './demo-tools';
import { BUNDLE_KINDS, BUNDLE_THEMES } from './demo-words';

/** 30 gift boxes of 2 to 5 active components, fractional quantities for weighed goods. */
export function giftBoxes(
  rng: Rng,
  ids: Counters,
  from: { skus: Sku[]; giftLeaves: { id: number }[]; barcodeBody: number },
): Tenant['bundles'] {
  const { skus, giftLeaves } = from;
  let barcodeBody = from.barcodeBody;
  const bundles: Tenant['bundles'] = [];
  // Gift boxes hold retail packs, not cases or drums.
  const activeSkus = skus.filter((s) => s.status === 'Active' && s.unit !== '箱' && s.unit !== '桶');
  // The house pineapple cake goes into every fifth box, so the component filter has a SKU used by many bundles.
  const signature = activeSkus.find((s) => s.name?.startsWith('鳳梨酥')) as Sku;
  const usedBundleNames = new Set<string>();
  for (let b = 1; b <= 30; b++) {
    let zh: string;
    let en: string;
    do {
      const [tZh, tEn] = rng.pick(BUNDLE_THEMES);
      const [kZh, kEn] = rng.pick(BUNDLE_KINDS);
      zh = `${tZh}${kZh}`;
      en = `${tEn} ${kEn}`;
    } while (usedBundleNames.has(zh));
    usedBundleNames.add(zh);
    const count = rng.int(2, 5);
    const parts = rng.shuffle(activeSkus.filter((s) => s !== signature)).slice(0, count);
    if (b % 5 === 0) parts[0] = signature;
    const components = parts.map((part, k) => ({
      componentSkuId: part.id,
      quantity: quantityFor(rng, part),
      sort: (k + 1) * 10,
    }));
    const listPrice = round(
      parts.reduce((sum, p, k) => sum + p.sellPrice * (components[k]?.quantity ?? 1), 0) * 1.1,
      0,
    );
    bundles.push({
      id: ++ids.product,
      skuId: ++ids.sku,
      outerSysCode: `B${pad(b, 4)}`,
      name: fit(LIMITS.bundle.name, `${zh} ${en}`),
      productCategoryId: (b % 3 === 0 ? giftLeaves[1] : giftLeaves[0])!.id,
      status: b === 29 ? 'InactiveVisible' : b === 30 ? 'Inactive' : 'Active',
      unit: '盒',
      spec: fit(LIMITS.bundle.spec, `${count} 件組`),
      barcode: ean13(barcodeBody++),
      warehouse: '桃園大園倉',
      price: Math.min(listPrice, 9_999_999.99),
      sellPrice: round(Math.min(listPrice, 9_999_999.99) * 0.9, 0),
      quantityPrecision: 0,
      components,
    });
  }
  return bundles;
}

/** Credit for ~70% of companies (some over their limit), points for ~55%. */
export function quotasOf(rng: Rng, companies: Tenant['companies']): Pick<Tenant, 'creditQuotas' | 'pointQuotas'> {
  const creditQuotas: Tenant['creditQuotas'] = [];
  const pointQuotas: Tenant['pointQuotas'] = [];
  const MEMOS = [
    '月結30天',
    '月結60天',
    '貨到付款',
    '季結，需主管核准',
    'Net 30',
    '新客戶試用額度',
    '信用額度年度調整',
    '',
  ];
  for (const c of companies) {
    if (rng.chance(0.7)) {
      const creditAmount = rng.int(5, 200) * 10_000;
      const over = rng.chance(0.08);
      const pendingAmount = over
        ? round(creditAmount * (1.02 + rng.next() * 0.3), 2)
        : rng.chance(0.6)
          ? round(creditAmount * rng.next() * 0.9, 2)
          : 0;
      creditQuotas.push({
        companyId: c.id,
        creditAmount,
        pendingAmount,
        enabled: !rng.chance(0.1),
        memo: rng.pick(MEMOS),
      });
    }
    if (rng.chance(0.55)) {
      pointQuotas.push({
        companyId: c.id,
        balance: rng.chance(0.1) ? 0 : round(rng.int(0, 50_000) + (rng.chance(0.3) ? rng.int(0, 99) / 100 : 0), 2),
        enabled: !rng.chance(0.15),
        memo: rng.chance(0.3) ? rng.pick(['年度回饋點數', '新春加碼', 'VIP 會員', 'Loyalty programme']) : '',
      });
    }
  }
  return { creditQuotas, pointQuotas };
}

/** A per-bundle quantity: whole units for counted goods, 0.5/0.25/… for goods sold by weight. */
export function quantityFor(rng: Rng, part: Sku): number {
  if (part.quantityPrecision > 0) return rng.pick([0.25, 0.5, 0.5, 0.75, 1.2, 1.5]);
  return rng.pick([1, 1, 1, 2, 2, 3]);
}
