import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { gs1CheckDigit } from '@/lib/imports/gs1';
import { demoTenant, proxyWrite, uniqueCode } from './support/demo-seed';
import {
  chooseFile,
  comparedRows,
  count,
  expectComparison,
  expectRowsContaining,
  exportsPageCsv,
  formulaLike,
  rowsOf,
  toFile,
} from './support/imports';
import { xlsx } from './support/xlsx';

/**
 * Files that round-trip (issue 26): what the Exports page writes, in English or Chinese, imports back with no
 * manual step; the comparison lists every row and predicts what the service would refuse. The SKUs' texts start as
 * formulas would (=, +886, -, @: issue 47), and come back as they left, from a CSV and from a workbook.
 */

const enSkus = (
  JSON.parse(readFileSync('messages/en/skus.json', 'utf8')) as {
    skus: { fields: Record<'outerSysCode' | 'barcode' | 'sellPrice' | 'name', string> };
  }
).skus.fields;
const tenant = demoTenant();
const product = tenant.products[0]!;
const bundleProduct = tenant.bundles[0]!;

// SKU imports run one at a time (one job per kind): keep these in order.
test.describe.configure({ mode: 'serial' });
test.use({ storageState: storageStateFor('steward') });

const UNUSED = 'Columns this file has that the import will not use';

type Live = { outerSysCode: string; sellPrice: number; barcode: string; name: string; spec: string; warehouse: string };
const texts = (s: { name: string; spec: string; warehouse: string }) => ({
  name: s.name,
  spec: s.spec,
  warehouse: s.warehouse,
});

const exportSkus = (browser: Browser, code: string, locale: 'en' | 'zh-TW') =>
  exportsPageCsv(browser, 'skus', code, locale);

test('SKUs exported in English and in Chinese import back with no manual step: every row changes nothing, texts starting with = + - @ included; 5 edited prices update', async ({
  page,
  browser,
}) => {
  test.slow(); // Two exports, three checks with comparison and one import.
  const run = uniqueCode('RT');
  await page.goto('/skus');
  const items = Array.from({ length: 20 }, (_, i) => ({
    productId: product.id,
    outerSysCode: `${run}-${String(i + 1).padStart(2, '0')}`,
    name: formulaLike(i, `Round trip ${i + 1}`),
    spec: formulaLike(i + 1, '300g'),
    warehouse: formulaLike(i + 2, 'A1'),
    barcode: `47199990${String(i).padStart(5, '0')}`,
    unit: '包',
    price: 100 + i,
    sellPrice: 90.5 + i,
  }));
  expect((await proxyWrite(page, 'POST', '/v1/skus/batch', items)).status).toBe(200);

  let english: string[][] = [];
  for (const locale of ['en', 'zh-TW'] as const) {
    const file = await exportSkus(browser, run, locale);
    const rows = rowsOf(file);
    expect(rows).toHaveLength(21);
    if (locale === 'en') english = rows;
    await chooseFile(page, 'SKUs', `skus-${locale}.csv`, file);
    await expect(page.getByLabel(`Field for column ${rows[0]![0]}`)).toHaveValue('id');
    // Names beside ids are left out on purpose and said so; nothing needs a decision.
    await expect(page.getByText(/^Left out on purpose:/)).toBeVisible();
    await expect(page.getByText(UNUSED)).toHaveCount(0);
    await page.getByRole('button', { name: 'Check rows' }).click();
    await expectComparison(page, /0 rows create, 0 rows update, 20 rows change nothing, 0 rows would fail/);
    // The rows that change nothing are listed, not only counted.
    await expect(
      page.getByRole('table', { name: 'What each row would do' }).locator('tbody tr[data-kind="same"]'),
    ).toHaveCount(20);
  }

  // Change the selling price of 5 rows.
  const header = english[0]!;
  const sell = header.indexOf('Selling price');
  expect(sell).toBeGreaterThan(0);
  const edited = english.map((row, i) =>
    i >= 1 && i <= 5 ? row.map((cell, c) => (c === sell ? String(500 + i) : cell)) : row,
  );
  await chooseFile(page, 'SKUs', 'skus-edited.csv', toFile(edited));
  await page.getByRole('button', { name: 'Check rows' }).click();
  await expectComparison(page, /0 rows create, 5 rows update, 15 rows change nothing/);
  const table = await comparedRows(page, 'Update (5)');
  await expect(table.locator('tbody tr')).toHaveCount(5);
  await expect(table.locator('tbody tr').first()).toContainText(/→ 501/);
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 2, name: /Progress: Finished/ })).toBeVisible({ timeout: 60_000 });
  await expect(count(page, 'updated')).toHaveText('5');
  await expect(count(page, 'skipped')).toHaveText('15');

  const live = (await page.evaluate(async (code) => {
    const res = await fetch(`/api/upstream/v1/skus?outerSysCode=${encodeURIComponent(code)}&pageSize=100`, {
      headers: { 'X-Console-Request': '1' },
    });
    return ((await res.json()) as { data: Live[] }).data;
  }, run)) as Live[];
  const byCode = new Map(live.map((s) => [s.outerSysCode, s]));
  for (let i = 1; i <= 20; i++) {
    const sku = byCode.get(`${run}-${String(i).padStart(2, '0')}`)!;
    expect(sku.sellPrice).toBe(i <= 5 ? 500 + i : 90.5 + i - 1);
    expect(sku.barcode).toBe(`47199990${String(i - 1).padStart(5, '0')}`);
    // No guard written into a record: the texts are as made, in the rows sent and in those that changed nothing.
    expect(texts(sku)).toEqual(texts(items[i - 1]!));
  }
});

test('a SKU file naming a missing product and a bundle product: those rows would fail, with reasons, before anything is sent', async ({
  page,
}) => {
  test.slow();
  const run = uniqueCode('PRED');
  const rows: (string | number)[][] = [['productId', 'outerSysCode', 'name', 'Colour']];
  for (let i = 1; i <= 30; i++) rows.push([product.id, `${run}-${i}`, `Predict ${i}`, 'red']);
  rows[6]![0] = 999_999; // line 7
  rows[12]![0] = bundleProduct.id; // line 13
  await chooseFile(page, 'SKUs', 'predict.csv', Buffer.from(Papa.unparse(rows, { newline: '\r\n' }), 'utf8'));

  // A column the console does not know is named, and must be acknowledged before the check.
  const unused = page.getByRole('alert').filter({ hasText: UNUSED });
  await expect(unused).toContainText('Colour');
  const check = page.getByRole('button', { name: 'Check rows' });
  await expect(check).toBeDisabled();
  await page.getByLabel('Check the rows without these columns').check();
  await check.click();

  await expectComparison(page, /28 rows create, 0 rows update, 0 rows change nothing, 2 rows would fail/);
  const table = await comparedRows(page, 'Would fail (2)');
  await expectRowsContaining(table, [
    ['7', 'That product does not exist.'],
    ['13', 'A bundle product cannot have SKUs of its own.'],
  ]);

  // Sent anyway (held back by default, e2e/predict.spec.ts): the service refuses exactly the rows foreseen.
  await page.getByLabel('Hold back the 2 rows that would fail', { exact: false }).uncheck();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 2, name: /Progress: Finished/ })).toBeVisible({ timeout: 60_000 });
  await expect(count(page, 'created')).toHaveText('28');
  await expect(count(page, 'failed')).toHaveText('2');
});

test("Excel's damage is caught by the check: a barcode in scientific notation is held back, a wrong check digit is a warning", async ({
  page,
}) => {
  const run = uniqueCode('XL');
  const rows = [
    ['productId', 'outerSysCode', 'name', 'barcode'],
    [String(product.id), `${run}-1`, 'Excel 1', '4710001000003'],
    [String(product.id), `${run}-2`, 'Excel 2', '4.71E+12'],
    [String(product.id), `${run}-3`, 'Excel 3', '4710001000004'],
  ];
  await chooseFile(page, 'SKUs', 'excel.csv', toFile(rows));
  await page.getByRole('button', { name: 'Check rows' }).click();
  await expect(page.getByText('3 rows checked: 2 rows to send, 1 row held back, 1 row with warnings.')).toBeVisible();
  const issues = page.getByRole('table', { name: 'Rows with errors or warnings' });
  await expect(issues.locator('tbody tr').filter({ hasText: /^3/ })).toContainText(
    'Excel changed this value: 4.71E+12 is scientific notation',
  );
  await expect(issues.locator('tbody tr').filter({ hasText: /^4/ })).toContainText(
    'The check digit of this EAN-13 barcode should be 3.',
  );
});

test("an Excel workbook with two sheets: the wizard asks which sheet, and the chosen sheet's rows are checked, numbers read as stored", async ({
  page,
}) => {
  const run = uniqueCode('WB');
  const file = xlsx([
    {
      name: 'Notes',
      rows: [
        ['productId', 'outerSysCode', 'name'],
        [product.id, `${run}-N1`, 'Note 1'],
        [product.id, `${run}-N2`, 'Note 2'],
      ],
    },
    {
      name: 'SKUs',
      rows: [
        ['productId', 'outerSysCode', 'name', 'barcode', 'sellPrice'],
        [product.id, `${run}-1`, 'Sheet two 1', 4710001000003, 12.5],
        [product.id, `${run}-2`, 'Sheet two 2', 4710001000010, 13],
        [product.id, `${run}-3`, 'Sheet two 3', 4710001000027, 14],
      ],
    },
  ]);
  await page.goto('/imports/new');
  await page.getByLabel('Import into').selectOption({ label: 'SKUs' });
  await page.getByLabel('CSV file').setInputFiles({
    name: 'two-sheets.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  const sheet = page.getByLabel('Sheet', { exact: true });
  await expect(sheet).toHaveValue('Notes');
  await expect(page.getByRole('table', { name: 'Preview of the first rows' })).toContainText(`${run}-N1`);
  await sheet.selectOption('SKUs');
  const preview = page.getByRole('table', { name: 'Preview of the first rows' });
  await expect(preview).toContainText(`${run}-1`);
  await expect(preview).toContainText('4710001000003');
  await page.getByRole('button', { name: 'Check rows' }).click();
  await expect(page.getByText('3 rows checked: 3 rows to send, 0 rows held back, 0 rows with warnings.')).toBeVisible();
  await expectComparison(page, /3 rows create, 0 rows update/);
});

test('the SKU list exported as Excel keeps barcodes, codes and texts starting with = + - @ as Text cells; 5 prices changed in the workbook update, nothing else does', async ({
  page,
}) => {
  test.slow(); // An export, a check with comparison and an import.
  const run = uniqueCode('XLSX');
  await page.goto('/skus');
  const items = Array.from({ length: 20 }, (_, i) => ({
    productId: product.id,
    outerSysCode: `${run}-${String(i + 1).padStart(2, '0')}`,
    name: formulaLike(i, `Workbook ${i + 1}`),
    spec: formulaLike(i + 1, '300g'),
    warehouse: formulaLike(i + 2, 'A1'),
    barcode: `47199991${String(i).padStart(5, '0')}`,
    unit: '包',
    price: 100 + i,
    sellPrice: 90.5 + i,
  }));
  expect((await proxyWrite(page, 'POST', '/v1/skus/batch', items)).status).toBe(200);

  await page.goto(`/skus?outerSysCode=${run}`);
  await expect(page.getByRole('table', { name: 'SKUs' }).locator('tbody tr')).toHaveCount(20);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel (.xlsx)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^skus-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const col = (name: string) => headers.indexOf(name) + 1;
  const [codeCol, barcodeCol, sellCol, nameCol] = [
    col(enSkus.outerSysCode),
    col(enSkus.barcode),
    col(enSkus.sellPrice),
    col(enSkus.name),
  ];
  expect(Math.min(codeCol, barcodeCol, sellCol, nameCol)).toBeGreaterThan(0);
  expect(sheet.rowCount).toBe(21);
  const changed = new Map<string, number>();
  for (let r = 2; r <= 21; r++) {
    const row = sheet.getRow(r);
    const code = row.getCell(codeCol).value as string;
    const item = items.find((i) => i.outerSysCode === code)!;
    expect(row.getCell(barcodeCol).value).toBe(item.barcode);
    expect(row.getCell(barcodeCol).numFmt).toBe('@');
    // A Text cell needs no formula guard: the name as it is.
    expect(row.getCell(nameCol).value).toBe(item.name);
    expect(row.getCell(sellCol).value).toBe(item.sellPrice);
    if (r <= 6) {
      row.getCell(sellCol).value = 500 + r;
      changed.set(code, 500 + r);
    }
  }
  const edited = Buffer.from(await workbook.xlsx.writeBuffer());

  await page.goto('/imports/new');
  await page.getByLabel('Import into').selectOption({ label: 'SKUs' });
  await page.getByLabel('CSV file').setInputFiles({
    name: 'skus-edited.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: edited,
  });
  await expect(page.getByLabel(`Field for column ${enSkus.barcode}`)).toHaveValue('barcode');
  await expect(page.getByText(UNUSED)).toHaveCount(0);
  await page.getByRole('button', { name: 'Check rows' }).click();
  await expectComparison(page, /0 rows create, 5 rows update, 15 rows change nothing, 0 rows would fail/);
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 2, name: /Progress: Finished/ })).toBeVisible({ timeout: 60_000 });
  await expect(count(page, 'updated')).toHaveText('5');

  const live = (await page.evaluate(async (code) => {
    const res = await fetch(`/api/upstream/v1/skus?outerSysCode=${encodeURIComponent(code)}&pageSize=100`, {
      headers: { 'X-Console-Request': '1' },
    });
    return ((await res.json()) as { data: Live[] }).data;
  }, run)) as Live[];
  expect(live).toHaveLength(20);
  for (const sku of live) {
    const item = items.find((i) => i.outerSysCode === sku.outerSysCode)!;
    expect(sku.sellPrice).toBe(changed.get(sku.outerSysCode) ?? item.sellPrice);
    expect(sku.barcode).toBe(item.barcode);
    expect(texts(sku)).toEqual(texts(item));
  }
});

test("a CSV saved by Excel: barcodes in scientific notation are held back, a code without its leading zeros would fail until 'Use the codes with their leading zeros'", async ({
  page,
  browser,
}) => {
  test.slow(); // An export, a check with comparison, a second comparison and an import.
  // All-digit codes sharing one run of digits, so the export's ERP code filter finds the 30 of them.
  const run = `${Date.now()}`.slice(-8) + String(Math.floor(Math.random() * 100)).padStart(2, '0');
  const ean = (i: number) => `4719998${String(i).padStart(5, '0')}`;
  await page.goto('/skus');
  const items = Array.from({ length: 30 }, (_, i) => ({
    productId: product.id,
    outerSysCode: i === 29 ? `00${run}30` : `${run}${String(i + 1).padStart(2, '0')}`,
    name: `Excel damage ${i + 1}`,
    barcode: ean(i) + gs1CheckDigit(ean(i)),
    unit: '包',
    sellPrice: 50 + i,
  }));
  expect((await proxyWrite(page, 'POST', '/v1/skus/batch', items)).status).toBe(200);

  // Excel opens the export and saves it: five barcodes become 4.71E+12, 00…30 becomes …30; its price is edited.
  const exported = rowsOf(await exportSkus(browser, run, 'en'));
  expect(exported).toHaveLength(31);
  const [code, barcode, sell] = ['ERP code', 'Barcode', 'Selling price'].map((h) => exported[0]!.indexOf(h));
  expect(Math.min(code!, barcode!, sell!)).toBeGreaterThan(0);
  const zeroLine = exported.findIndex((row) => row[code!] === `00${run}30`);
  expect(zeroLine).toBeGreaterThan(0);
  const damaged = exported.map((row, i) => {
    if (i >= 1 && i <= 5) return row.map((cell, c) => (c === barcode ? '4.71E+12' : cell));
    if (i === zeroLine) return row.map((cell, c) => (c === code ? `${run}30` : c === sell ? '777' : cell));
    return row;
  });
  await chooseFile(page, 'SKUs', 'skus-from-excel.csv', toFile(damaged));
  await page.getByRole('button', { name: 'Check rows' }).click();

  // The five barcodes: held back by the check, with Excel named and what to do.
  await expect(
    page.getByText('30 rows checked: 25 rows to send, 5 rows held back, 0 rows with warnings.'),
  ).toBeVisible();
  const issues = page.getByRole('table', { name: 'Rows with errors or warnings' }).locator('tbody tr');
  await expect(issues).toHaveCount(5);
  for (let i = 0; i < 5; i++)
    await expect(issues.nth(i)).toContainText('Excel changed this value: 4.71E+12 is scientific notation');
  // The comparison accounts for all six: the five barcodes and the code without its zeros would fail, each with
  // Excel's reason, before anything is sent.
  await expectComparison(page, /0 rows create, 0 rows update, 24 rows change nothing, 6 rows would fail/);
  const table = await comparedRows(page, 'Would fail (6)');
  await expect(table.locator('tbody tr')).toHaveCount(6);
  await expect(table.locator('tbody tr').filter({ hasText: 'is scientific notation' })).toHaveCount(5);
  const zeroRow = table.locator('tbody tr').filter({ hasText: 'without its leading zeros' });
  await expect(zeroRow).toContainText(String(zeroLine + 1));
  await expect(zeroRow).toContainText(
    `Excel changed this value: ${run}30 looks like 00${run}30 without its leading zeros.`,
  );
  // The barcodes are held back by the check whatever the choice: the choice names the one row it is about.
  await expect(page.getByLabel(/^Hold back the 1 row that would fail/)).toBeChecked();

  // One click puts the zeros back in every such row; compared again, the row is the price update it was meant to be.
  await page.getByRole('button', { name: 'Use the codes with their leading zeros' }).click();
  await expectComparison(page, /0 rows create, 1 row updates, 24 rows change nothing, 5 rows would fail/);
  await expect(page.getByRole('button', { name: 'Use the codes with their leading zeros' })).toHaveCount(0);
  await page.getByLabel('Show rows that').selectOption({ label: 'Update (1)' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText(String(zeroLine + 1));
  await expect(table.locator('tbody tr')).toContainText('→ 777');
  await expect(table.locator('tbody tr')).not.toContainText('ERP code');

  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 2, name: /Progress: Finished/ })).toBeVisible({ timeout: 60_000 });
  await expect(count(page, 'updated')).toHaveText('1');
  await expect(count(page, 'skipped')).toHaveText('24');
  // The five barcodes were held back by the check: never sent.
  await expect(count(page, 'not_sent')).toHaveText('5');
  await expect(count(page, 'failed')).toHaveText('0');

  // The service: every barcode as it was, the code with its zeros, its new price, and no record made without them.
  const live = (await page.evaluate(async (code) => {
    const res = await fetch(`/api/upstream/v1/skus?outerSysCode=${encodeURIComponent(code)}&pageSize=100`, {
      headers: { 'X-Console-Request': '1' },
    });
    return ((await res.json()) as { data: { outerSysCode: string; sellPrice: number; barcode: string }[] }).data;
  }, run)) as { outerSysCode: string; sellPrice: number; barcode: string }[];
  expect(live.map((s) => s.outerSysCode).sort()).toEqual(items.map((i) => i.outerSysCode).sort());
  for (const sku of live) {
    const item = items.find((i) => i.outerSysCode === sku.outerSysCode)!;
    expect(sku.barcode).toBe(item.barcode);
    expect(sku.sellPrice).toBe(sku.outerSysCode === `00${run}30` ? 777 : item.sellPrice);
  }
});
