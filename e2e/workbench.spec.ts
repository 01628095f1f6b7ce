import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import {
  catalogue,
  checkFile,
  count,
  csv,
  finished,
  openFailedSync,
  openPaste,
  startAndFinish,
} from './support/imports';
import { demoTenant, proxyWrite, uniqueCode } from './support/demo-seed';

const tenant = demoTenant();
const product = tenant.products[0]!;
const bundleProduct = tenant.bundles[0]!;

// Imports of one family run one at a time (one job per kind): keep these in order.
test.describe.configure({ mode: 'serial' });
test.use({ storageState: storageStateFor('steward') });

/** Unticks "Hold back the N rows that would fail" once the comparison has run. */
const sendAnyway = (page: Page) => page.getByLabel(/^Hold back the \d+ rows? that would fail/).uncheck();

test('fix two refused rows in the grid and resend them: 50 of 50 succeed; the error file fails the same rows again', async ({
  page,
}) => {
  // Three runs of the import job (import, resend, re-import of the error file) and an axe check.
  test.slow();
  const run = uniqueCode('WB');
  const rows: (string | number)[][] = [['productId', 'outerSysCode', 'name']];
  for (let i = 1; i <= 50; i++) rows.push([product.id, `${run}-${i}`, `Workbench ${i}`]);
  rows[20]![0] = 999_999; // line 21: no such product
  rows[30]![0] = bundleProduct.id; // line 31: a bundle product cannot receive SKUs
  await checkFile(page, 'SKUs', 'workbench.csv', csv(rows));
  // Sent anyway, so the service refuses them (rows held back as would-fail are fixed the same way).
  await sendAnyway(page);
  await startAndFinish(page);
  await expect(count(page, 'failed')).toHaveText('2');

  // The error file: only the two rows, in the file's own columns, plus the reason.
  await expect(page.getByLabel('File format')).toHaveValue('xlsx'); // Excel is the default; the workbook is read below.
  await page.getByLabel('File format').selectOption('csv');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download error file' }).click();
  const errorFile = readFileSync((await (await download).path())!);
  const parsed = Papa.parse<string[]>(errorFile.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  expect(parsed).toEqual([
    ['productId', 'outerSysCode', 'name', 'Errors'],
    ['999999', `${run}-20`, 'Workbench 20', 'Product: That product does not exist.'],
    [String(bundleProduct.id), `${run}-30`, 'Workbench 30', 'A bundle product cannot have SKUs of its own.'],
  ]);
  // The same error file as an Excel workbook: the same columns and cells, every one a Text cell.
  await page.getByLabel('File format').selectOption('xlsx');
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download error file' }).click();
  const workbookFile = await xlsxDownload;
  expect(workbookFile.suggestedFilename()).toBe('workbench-errors.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync((await workbookFile.path())!) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(
    sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1)),
  ).toEqual(parsed);
  expect(sheet.getRow(2).getCell(1).numFmt).toBe('@');
  expect(sheet.getRow(2).getCell(2).numFmt).toBe('@');

  const grid = page.getByRole('grid', { name: 'Rows to fix' });
  await expect(grid.locator('tbody tr')).toHaveCount(2);
  const first = grid.locator('tbody tr').nth(0);
  await expect(first.getByRole('gridcell').filter({ hasText: '999999' })).toContainText('That product does not exist.');
  await expectNoAxeViolations(page);

  // Keyboard: focus the cell, Enter edits, Enter commits.
  await first.getByRole('gridcell').filter({ hasText: '999999' }).click();
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Product, row 21' }).fill(String(product.id));
  await page.keyboard.press('Enter');
  await expect(first).not.toContainText('That product does not exist.');
  // Paste a cell copied from a spreadsheet into the second row.
  const second = grid
    .locator('tbody tr')
    .nth(1)
    .getByRole('gridcell')
    .filter({ hasText: new RegExp(`^${bundleProduct.id}`) });
  await second.click();
  await second.evaluate((cell, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', `${text}\r\n`);
    cell.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, String(product.id));
  await expect(grid.locator('tbody tr').nth(1)).not.toContainText('A bundle product cannot have SKUs');
  await expect(page.getByText('2 rows chosen')).toBeVisible();

  await page.getByRole('button', { name: 'Resend failed rows' }).click();
  // Reviewed as an import is before anything leaves: the fixed rows compared with the live records.
  const review = page.getByRole('region', { name: 'Review before resending' });
  await expect(review.getByText(/2 rows create, 0 rows update, 0 rows change nothing, 0 rows would fail/)).toBeVisible({
    timeout: 30_000,
  });
  await review.getByRole('button', { name: 'Send 2 rows' }).click();
  await expect(page.getByText('50 of 50 rows succeeded')).toBeVisible({ timeout: 60_000 });
  await expect(count(page, 'created')).toHaveText('50');
  await expect(page.getByRole('region', { name: 'Attempts' }).getByRole('listitem')).toHaveText([
    /^Attempt 1: 50 rows/,
    /^Attempt 2: 2 rows/,
  ]);
  await expect(page.getByText('Attempt 2 of 2')).toHaveCount(2);
  await expect(page.getByRole('grid', { name: 'Rows to fix' })).toHaveCount(0);

  // The error file goes round as is: the same two rows fail with the same errors.
  await checkFile(page, 'SKUs', 'workbench-errors.csv', errorFile);
  await expect(page.getByText('2 rows checked: 2 rows to send')).toBeVisible();
  await sendAnyway(page);
  await startAndFinish(page);
  await expect(count(page, 'failed')).toHaveText('2');
  await page.getByLabel('Show').selectOption({ label: 'Refused' });
  const table = page.getByRole('table', { name: 'Rows of the file with their outcome' });
  await expect(table.locator('tbody tr').nth(0)).toContainText('That product does not exist.');
  await expect(table.locator('tbody tr').nth(1)).toContainText('A bundle product cannot have SKUs of its own.');
});

test('open a failed companies sync: only items 1 and 3 show, each error under its cell; fixed, both succeed', async ({
  page,
}) => {
  const run = uniqueCode('SYNC');
  const body = Array.from({ length: 5 }, (_, i) => ({
    outerSysCode: `${run}-${i}`,
    name: `Sync ${i}`,
    shortName: `S${i}`,
  }));
  body[1]!.name = 'N'.repeat(60);
  body[3]!.shortName = 'S'.repeat(25);
  const answer = {
    items: [
      { index: 0, status: 'created', id: 1, errors: [] },
      { index: 1, status: 'failed', id: null, errors: ['name_too_long'] },
      { index: 2, status: 'created', id: 2, errors: [] },
      { index: 3, status: 'failed', id: null, errors: ['short_name_too_long'] },
      { index: 4, status: 'created', id: 3, errors: [] },
    ],
  };
  await openFailedSync(page, 'Companies', body, answer);

  const grid = page.getByRole('grid', { name: 'Rows to fix' });
  await expect(grid.locator('tbody tr')).toHaveCount(2);
  const headers = await grid.locator('thead th').allTextContents();
  const cell = (row: number, header: string) =>
    grid.locator('tbody tr').nth(row).locator('td, th').nth(headers.indexOf(header));
  await expect(grid.locator('tbody tr').nth(0).getByRole('rowheader')).toHaveText('1');
  await expect(grid.locator('tbody tr').nth(1).getByRole('rowheader')).toHaveText('3');
  // The service's answer, or the check quoting the length and the limit (issue 54).
  const tooLong = /too long|characters; at most/;
  await expect(cell(0, 'Name')).toContainText(tooLong);
  await expect(cell(0, 'Short name')).not.toContainText(tooLong);
  await expect(cell(1, 'Short name')).toContainText(tooLong);
  await expect(cell(1, 'Name')).not.toContainText(tooLong);
  await expectNoAxeViolations(page);

  await cell(0, 'Name').click();
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Name, row 1' }).fill(`Sync fixed ${run}`);
  await page.keyboard.press('Enter');
  await cell(1, 'Short name').click();
  await page.keyboard.press('Enter');
  // Escape cancels an edit.
  await page.getByRole('textbox', { name: 'Short name, row 3' }).fill('not this');
  await page.keyboard.press('Escape');
  await expect(cell(1, 'Short name')).toContainText('S'.repeat(25));
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Short name, row 3' }).fill('Fixed');
  await page.keyboard.press('Enter');
  await expect(grid).not.toContainText(tooLong);

  await page.getByRole('button', { name: 'Resend failed rows' }).click();
  // A pasted sync is reviewed as an import is: compared with the live records before anything leaves.
  const review = page.getByRole('region', { name: 'Review before resending' });
  await expect(review.getByText(/2 rows create, 0 rows update, 0 rows change nothing, 0 rows would fail/)).toBeVisible({
    timeout: 30_000,
  });
  await review.getByRole('button', { name: 'Send 2 rows' }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  await finished(page);
  await expect(page.getByText('2 of 2 rows succeeded')).toBeVisible();
  await expect(count(page, 'created')).toHaveText('2');
});

test('the fix grid at 1280 × 800: an error in the last column reads without scrolling, Ctrl+Z undoes, and Chinese input edits a cell', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const run = uniqueCode('GRID');
  const sku = {
    productId: product.id,
    outerSysCode: `${run}-1`,
    name: 'Grid',
    unit: 'box',
    spec: '12 x 500 g',
    barcode: '',
    price: 10,
    sellPrice: 12,
    quantityPrecision: 9,
    warehouse: 'Shelf 1',
  };
  await page.goto('/imports/sync');
  await openPaste(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Open a failed sync' })).toBeVisible();
  await page.getByLabel('Batch endpoint').selectOption({ label: 'SKUs' });
  await page.getByLabel('Request body (JSON array)').fill(JSON.stringify([sku]));
  await page
    .getByLabel('Answer (optional)')
    .fill(
      JSON.stringify({ items: [{ index: 0, status: 'failed', id: null, errors: ['invalid_quantity_precision'] }] }),
    );
  await page.getByRole('button', { name: 'Open', exact: true }).click();

  const grid = page.getByRole('grid', { name: 'Rows to fix' });
  const headers = await grid.locator('thead th').allTextContents();
  // The family's last column is the one refused.
  expect(headers.at(-1)).toBe('Quantity precision');
  const row = grid.locator('tbody tr').first();
  const cell = (header: string) => row.locator('td, th').nth(headers.indexOf(header));
  // The row's errors are listed after its label: with the row scrolled to (the pasted body is above the grid),
  // the error is in view without scrolling sideways, whatever the grid's width.
  const listed = cell('Errors').getByRole('button', {
    name: 'Quantity precision “9” is not allowed: use a whole number from 0 to 4',
  });
  await row.getByRole('rowheader').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  await expect(listed).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page);

  // The listed error moves to its cell; an edit, then Ctrl+Z brings the refused value and its error back.
  await listed.click();
  await expect(cell('Quantity precision')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Quantity precision, row 0' }).fill('2');
  await page.keyboard.press('Enter');
  await expect(cell('Quantity precision')).toHaveText('2 (changed, not sent yet)');
  await expect(row).not.toContainText('whole number');
  await cell('Quantity precision').focus();
  await page.keyboard.press('Control+z');
  await expect(cell('Quantity precision')).toContainText('9');
  await expect(cell('Errors')).toContainText('Quantity precision “9” is not allowed: use a whole number from 0 to 4');

  // A Zhuyin input method on the selected name cell: its keydown opens the editor, the composition lands in it.
  await cell('Name').click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchKeyEvent', {
    type: 'rawKeyDown',
    key: 'Process',
    code: 'KeyJ',
    windowsVirtualKeyCode: 229,
  });
  for (const text of ['ㄨ', 'ㄨ˙'])
    await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
  await cdp.send('Input.insertText', { text: '烏' });
  await expect(page.getByRole('textbox', { name: 'Name, row 0' })).toHaveValue('烏');
  await page.keyboard.press('Enter');
  await expect(cell('Name')).toHaveText('烏 (changed, not sent yet)');
});

test('compare with live data: re-importing an unchanged file is all "no change" and sends nothing', async ({
  page,
}) => {
  const run = uniqueCode('CMP');
  const file = csv([
    ['outerSysCode', 'name', 'shortName'],
    [`${run}-1`, `Compare ${run} one`, 'one'],
    [`${run}-2`, `Compare ${run} two`, 'two'],
    [`${run}-3`, `Compare ${run} three`, 'three'],
  ]);
  await checkFile(page, 'Companies', 'compare.csv', file);
  await expect(page.getByText(/3 rows create, 0 rows update, 0 rows change nothing/)).toBeVisible({ timeout: 30_000 });
  await startAndFinish(page);
  await expect(count(page, 'created')).toHaveText('3');

  await checkFile(page, 'Companies', 'compare.csv', file);
  await expect(page.getByText(/0 rows create, 0 rows update, 3 rows change nothing/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Leave out the 3 unchanged rows')).toBeChecked();
  await expectNoAxeViolations(page);
  await startAndFinish(page);
  await expect(count(page, 'skipped')).toHaveText('3');
  // A result word no row has is not counted (no "Created 0" beside "Unchanged 3").
  await expect(count(page, 'created')).toHaveCount(0);
  await expect(count(page, 'updated')).toHaveCount(0);
  await expect(page.getByText('0 of 0 rows sent')).toBeVisible();
  // Skipped rows are not failures: the sentence says they changed nothing, and the list says Finished.
  await expect(page.getByTestId('succeeded-of')).toHaveText('3 rows unchanged, nothing sent');
});

test('bulk edit: set the sell price of 3 SKUs, review old → new, send, see the results and revert it', async ({
  page,
  browser,
}) => {
  const run = uniqueCode('BULK');
  await page.goto('/skus');
  for (let i = 1; i <= 3; i++) {
    const created = await proxyWrite(page, 'POST', '/v1/skus', {
      productId: product.id,
      outerSysCode: `${run}-${i}`,
      name: `Bulk ${i}`,
      sellPrice: 10 * i,
    });
    expect(created.status).toBe(201);
  }
  await page.goto(`/skus?outerSysCode=${run}`);
  for (let i = 1; i <= 3; i++) await page.getByLabel(`Select ${run}-${i}`).check();
  await page.getByRole('button', { name: 'Bulk edit (3)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk edit' });
  // Issue 17: a dialog opens with focus on its first field, not on Close.
  await expect(dialog.getByRole('radio', { name: 'The 3 selected rows' })).toBeFocused();
  await dialog.getByLabel('Field').selectOption({ label: 'Sell price' });
  await dialog.getByLabel('New value').fill('123.5');
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  const review = dialog.getByRole('table', { name: "Each record's current value and new value" });
  for (let i = 1; i <= 3; i++) {
    await expect(review.getByRole('row').filter({ hasText: `${run}-${i}` })).toContainText(
      new RegExp(`${10 * i}\\s*123.5`),
    );
  }
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send 3 changes' }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  await finished(page);
  await expect(page.getByText('3 of 3 rows succeeded')).toBeVisible();
  await expect(count(page, 'updated')).toHaveText('3');
  const bulkId = page.url().split('/').pop()!;

  // Issue 56: the bulk edit reverts like an import, named as a bulk edit in the Imports list and the audit log.
  await page.goto('/imports');
  await expect(page.getByRole('link', { name: `Revert bulk edit ${bulkId}` })).toHaveText('Revert this bulk edit');
  const admin = await browser.newContext({ storageState: storageStateFor('admin') });
  const adminPage = await admin.newPage();
  await adminPage.setViewportSize({ width: 1280, height: 800 });
  await adminPage.goto(`/audit?record=${encodeURIComponent(`${run}-1`)}`);
  await adminPage.screenshot({ path: test.info().outputPath('audit-bulk-revert-en.png') });
  await adminPage.getByRole('link', { name: `Revert bulk edit ${bulkId}` }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: `Revert bulk edit ${bulkId}` })).toBeVisible();
  await expect(adminPage.getByRole('list', { name: 'What the revert would do' })).toContainText(
    '3 records to restore',
    { timeout: 30_000 },
  );
  await adminPage.screenshot({ path: test.info().outputPath('bulk-revert-review-en.png') });
  await adminPage.getByRole('button', { name: 'Restore 3 records' }).click();
  await expect(adminPage).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  await finished(adminPage);
  await expect(adminPage.getByRole('link', { name: `Reverts bulk edit ${bulkId}` })).toBeVisible();
  await admin.close();
  await page.goto(`/skus?outerSysCode=${run}`);
  for (let i = 1; i <= 3; i++)
    await expect(page.getByRole('row').filter({ hasText: `${run}-${i}` })).toContainText(String(10 * i));
});

/** Every status pill under `scope` is one line of its text: its height is its line-height plus its padding. */
async function pillsOnOneLine(scope: Locator) {
  const pills = scope.locator('[data-badge]');
  await expect(pills.first()).toBeVisible();
  const measured = await pills.evaluateAll((els) =>
    els.map((el) => {
      const style = getComputedStyle(el);
      const oneLine = parseFloat(style.lineHeight) + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      return { text: el.textContent, height: el.getBoundingClientRect().height, oneLine };
    }),
  );
  for (const pill of measured) expect(pill.height, `${pill.text}`).toBeLessThanOrEqual(pill.oneLine + 1);
}

test('in Traditional Chinese at 1280 × 800: status pills stay on one line, and the grid and results are headed by the field labels', async ({
  page,
  browser,
}) => {
  const run = uniqueCode('ZH');
  // A long Chinese name squeezes the status column, as real files do.
  const rows = [
    ['productId', 'outerSysCode', 'name'],
    [product.id, `${run}-1`, 'ZH one'],
    [999_999, `${run}-2`, 'ZH two'],
    [999_998, `${run}-3`, '凍頂烏龍茶葉'.repeat(7)],
  ];
  await checkFile(page, 'SKUs', 'zh.csv', csv(rows));
  await expect(page.getByText(/1 row creates, 0 rows update, 0 rows change nothing, 2 rows would fail/)).toBeVisible({
    timeout: 30_000,
  });
  await startAndFinish(page);
  await expect(page.getByTestId('succeeded-of')).toHaveText('1 of 3 rows succeeded; 2 not sent');
  const results = page.url();
  const id = results.split('/').pop()!;

  const context = await browser.newContext({
    storageState: storageStateFor('steward'),
    locale: 'zh-TW',
    viewport: { width: 1280, height: 800 },
  });
  const zh = await context.newPage();
  const words = catalogue<{ imports: { fields: Record<string, string> } }>('zh-TW', 'imports').imports;
  const labels = new Set(Object.values(words.fields));
  await zh.goto(results);
  // One colon style per language: the full-width one in zh-TW.
  await expect(zh.getByRole('heading', { level: 2, name: '進度：已完成' })).toBeVisible({ timeout: 30_000 });
  await expect(zh.getByTestId('succeeded-of')).toHaveText('3 列中有 1 列成功；2 列未送出');
  const grid = zh.getByRole('grid', { name: '待修正的資料列' });
  await expect(grid.locator('tbody tr')).toHaveCount(2);
  await pillsOnOneLine(grid);
  await pillsOnOneLine(zh.getByRole('table', { name: '檔案各列及其結果' }));
  // The columns the file fills are named by the catalogue's labels, in both tables, never by the API's names.
  for (const table of [grid, zh.getByRole('table', { name: '檔案各列及其結果' })]) {
    const headed = await table.locator('thead [data-field-label]').allTextContents();
    expect(headed.length).toBeGreaterThan(0);
    for (const header of headed) expect(labels, header).toContain(header);
  }
  expect(await grid.locator('thead').textContent()).not.toMatch(/productId|outerSysCode/);

  await zh.goto('/imports');
  const line = zh.getByRole('row').filter({ has: zh.getByRole('link', { name: `匯入 ${id}`, exact: true }) });
  await expect(line.locator('[data-badge]')).toHaveText('已完成，2 列未送出');
  await pillsOnOneLine(line);
  await context.close();
});
