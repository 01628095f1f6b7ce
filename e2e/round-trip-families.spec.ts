import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { signedRequest } from '@/service/testing/client';
import { demoTenant, proxyWrite, uniqueCode } from './support/demo-seed';
import { refreshQuotaSnapshot } from './support/quotas';
import {
  catalogue,
  chooseFile,
  count,
  expectComparison,
  exportsPageFiles,
  formulaLike,
  listFiles,
  proxyRead,
  rowsOf,
  startAndFinish,
  toFile,
  type FileFormat,
  type Locale,
} from './support/imports';

/**
 * Files that round-trip, family by family (issue 26): what the console exports for a family, with English and
 * with Chinese headers, imports back with no manual step and every row "Change nothing"; 5 rows with one number
 * changed are exactly the 5 updates, old → new, and once sent the service holds the new values. SKUs are in
 * e2e/round-trip.spec.ts (as CSV and as a workbook); here are the other eight, 20 records each, made through
 * the API with codes no other spec uses. Unchanged files stop at the comparison; one edited file is sent.
 * Their text fields start as formulas would (=, +886, -, @: issue 47), so each file carries the formula guard,
 * and an Excel export of each family comes back changing nothing too; once sent, every text is as it was made.
 */

test.use({ storageState: storageStateFor('steward') });

const tenant = demoTenant();
const N = 20;
const run = uniqueCode('RTF');
const UNUSED = 'Columns this file has that the import will not use';
const LOCALES: Locale[] = ['en', 'zh-TW'];

type Words = Record<string, string>;
const exportColumns = (l: Locale) => catalogue<{ exports: { columns: Words } }>(l, 'exports').exports.columns;
const quotaWords = (l: Locale) => catalogue<{ quotas: { credit: Words; points: Words } }>(l, 'quotas').quotas;

/** The records of one family's case: code → id, the value of the edited field and the text fields as made. */
interface Made {
  ids: Map<string, number>;
  values: Map<string, number>;
  texts: Map<string, Record<string, string>>;
}

interface Case {
  title: string;
  /** The family as the wizard names it. */
  family: string;
  /** The files the console writes for the case's records, one per format, from one page in a browser set to `locale`. */
  exported: (browser: Browser, locale: Locale, formats: FileFormat[]) => Promise<Buffer[]>;
  /** The numeric field edited, its header and the header of the records' ERP code, per language. */
  field: string;
  header: (l: Locale) => string;
  code: (l: Locale) => string;
  /** The edited value of the n-th edited row (1 to 5): decimals, so a number that loses them shows. */
  edit: (n: number) => number;
  /** Made in beforeAll. */
  made: Made;
  /** The field's value in the service now, for one record. */
  read: (page: Page, id: number) => Promise<number>;
  /** Where the record with the case's text fields is read. */
  textsAt: (id: number) => string;
  /** The language of the file edited and sent (the other is only compared). */
  send: Locale;
  /** The results' status of a row applied: a quota batch answers "ok", not created or updated. */
  applied?: 'ok';
}

const made = (): Made => ({ ids: new Map(), values: new Map(), texts: new Map() });
const codesOf = (letter: string) =>
  Array.from({ length: N }, (_, i) => `${run}-${letter}${String(i + 1).padStart(2, '0')}`);
const field = (path: (id: number) => string, name: string) => async (page: Page, id: number) =>
  (await proxyRead<Record<string, number>>(page, path(id)))[name]!;
const exportsPage = (resource: string, letter: string) => (browser: Browser, locale: Locale, formats: FileFormat[]) =>
  exportsPageFiles(browser, resource, `${run}-${letter}`, locale, formats);
const quotaPage = (tab: 'credit' | 'points') => (browser: Browser, locale: Locale, formats: FileFormat[]) =>
  listFiles(browser, `/quotas?tab=${tab}&q=${encodeURIComponent(`${run}-Q`)}`, locale, formats);
const company = (id: number) => `/v1/companies/${id}`;
const sku = (id: number) => `/v1/skus/${id}`;
const bundle = (id: number) => `/v1/bundles/${id}`;
const erpCode = (l: Locale) => exportColumns(l).outerSysCode!;

// Another salesperson and another category than the ones the records are made with.
const SALESPERSON = [2, 3] as const;
// Tea (products.spec creates there too) and Juice: products.spec counts the products of the first other category with products (Coffee).
const CATEGORY = [2, 4] as const;
// A component no seeded bundle uses: bundles.spec counts the bundles that use the first seeded bundle's first component.
const usedAsComponent = new Set(tenant.bundles.flatMap((b) => b.components.map((c) => c.componentSkuId)));
const bundleProductIds = new Set(tenant.bundles.map((b) => b.id));
const componentSku = tenant.skus.find((s) => !usedAsComponent.has(s.id) && !bundleProductIds.has(s.productId))!;
const giftBoxes = tenant.bundles[0] as unknown as { productCategoryId: number };

const CASES: Case[] = [
  {
    // A company's only number is its salesperson's id: that is the column changed.
    title: 'companies (Exports page)',
    family: 'Companies',
    exported: exportsPage('companies', 'C'),
    field: 'internalUserId',
    header: (l) => exportColumns(l).internalUserId!,
    code: erpCode,
    edit: () => SALESPERSON[1],
    made: made(),
    read: field((id) => `/v1/companies/${id}`, 'internalUserId'),
    textsAt: company,
    send: 'zh-TW',
  },
  {
    // A product's only number is its category id: that is the column changed.
    title: 'products (Exports page)',
    family: 'Products',
    exported: exportsPage('products', 'P'),
    field: 'productCategoryId',
    header: (l) => exportColumns(l).productCategoryId!,
    code: erpCode,
    edit: () => CATEGORY[1],
    made: made(),
    read: field((id) => `/v1/products/${id}`, 'productCategoryId'),
    textsAt: (id) => `/v1/products/${id}`,
    send: 'en',
  },
  {
    title: 'bundles (Exports page)',
    family: 'Bundles',
    exported: exportsPage('bundles', 'B'),
    field: 'sellPrice',
    header: (l) => exportColumns(l).sellPrice!,
    code: erpCode,
    edit: (n) => 800.25 + n,
    made: made(),
    read: field((id) => `/v1/bundles/${id}`, 'sellPrice'),
    textsAt: bundle,
    send: 'zh-TW',
  },
  {
    title: 'SKU stock (the SKU export)',
    family: 'SKU stock',
    exported: exportsPage('skus', 'K'),
    field: 'inventoryQty',
    header: (l) => exportColumns(l).inventoryQty!,
    code: erpCode,
    edit: (n) => 500.75 + n,
    made: made(),
    read: field((id) => `/v1/skus/${id}/stock`, 'inventoryQty'),
    textsAt: sku,
    send: 'en',
  },
  {
    title: 'SKU prices (the SKU export)',
    family: 'SKU prices',
    exported: exportsPage('skus', 'R'),
    field: 'price',
    header: (l) => exportColumns(l).price!,
    code: erpCode,
    edit: (n) => 700.5 + n,
    made: made(),
    read: field((id) => `/v1/skus/${id}/price`, 'price'),
    textsAt: sku,
    send: 'zh-TW',
  },
  {
    title: 'bundle prices (the bundle export)',
    family: 'Bundle prices',
    exported: exportsPage('bundles', 'D'),
    field: 'price',
    header: (l) => exportColumns(l).price!,
    code: erpCode,
    edit: (n) => 900.75 + n,
    made: made(),
    read: field((id) => `/v1/bundles/${id}/prices`, 'price'),
    textsAt: bundle,
    send: 'en',
  },
  {
    title: 'point quotas (the Quotas page)',
    family: 'Point quota',
    exported: quotaPage('points'),
    field: 'balance',
    header: (l) => quotaWords(l).points.balance!,
    code: (l) => quotaWords(l).credit.code!,
    edit: (n) => 1234.5 + n,
    made: made(),
    read: field((id) => `/v1/companies/${id}/point-quota`, 'balance'),
    textsAt: (id) => `/v1/companies/${id}/point-quota`,
    send: 'zh-TW',
    applied: 'ok',
  },
  {
    title: 'credit quotas (the Quotas page)',
    family: 'Credit quota',
    exported: quotaPage('credit'),
    field: 'creditAmount',
    header: (l) => quotaWords(l).credit.creditAmount!,
    code: (l) => quotaWords(l).credit.code!,
    // A raise of about 10 %: under the demo policy's 20 % and NT$100,000, so it applies without approval.
    edit: (n) => 55_000.25 + n,
    made: made(),
    read: field((id) => `/v1/companies/${id}/credit-quota`, 'creditAmount'),
    textsAt: (id) => `/v1/companies/${id}/credit-quota`,
    send: 'en',
    applied: 'ok',
  },
];
const byFamily = (family: string) => CASES.find((c) => c.family === family)!.made;

/** Writes a batch and returns the ids in the order of `codes`. */
async function batch(page: Page, path: string, items: Record<string, unknown>[]): Promise<number[]> {
  const res = await proxyWrite(page, 'POST', path, items);
  expect(res.status).toBe(200);
  const results = (res.body as { items: { status: string; id: number | null }[] }).items;
  expect(results.map((r) => r.status)).toEqual(items.map(() => expect.stringMatching(/^(created|updated)$/)));
  return results.map((r) => r.id!);
}

function remember(
  m: Made,
  codes: string[],
  ids: number[],
  value: (i: number) => number,
  texts: (i: number) => Record<string, string>,
) {
  codes.forEach((code, i) => {
    m.ids.set(code, ids[i]!);
    m.values.set(code, value(i));
    m.texts.set(code, texts(i));
  });
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateFor('steward') });
  const page = await context.newPage();
  await page.goto('/imports/new');

  // Text fields that start as formulas would, the Taiwanese phone number's +886 among them.
  const companyTexts = (code: string, i: number) => ({
    name: formulaLike(i, `Round trip ${code}`),
    shortName: formulaLike(i + 1, `RT ${i + 1}`),
    cellPhone: `+886 2 2345 67${String(i).padStart(2, '0')}`,
    shippingAddress: formulaLike(i + 2, '台北市信義區松仁路100號'),
  });
  const companies = async (letter: string, value: (i: number) => Record<string, unknown> = () => ({})) => {
    const codes = codesOf(letter);
    const ids = await batch(
      page,
      '/v1/companies/batch',
      codes.map((code, i) => ({ outerSysCode: code, ...companyTexts(code, i), ...value(i) })),
    );
    return { codes, ids };
  };
  const c = await companies('C', () => ({ internalUserId: SALESPERSON[0] }));
  remember(
    byFamily('Companies'),
    c.codes,
    c.ids,
    () => SALESPERSON[0],
    (i) => companyTexts(c.codes[i]!, i),
  );

  const p = codesOf('P');
  const productTexts = (i: number) => ({ name: formulaLike(i, `Round trip ${p[i]}`) });
  remember(
    byFamily('Products'),
    p,
    await batch(
      page,
      '/v1/products/batch',
      p.map((code, i) => ({ outerSysCode: code, ...productTexts(i), productCategoryId: CATEGORY[0] })),
    ),
    () => CATEGORY[0],
    productTexts,
  );

  const itemTexts = (code: string, i: number) => ({
    name: formulaLike(i, `Round trip ${code}`),
    spec: formulaLike(i + 1, '300g'),
    warehouse: formulaLike(i + 2, 'A1'),
  });
  const skus = (letter: string) => {
    const codes = codesOf(letter);
    const items = codes.map((code, i) => ({
      productId: componentSku.productId,
      outerSysCode: code,
      ...itemTexts(code, i),
      unit: '包',
      price: 100.25 + i,
      sellPrice: 90.5 + i,
      quantityPrecision: 2,
    }));
    return batch(page, '/v1/skus/batch', items).then((ids) => ({
      codes,
      ids,
      texts: (i: number) => itemTexts(codes[i]!, i),
    }));
  };
  const stock = await skus('K');
  const stockQty = (i: number) => 10.25 + i;
  await batch(
    page,
    '/v1/skus/stock/batch',
    stock.ids.map((skuId, i) => ({ skuId, inventoryQty: stockQty(i) })),
  );
  remember(byFamily('SKU stock'), stock.codes, stock.ids, stockQty, stock.texts);
  const prices = await skus('R');
  remember(byFamily('SKU prices'), prices.codes, prices.ids, (i) => 100.25 + i, prices.texts);

  const bundles = (letter: string) => {
    const codes = codesOf(letter);
    const items = codes.map((code, i) => ({
      outerSysCode: code,
      ...itemTexts(code, i),
      productCategoryId: giftBoxes.productCategoryId,
      unit: '盒',
      price: 600.5 + i,
      sellPrice: 550.25 + i,
      components: [{ componentSkuId: componentSku.id, quantity: 2, sort: 10 }],
    }));
    return batch(page, '/v1/bundles/batch', items).then((ids) => ({
      codes,
      ids,
      texts: (i: number) => itemTexts(codes[i]!, i),
    }));
  };
  const b = await bundles('B');
  remember(byFamily('Bundles'), b.codes, b.ids, (i) => 550.25 + i, b.texts);
  const d = await bundles('D');
  remember(byFamily('Bundle prices'), d.codes, d.ids, (i) => 600.5 + i, d.texts);

  // Quotas: one set of companies for both kinds; the Quotas page lists them once the snapshot has read them.
  const q = await companies('Q');
  const memo = (kind: string) => (i: number) => ({ memo: formulaLike(i + 3, `RT ${kind} ${i + 1}`) });
  const points = q.ids.map((companyId, i) => ({ companyId, balance: 100.5 + i, enabled: true, ...memo('points')(i) }));
  const credit = q.ids.map((companyId, i) => ({
    companyId,
    creditAmount: 50_000.75 + i,
    enabled: i % 2 === 0,
    ...memo('credit')(i),
  }));
  for (const [path, items] of [
    ['/v1/companies/point-quota/batch', points],
    ['/v1/companies/credit-quota/batch', credit],
  ] as const) {
    // Written as the ERP writes them (signed /v1 on the console's port): a person's raise from 0 through the proxy
    // is a change the demo's approval policy holds for a second person (issue 55); the ERP is never gated.
    const base = test.info().project.use.baseURL!;
    const creds = { clientId: 'demo-erp', secret: 'demo-erp-secret' };
    const res = await fetch(await signedRequest('POST', path, items, { base, creds }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { status: string }[] };
    expect(body.items.map((r) => r.status)).toEqual(items.map(() => 'ok'));
  }
  remember(byFamily('Point quota'), q.codes, q.ids, (i) => 100.5 + i, memo('points'));
  remember(byFamily('Credit quota'), q.codes, q.ids, (i) => 50_000.75 + i, memo('credit'));
  await refreshQuotaSnapshot(page, { tab: 'points', q: `${run}-Q`, count: q.codes.length, attempts: 2 });
  await context.close();
});

const compared = (page: Page) => page.getByRole('table', { name: 'What each row would do' });

for (const c of CASES) {
  test(`${c.title}: exported as CSV with English and Chinese headers and as .xlsx, texts starting with = + - @ import back changing nothing; 5 edited numbers update, old → new`, async ({
    page,
    browser,
  }) => {
    test.slow(); // Three exports, four checks with comparison and one import.
    const files = new Map<Locale, string[][]>();
    // Two CSVs (English and Chinese headers) and a workbook: each changes nothing. The workbook is exported from
    // the same page as the CSV of its language, right after it.
    const exported: [Locale, FileFormat, Buffer][] = [];
    for (const locale of LOCALES) {
      const formats: FileFormat[] = locale === c.send ? ['csv', 'xlsx'] : ['csv'];
      const buffers = await c.exported(browser, locale, formats);
      formats.forEach((format, i) => exported.push([locale, format, buffers[i]!]));
    }
    // Checked in the order English CSV, Chinese CSV, workbook (a stable sort keeps the languages' order).
    exported.sort(([, a], [, b]) => (a === b ? 0 : a === 'csv' ? -1 : 1));
    for (const [locale, format, file] of exported) {
      if (format === 'csv') {
        const rows = rowsOf(file);
        expect(rows).toHaveLength(N + 1);
        // The texts left guarded against formulas.
        expect(rows.flat().filter((cell) => /^'[=+\-@]/.test(cell)).length).toBeGreaterThanOrEqual(N);
        files.set(locale, rows);
      }
      await chooseFile(page, c.family, `${c.family}-${locale}.${format}`, file);
      // No manual step: the number is mapped to its field, and no column waits for a decision.
      await expect(page.getByLabel(`Field for column ${c.header(locale)}`, { exact: true })).toHaveValue(c.field);
      await expect(page.getByText(UNUSED)).toHaveCount(0);
      await page.getByRole('button', { name: 'Check rows' }).click();
      await expectComparison(page, `0 rows create, 0 rows update, ${N} rows change nothing, 0 rows would fail.`);
      await expect(compared(page).locator('tbody tr[data-kind="same"]')).toHaveCount(N);
    }

    // Change the number in the file's first 5 rows.
    const rows = files.get(c.send)!;
    const [col, codeCol] = [rows[0]!.indexOf(c.header(c.send)), rows[0]!.indexOf(c.code(c.send))];
    expect(Math.min(col, codeCol)).toBeGreaterThanOrEqual(0);
    const expected = new Map(c.made.values);
    const edited = rows.map((row, r) => {
      if (r < 1 || r > 5) return row;
      expect(Number(row[col])).toBe(c.made.values.get(row[codeCol]!));
      expected.set(row[codeCol]!, c.edit(r));
      return row.map((cell, i) => (i === col ? String(c.edit(r)) : cell));
    });
    await chooseFile(page, c.family, `${c.family}-edited.csv`, toFile(edited));
    await page.getByRole('button', { name: 'Check rows' }).click();
    await expectComparison(page, `0 rows create, 5 rows update, ${N - 5} rows change nothing, 0 rows would fail.`);
    await page.getByLabel('Show rows that').selectOption({ label: 'Update (5)' });
    const updates = compared(page).locator('tbody tr');
    await expect(updates).toHaveCount(5);
    for (let r = 1; r <= 5; r++) {
      const old = c.made.values.get(edited[r]![codeCol]!);
      await expect(updates.nth(r - 1)).toContainText(String(r + 1));
      await expect(updates.nth(r - 1)).toContainText(`${old} → ${c.edit(r)}`);
    }
    await startAndFinish(page);
    await expect(count(page, c.applied ?? 'updated')).toHaveText('5');
    await expect(count(page, 'skipped')).toHaveText(String(N - 5));

    // The service holds the new numbers, and the old ones everywhere else.
    // The records are read side by side (the page's fetches, as the console's screens send them), not one by one.
    const made = [...c.made.ids];
    const [values, records] = await Promise.all([
      Promise.all(made.map(([, id]) => c.read(page, id))),
      Promise.all(made.map(([, id]) => proxyRead<Record<string, string>>(page, c.textsAt(id)))),
    ]);
    expect(new Map(made.map(([code], i) => [code, values[i]!]))).toEqual(expected);
    // Every text as made, in the rows sent and in those that changed nothing: no guard written into a record.
    const texts = new Map(
      made.map(([code], i) => [
        code,
        Object.fromEntries(Object.keys(c.made.texts.get(code)!).map((k) => [k, records[i]![k]!])),
      ]),
    );
    expect(texts).toEqual(c.made.texts);
  });
}
