import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { signedRequest } from '@/service/testing/client';
import { narrowCells, sheetOf } from '@/lib/files/testing/xlsx-widths';
import { storageStateFor } from './fixtures/accounts';
import { expect, test } from './fixtures/test';
import { demoTenant, uniqueCode } from './support/demo-seed';
import { catalogue, listCsv, type Locale } from './support/imports';
import { ensureSnapshot } from './support/quotas';

// Issue 62 points 1 and 2: what the ERP sent, shown as sent, every error with its limit; and a workbook shown
// whole. The ERP (signed calls to the console's /v1 relay, demo seed's credential) sends a SKU priced -50 and
// one whose name is 412 characters long and sell price -50; a steward reads them in English and Chinese, on a
// laptop and on a phone, and opens the two-error item in the fix grid.
test.describe.configure({ mode: 'serial' });
test.use({ storageState: storageStateFor('steward') });

const product = demoTenant().products[0]!;
const SHOTS = 'test-results/rejections-sent';
const run = uniqueCode('SENT');

const WORDS = {
  en: {
    price: 'Price -50 is out of range: the service accepts 0 to 9,999,999.99. Correct it here or in the ERP.',
    sell: 'Sell price -50 is out of range: the service accepts 0 to 9,999,999.99. Correct it here or in the ERP.',
    nameError: 'Name has 412 characters; at most 100',
    sellError: 'Sell price “-50” is out of range: use 0 to 9,999,999.99',
    cut: '(412 characters)',
    fix: /^Fix and resend/,
    grid: 'Rows to fix',
  },
  'zh-TW': {
    price: '價格 -50 超出範圍：服務接受 0 到 9,999,999.99。請在這裡或 ERP 中更正。',
    sell: '售價 -50 超出範圍：服務接受 0 到 9,999,999.99。請在這裡或 ERP 中更正。',
    nameError: '名稱有 412 個字，最多 100 個字',
    sellError: '售價「-50」超出範圍：請填 0 到 9,999,999.99',
    cut: '（412 個字）',
    fix: null,
    grid: null,
  },
} as const;

/** The report's headers and words, as each reader's catalogue has them. */
function reportWords(locale: Locale) {
  type Words = { rejections: { reportHeaders: Record<string, string>; closed: Record<string, string> } };
  const { reportHeaders: h, closed } = catalogue<Words>(locale, 'rejections').rejections;
  const families = catalogue<{ imports: { families: Record<string, string> } }>(locale, 'imports').imports.families;
  return {
    record: h.record!,
    field: h.field!,
    value: h.valueSent!,
    kind: h.family!,
    state: h.state!,
    skus: families.skus!,
    open: closed.open!,
  };
}

test.beforeAll(async ({ baseURL }) => {
  const creds = { clientId: 'demo-erp', secret: 'demo-erp-secret' };
  const body = [
    { productId: product.id, outerSysCode: `${run}-NEG`, name: `Negative ${run}`, price: -50 },
    { productId: product.id, outerSysCode: `${run}-TWO`, name: 'N'.repeat(412), sellPrice: -50 },
  ];
  const response = await fetch(await signedRequest('POST', '/v1/skus/batch', body, { base: baseURL!, creds }));
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { items: { status: string; errors: string[] }[] };
  expect(answer.items.map((i) => i.errors)).toEqual([['invalid_price'], ['name_too_long', 'invalid_price']]);
});

for (const locale of ['en', 'zh-TW'] as const)
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])
    test(`the value sent and every error, ${locale} at ${viewport.width}px`, async ({ browser }) => {
      const w = WORDS[locale];
      const context = await browser.newContext({ storageState: storageStateFor('steward'), locale, viewport });
      const page = await context.newPage();
      await expect(async () => {
        await page.goto('/imports/rejections');
        await expect(page.getByRole('region', { name: w.price, exact: true })).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });

      // A sync's rows: a table at a desk, a card per item on a phone (seven columns do not fit 358 px).
      const rowsRole = viewport.width < 640 ? 'list' : 'table';
      // The ERP's -50 shows as -50, beside its field, with the contract's range.
      const price = page.getByRole('region', { name: w.price, exact: true });
      await price.locator('summary').click();
      const negative = price.getByRole(rowsRole).filter({ hasText: `${run}-NEG` });
      await expect(negative).toContainText('-50');
      await expect(negative).not.toContainText(locale === 'en' ? '(empty)' : '（空白）');
      await price.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}-price-${locale}-${viewport.width}.png`, fullPage: false });

      // The two-error item: under each of its causes, both errors on its row, the name cut with its length.
      const sell = page.getByRole('region', { name: w.sell, exact: true });
      await sell.locator('summary').click();
      const two = sell.getByRole(rowsRole).filter({ hasText: `${run}-TWO` });
      await expect(two).toContainText(w.nameError);
      await expect(two).toContainText(w.sellError);
      await expect(two).toContainText(w.cut);
      await two.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}-two-${locale}-${viewport.width}.png`, fullPage: false });
      // Nothing on the page is wider than a phone: the 412 letters without a space wrap in their card.
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // In the fix grid, both errors beside their cells.
      if (w.fix && viewport.width === 1280) {
        await sell.getByRole('button', { name: w.fix }).click();
        const grid = page.getByRole('grid', { name: w.grid });
        await expect(grid).toContainText(w.nameError);
        await expect(grid).toContainText(w.sellError);
        await grid.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}-grid-${locale}.png` });
      }
      await context.close();
    });

for (const locale of ['en', 'zh-TW'] as Locale[])
  test(`the credit workbook has no column narrower than its amounts (${locale})`, async ({ browser, page }) => {
    await ensureSnapshot(page);
    const bytes = await listCsv(browser, '/quotas?tab=credit', locale, 'xlsx');
    const sheet = await sheetOf(new Uint8Array(bytes));
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect(narrowCells(sheet)).toEqual([]);
    // "Read at" names its zone, in the reader's brackets (full-width in Chinese).
    type Words = { quotas: { credit: { readAt: string } } };
    const readAt = catalogue<Words>(locale, 'quotas').quotas.credit.readAt;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const zoned = headers.find((h) => h.startsWith(readAt));
    expect(zoned).toMatch(locale === 'en' ? / \([\w/+-]+\)$/ : /（[\w/+-]+）$/);
    // Kept to be opened as people open it (LibreOffice, rendered to images by scripts/render-workbooks.sh).
    mkdirSync('test-results', { recursive: true });
    writeFileSync(`${SHOTS}-credit-${locale}.xlsx`, bytes);
  });

// The report for the ERP's team, as the page's download writes it: a row per error, each with the ERP's field
// and the value sent there (-50, not blank), kinds and states in words, the whole workbook readable.
for (const locale of ['en', 'zh-TW'] as Locale[])
  test(`the rejections report carries each field's value as sent, shown whole (${locale})`, async ({ browser }) => {
    // Through the page's button: the browser's request carries the reader's language, as a person's does.
    type Words = { rejections: { reportXlsx: string } };
    const button = catalogue<Words>(locale, 'rejections').rejections.reportXlsx;
    const context = await browser.newContext({
      storageState: storageStateFor('steward'),
      locale,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await page.goto('/imports/rejections?family=skus&state=open');
    const file = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    const bytes = readFileSync((await (await file).path())!);
    await context.close();
    const sheet = await sheetOf(new Uint8Array(bytes));
    expect(narrowCells(sheet)).toEqual([]);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, r) => {
      if (r > 1) rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1).value])));
    });
    const h = reportWords(locale);
    const own = (code: string) => rows.filter((r) => r[h.record] === `${run}-${code}`);
    expect(own('NEG').map((r) => [r[h.field], r[h.value]])).toEqual([['price', '-50']]);
    expect(own('TWO').map((r) => [r[h.field], String(r[h.value]).length])).toEqual(
      expect.arrayContaining([
        ['name', 412],
        ['sellPrice', 3],
      ]),
    );
    expect(own('TWO')).toHaveLength(2);
    for (const row of [...own('NEG'), ...own('TWO')]) {
      expect(row[h.kind]).toBe(h.skus);
      expect(row[h.state]).toBe(h.open);
    }
    writeFileSync(`${SHOTS}-report-${locale}.xlsx`, bytes);
  });
