import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { demoTenant, proxyWrite, uniqueCode } from './support/demo-seed';

// Issue 17 points 2, 4 and 6: the command palette, a record's History, and an export. Each test makes its
// own records with unique codes.
const tenant = demoTenant();

test.describe('steward', () => {
  test.use({ storageState: storageStateFor('steward') });

  test('Ctrl+K, part of a SKU code, Enter opens that SKU', async ({ page }) => {
    await page.goto('/skus');
    const code = uniqueCode('E2E-FIND');
    const product = tenant.products[0]!;
    const created = await proxyWrite(page, 'POST', '/v1/skus', {
      productId: product.id,
      outerSysCode: code,
      name: `Palette ${code}`,
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Find anything' });
    await expect(palette).toBeVisible();
    const input = palette.getByRole('combobox', { name: 'Search by code, name or barcode' });
    await expect(input).toBeFocused();
    // Part of the code: its unique tail, without the prefix.
    await input.fill(code.slice('E2E-FIND-'.length));
    const hit = palette.getByRole('option', { name: new RegExp(code) });
    await expect(hit).toBeVisible();
    await expect(hit).toContainText('SKU');
    await expectNoAxeViolations(page);
    await expect(hit).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/skus/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Palette ${code}`);
    await expect(palette).toBeHidden();

    // `/` outside a text box opens it too, and offers the pages.
    await page.locator('body').press('/');
    await expect(palette).toBeVisible();
    await palette.getByRole('combobox').fill('quot');
    await palette.getByRole('option', { name: 'Go to Quotas' }).click();
    await expect(page).toHaveURL(/\/quotas/);
  });

  test('after editing a company’s phone, its History shows old → new with the person', async ({ page }) => {
    await page.goto('/companies');
    const code = uniqueCode('E2E-HIST');
    const created = await proxyWrite(page, 'POST', '/v1/companies', {
      outerSysCode: code,
      name: `History ${code}`,
      cellPhone: '02-1111-2222',
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;

    await page.goto(`/companies/${id}/edit`);
    await page.getByLabel('Phone').fill('02-3333-4444');
    await page.getByRole('button', { name: 'Review and save' }).click();
    await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/companies/${id}$`));

    const history = page.getByRole('region', { name: 'History' });
    const row = history.getByRole('row').filter({ hasText: 'Phone: 02-1111-2222 → 02-3333-4444' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('steward@example.com');
    await expect(row).toContainText('Edit');
    await expect(row).toContainText('Applied');
    await expectNoAxeViolations(page);
  });

  test('a small export downloads a CSV with names beside the ids', async ({ page }) => {
    await page.goto('/skus');
    const code = uniqueCode('E2E-EXP');
    const product = tenant.products[0]!;
    expect(
      (await proxyWrite(page, 'POST', '/v1/skus', { productId: product.id, outerSysCode: code, name: 'Export me' }))
        .status,
    ).toBe(201);

    await page.goto('/exports');
    await expect(page.getByRole('heading', { level: 1, name: 'Exports' })).toBeVisible();
    await page.getByLabel('What to export').selectOption('skus');
    await expect(page.getByLabel('File format')).toHaveValue('xlsx'); // Excel is the default; this file is the CSV.
    await page.getByLabel('File format').selectOption('csv');
    await page.getByLabel('ERP code').fill(code);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const text = await readFile((await (await download).path())!, 'utf8');
    const [head, row] = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(head).toContain('ERP code');
    expect(head).toContain('Product');
    expect(row).toContain(code);
    expect(row).toContain(product.name);
    await expect(page.getByRole('status').filter({ hasText: 'Downloaded 1 row' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('admin', () => {
  test.use({ storageState: storageStateFor('admin') });

  test('an export of more than 5,000 rows runs on the server, is listed under My exports and downloads only for its owner', async ({
    page,
    browser,
  }) => {
    test.slow(); // 5,001 SKUs written in five batches, then exported page by page by the job runtime.
    await page.goto('/skus');
    const run = uniqueCode('E2E-JOB');
    const product = tenant.products[0]!;
    const ROWS = 5_001;
    for (let from = 0; from < ROWS; from += 1000) {
      const items = Array.from({ length: Math.min(1000, ROWS - from) }, (_, i) => ({
        productId: product.id,
        outerSysCode: `${run}-${from + i}`,
        name: `Job ${from + i}`,
      }));
      expect((await proxyWrite(page, 'POST', '/v1/skus/batch', items)).status).toBe(200);
    }

    await page.goto('/exports');
    await page.getByLabel('What to export').selectOption('skus');
    await page.getByLabel('ERP code').fill(run);
    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByRole('status').filter({ hasText: '5,001 rows is more than 5,000' })).toBeVisible();
    const link = page.getByRole('link', { name: 'Download SKUs CSV (5,001 rows)' });
    await expect(link).toBeVisible({ timeout: 90_000 });

    const download = page.waitForEvent('download');
    await link.click();
    const lines = (await readFile((await (await download).path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[0]).toContain('ERP code');
    expect(lines[0]).toContain('Product');
    expect(lines.filter((line) => line.includes(`${run}-4999,`) && line.includes(product.name))).toHaveLength(1);

    // The same export as an Excel workbook, written as a stream on the server: every row, codes as Text cells.
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download SKUs Excel (.xlsx) (5,001 rows)' }).click();
    const file = await xlsxDownload;
    expect(file.suggestedFilename()).toMatch(/^skus-\d{4}-\d{2}-\d{2}-\d+\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(ROWS + 1);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const codeCol = headers.indexOf('ERP code') + 1;
    expect(codeCol).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(codeCol).numFmt).toBe('@');
    expect(sheet.getRow(2).getCell(codeCol).value).toEqual(expect.stringContaining(run));

    // The file is its owner's: another person asking for it gets nothing.
    const href = (await link.getAttribute('href'))!;
    const other = await browser.newContext({ storageState: storageStateFor('viewer') });
    expect((await other.request.get(new URL(href, page.url()).toString())).status()).toBe(404);
    await other.close();
  });

  test('the audit page filters by person, operation, outcome and date, and links a row to its record', async ({
    page,
  }) => {
    await page.goto('/companies');
    const code = uniqueCode('E2E-AUD');
    const created = await proxyWrite(page, 'POST', '/v1/companies', { outerSysCode: code, name: `Audit ${code}` });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    expect((await proxyWrite(page, 'PUT', `/v1/companies/${id}`, { shortName: 'x'.repeat(21) })).status).toBe(400);

    await page.goto('/audit');
    const filters = page.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('Person').selectOption('admin@example.com');
    await filters.getByLabel('Operation').selectOption('PUT /v1/companies/{id}');
    await filters.getByLabel('Outcome').selectOption({ label: 'Refused' });
    await filters.getByLabel('From (day)').fill(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/result=refused/);
    const table = page.getByRole('table', { name: 'Writes through the console, newest first' });
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toContainText('admin@example.com');
    for (const text of await rows.allInnerTexts()) expect(text).toContain('Refused');
    await expectNoAxeViolations(page);

    // The record by its code and name (its id on hover).
    await table
      .getByRole('link', { name: `${code} Audit ${code}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/companies/${id}$`));
    await expect(
      page.getByRole('region', { name: 'History' }).getByRole('row').filter({ hasText: 'Refused' }),
    ).toBeVisible();
  });
});
