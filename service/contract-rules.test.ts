import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BUNDLE_LIMITS,
  bundleCreate,
  bundlePriceWrite,
  COMPANY_LIMITS,
  companyWrite,
  CREDIT_AMOUNT_MAX,
  creditQuotaWrite,
  INTERNAL_USER_LIMITS,
  internalUserUpdate,
  MONEY_MAX,
  pointQuotaWrite,
  PRODUCT_LIMITS,
  productCreate,
  QUOTA_MEMO_MAX,
  SKU_CODE_REQUIRED,
  SKU_PRODUCT_REQUIRED,
  SKU_LIMITS,
  skuCreate,
  stockEntry,
} from '@/lib/contract';
import type { Service } from './app';
import { call } from './testing/client';
import { engines } from './testing/engines';
import { IDS } from './testing/fixtures';
import { useService } from './testing/harness';

/**
 * One rule, two readers: for each rule lib/contract owns, the console's form schema and the service refuse
 * the same value with the same code, and both accept the value at the limit. PGlite only: these are the
 * contract's rules, not the engine's (the resource suites run both engines).
 */
const A = IDS.acme;
/** The largest double under numeric(20,4)'s bound of 10^16; 10^16 itself is one past it. */
const NUMERIC_LAST = 9_999_999_999_999_998;

let n = 0;
const unique = (prefix: string) => `${prefix}-${++n}`;

function formCodes(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

type Send = (service: Service, value: unknown) => Promise<string[]>;

async function batchCodes(service: Service, method: string, path: string, item: unknown): Promise<string[]> {
  const res = await call<{ items: { status: string; errors?: string[]; error?: string | null }[] }>(
    service,
    method,
    path,
    [item],
  );
  expect(res.status).toBe(200);
  const result = res.body.items[0]!;
  if (result.status !== 'failed') return [];
  return result.errors ?? (result.error ? [result.error] : []);
}

async function singleCodes(service: Service, method: string, path: string, body: unknown): Promise<string[]> {
  const res = await call<{ error?: string }>(service, method, path, body);
  return res.status < 300 ? [] : [res.body.error ?? `HTTP ${res.status}`];
}

interface RuleCase {
  rule: string;
  code: string;
  form: z.ZodType;
  /** The record the form would validate and the service receive, with `value` in the field under test. */
  record: (value: unknown) => Record<string, unknown>;
  send: Send;
  at: unknown[];
  past: unknown[];
}

const bundle = (components: unknown, extra: Record<string, unknown> = {}) => ({
  outerSysCode: unique('RB'),
  name: 'Rule bundle',
  productCategoryId: A.teaCategory,
  components,
  ...extra,
});

const CASES: RuleCase[] = [
  {
    rule: 'bundle component quantity: rounded to 4 decimals, then above 0',
    code: 'invalid_component_quantity',
    form: bundleCreate,
    record: (q) => bundle([{ componentSkuId: A.sku, quantity: q }]),
    send: (s, body) => singleCodes(s, 'POST', '/v1/bundles', body),
    at: [0.0001, 0.00005],
    past: [0.00004, 0, -1],
  },
  {
    rule: 'bundle component quantity: within numeric(20,4)',
    code: 'invalid_component_quantity',
    form: bundleCreate,
    record: (q) => bundle([{ componentSkuId: A.sku, quantity: q }]),
    send: (s, body) => singleCodes(s, 'POST', '/v1/bundles', body),
    at: [NUMERIC_LAST],
    past: [1e16],
  },
  {
    rule: 'bundle create needs components',
    code: 'bundle_components_required',
    form: bundleCreate,
    record: (components) => bundle(components),
    send: (s, body) => singleCodes(s, 'POST', '/v1/bundles', body),
    at: [[{ componentSkuId: A.sku, quantity: 1 }]],
    past: [[], null],
  },
  {
    rule: 'bundle create needs a category',
    code: 'product_category_id_required',
    form: bundleCreate,
    record: (productCategoryId) => bundle([{ componentSkuId: A.sku, quantity: 1 }], { productCategoryId }),
    send: (s, body) => singleCodes(s, 'POST', '/v1/bundles', body),
    at: [A.teaCategory],
    past: [null],
  },
  {
    rule: 'stock: 0 or more',
    code: 'invalid_inventory_qty',
    form: stockEntry(2),
    record: (inventoryQty) => ({ skuId: A.sku2, inventoryQty }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/skus/stock/batch', item),
    at: [0],
    past: [-0.01],
  },
  {
    rule: "stock: no more decimals than the SKU's quantityPrecision (SKU 2: 2)",
    code: 'invalid_inventory_qty',
    form: stockEntry(2),
    record: (inventoryQty) => ({ skuId: A.sku2, inventoryQty }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/skus/stock/batch', item),
    at: [2.55],
    past: [2.555],
  },
  {
    rule: 'stock: within numeric(20,4)',
    code: 'invalid_inventory_qty',
    form: stockEntry(0),
    record: (inventoryQty) => ({ skuId: A.sku, inventoryQty }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/skus/stock/batch', item),
    at: [NUMERIC_LAST],
    past: [1e16],
  },
  {
    rule: 'stock: required',
    code: 'inventory_qty_required',
    form: stockEntry(0),
    record: (inventoryQty) => ({ skuId: A.sku, inventoryQty }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/skus/stock/batch', item),
    at: [1],
    past: [null],
  },
  {
    rule: 'point balance: rounded to 4 decimals, then 0 or more',
    code: 'invalid_balance',
    form: pointQuotaWrite,
    record: (balance) => ({ companyId: A.company, balance }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/companies/point-quota/batch', item),
    at: [0, -0.00004],
    past: [-0.00005, -1],
  },
  {
    rule: 'point balance: within numeric(20,4)',
    code: 'invalid_balance',
    form: pointQuotaWrite,
    record: (balance) => ({ companyId: A.company, balance }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/companies/point-quota/batch', item),
    at: [NUMERIC_LAST],
    past: [1e16],
  },
  {
    rule: 'point balance: required (never read as 0)',
    code: 'missing_balance',
    form: pointQuotaWrite,
    record: (balance) => ({ companyId: A.company, balance }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/companies/point-quota/batch', item),
    at: [0],
    past: [null],
  },
  {
    rule: 'credit amount: 0 to CREDIT_AMOUNT_MAX',
    code: 'invalid_credit_amount',
    form: creditQuotaWrite,
    record: (creditAmount) => ({ companyId: A.company, creditAmount }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/companies/credit-quota/batch', item),
    // CREDIT_AMOUNT_MAX is 10^14 as a double; the next double above it is 10^14 + 1/64.
    at: [0, CREDIT_AMOUNT_MAX],
    past: [-0.0001, 100_000_000_000_000.02],
  },
  {
    rule: 'credit amount: required',
    code: 'missing_credit_amount',
    form: creditQuotaWrite,
    record: (creditAmount) => ({ companyId: A.company, creditAmount }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/companies/credit-quota/batch', item),
    at: [1],
    past: [null],
  },
  {
    rule: 'quota memo: at most QUOTA_MEMO_MAX characters',
    code: 'invalid_memo',
    form: creditQuotaWrite,
    record: (memo) => ({ companyId: A.company, creditAmount: 1, memo }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/companies/credit-quota/batch', item),
    at: ['茶'.repeat(QUOTA_MEMO_MAX)],
    past: ['茶'.repeat(QUOTA_MEMO_MAX + 1)],
  },
  {
    rule: 'quota key: a company id or a non-blank code',
    code: 'missing_key',
    form: pointQuotaWrite,
    record: (companyCode) => ({ companyCode, balance: 1 }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/companies/point-quota/batch', item),
    at: ['C001'],
    past: ['', '  ', null],
  },
  {
    rule: 'SKU create needs a product',
    code: SKU_PRODUCT_REQUIRED,
    form: skuCreate,
    record: (productId) => ({ productId, outerSysCode: unique('RS') }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/skus/batch', item),
    at: [A.product],
    past: [0, null],
  },
  {
    rule: 'SKU create needs an ERP code',
    code: SKU_CODE_REQUIRED,
    form: skuCreate,
    record: (outerSysCode) => ({ productId: A.product, outerSysCode }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/skus/batch', item),
    at: ['x'],
    past: ['', null],
  },
  {
    rule: 'SKU price: 0 to MONEY_MAX',
    code: 'invalid_price',
    form: skuCreate,
    record: (price) => ({ productId: A.product, outerSysCode: unique('RP'), price }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/skus/batch', item),
    at: [0, MONEY_MAX],
    past: [-0.01, MONEY_MAX + 0.01],
  },
  {
    rule: 'product create needs a category',
    code: 'product_category_id_required',
    form: productCreate,
    record: (productCategoryId) => ({ outerSysCode: unique('RPR'), productCategoryId }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/products/batch', item),
    at: [A.teaCategory],
    past: [null],
  },
  {
    rule: 'company short name: at most COMPANY_LIMITS.shortName characters',
    code: 'short_name_too_long',
    form: companyWrite,
    record: (shortName) => ({ outerSysCode: unique('RC'), shortName }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/companies/batch', item),
    at: ['台'.repeat(COMPANY_LIMITS.shortName)],
    past: ['台'.repeat(COMPANY_LIMITS.shortName + 1)],
  },
  {
    rule: 'bundle component: an id or a non-blank code',
    code: 'component_identifier_required',
    form: bundleCreate,
    record: (component) => bundle([component]),
    send: (s, body) => singleCodes(s, 'POST', '/v1/bundles', body),
    at: [{ componentSkuId: A.sku, quantity: 1 }],
    past: [{ quantity: 1 }, { componentSkuOuterSysCode: '  ', quantity: 1 }],
  },
  {
    rule: 'bundle spec: at most BUNDLE_LIMITS.spec characters (a bundle takes 100, a SKU 50)',
    code: 'spec_too_long',
    form: bundleCreate,
    record: (spec) => bundle([{ componentSkuId: A.sku, quantity: 1 }], { spec }),
    send: (s, body) => singleCodes(s, 'POST', '/v1/bundles', body),
    at: ['規'.repeat(BUNDLE_LIMITS.spec)],
    past: ['規'.repeat(BUNDLE_LIMITS.spec + 1)],
  },
  {
    rule: 'bundle prices: 0 to MONEY_MAX',
    code: 'invalid_price',
    form: bundlePriceWrite,
    record: (price) => ({ id: A.bundle, price }),
    send: (s, item) => batchCodes(s, 'PUT', '/v1/bundle-prices/batch', item),
    at: [0, MONEY_MAX],
    past: [-0.01, MONEY_MAX + 0.01],
  },
  {
    rule: 'SKU spec: at most SKU_LIMITS.spec characters',
    code: 'spec_too_long',
    form: skuCreate,
    record: (spec) => ({ outerSysCode: unique('RS'), productId: A.product, spec }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/skus/batch', item),
    at: ['規'.repeat(SKU_LIMITS.spec)],
    past: ['規'.repeat(SKU_LIMITS.spec + 1)],
  },
  {
    rule: 'SKU quantity precision: a whole number from 0 to 4',
    code: 'invalid_quantity_precision',
    form: skuCreate,
    record: (quantityPrecision) => ({ outerSysCode: unique('RS'), productId: A.product, quantityPrecision }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/skus/batch', item),
    at: [0, 4],
    past: [5, -1, 1.5],
  },
  {
    rule: 'product name: at most PRODUCT_LIMITS.name characters',
    code: 'name_too_long',
    form: productCreate,
    record: (name) => ({ outerSysCode: unique('RPR'), productCategoryId: A.teaCategory, name }),
    send: (s, item) => batchCodes(s, 'POST', '/v1/products/batch', item),
    at: ['茶'.repeat(PRODUCT_LIMITS.name)],
    past: ['茶'.repeat(PRODUCT_LIMITS.name + 1)],
  },
  {
    rule: 'internal user name: at most INTERNAL_USER_LIMITS.name characters',
    code: 'name_too_long',
    form: internalUserUpdate,
    record: (name) => ({ name }),
    send: (s, body) => singleCodes(s, 'PUT', `/v1/internal-users/${A.sales}`, body),
    at: ['陳'.repeat(INTERNAL_USER_LIMITS.name)],
    past: ['陳'.repeat(INTERNAL_USER_LIMITS.name + 1)],
  },
  {
    rule: 'internal user password: passwordMin to passwordMax characters',
    code: 'invalid_password',
    form: internalUserUpdate,
    record: (password) => ({ password }),
    send: (s, body) => singleCodes(s, 'PUT', `/v1/internal-users/${A.sales}`, body),
    at: ['p'.repeat(INTERNAL_USER_LIMITS.passwordMin), 'p'.repeat(INTERNAL_USER_LIMITS.passwordMax)],
    past: ['p'.repeat(INTERNAL_USER_LIMITS.passwordMin - 1), 'p'.repeat(INTERNAL_USER_LIMITS.passwordMax + 1)],
  },
];

describe.each(engines().filter((e) => e.name === 'pglite'))(
  'lib/contract rules, form and service ($name)',
  (engine) => {
    const service = useService(engine);

    it.each(CASES)('$rule', async ({ code, form, record, send, at, past }) => {
      for (const value of at) {
        const input = record(value);
        expect(formCodes(form, input), `form, ${JSON.stringify(value)}`).toEqual([]);
        expect(await send(service(), input), `service, ${JSON.stringify(value)}`).toEqual([]);
      }
      for (const value of past) {
        const input = record(value);
        expect(formCodes(form, input), `form, ${JSON.stringify(value)}`).toContain(code);
        expect(await send(service(), input), `service, ${JSON.stringify(value)}`).toContain(code);
      }
    });
  },
);
