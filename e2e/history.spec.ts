import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { demoTenant, proxyCreate, proxyWrite, uniqueCode } from './support/demo-seed';
import { checkFile, csv, expectComparison, finished, openFailedSync } from './support/imports';

// Issue 25: every write on the record. A bulk edit, the price and stock panels, a recipe save and a resent
// failed sync each show in their records' History with who, how and old → new, and in the audit log.
const tenant = demoTenant();
const product = tenant.products[0]!;
const category = tenant.productCategories.find((c) => c.parentId !== null)!;

// Bulk edits and resends are imports: one job per family at a time, so these run in order.
test.describe.configure({ mode: 'serial' });
test.use({ storageState: storageStateFor('steward') });

const history = (page: Page) => page.getByRole('region', { name: 'History' });

async function makeSku(page: Page, code: string, fields: Record<string, unknown> = {}): Promise<number> {
  // The write goes through the page's own session: it needs a page of the console open.
  if (page.url() === 'about:blank') await page.goto('/skus');
  const created = await proxyWrite(page, 'POST', '/v1/skus', {
    productId: product.id,
    outerSysCode: code,
    name: `History ${code}`,
    ...fields,
  });
  expect(created.status).toBe(201);
  return (created.body as { id: number }).id;
}

/** SKUs `${run}-1` to `${run}-${n}`, each with its own fields, created in order: their ids. */
async function makeSkus(page: Page, run: string, n: number, fields: (i: number) => Record<string, unknown>) {
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) ids.push(await makeSku(page, `${run}-${i}`, fields(i)));
  return ids;
}

/** The audit page as an admin, filtered by family and record. */
async function auditFor(browser: Browser, query: Record<string, string>) {
  const context = await browser.newContext({ storageState: storageStateFor('admin') });
  const page = await context.newPage();
  await page.goto(`/audit?${new URLSearchParams(query).toString()}`);
  return { page, close: () => context.close() };
}

/** The audit page's entries, newest first. */
const auditEntries = (page: Page) =>
  page.getByRole('table', { name: 'Writes through the console, newest first' }).locator('tbody > tr');
/** The table of an opened entry's records, in row order. */
const entryRecords = (within: Page | Locator) =>
  within.getByRole('table', { name: 'The records of this entry, in row order' });

/** Changes one cell of the rows to fix to `value` and resends the failed row, reviewed first (issue 26). */
async function fixAndResend(page: Page, cell: Locator, textbox: string, value: string) {
  await cell.click();
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: textbox }).fill(value);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Resend failed rows' }).click();
  await page
    .getByRole('region', { name: 'Review before resending' })
    .getByRole('button', { name: 'Send 1 row' })
    .click();
}

/**
 * The audit log's resend entry of `record`, applied at `attempt`, opened with `show` (its records are inside, by code
 * and name, the id on hover): the id of the one record it wrote.
 */
async function resentRecordId(
  browser: Browser,
  record: { type: 'companies' | 'skus'; code: string },
  attempt: number,
  show: RegExp,
): Promise<string> {
  const audit = await auditFor(browser, { family: 'resend', recordType: record.type, record: record.code });
  const entry = auditEntries(audit.page).first();
  await expect(entry).toContainText('Resends');
  await expect(entry).toContainText('Applied');
  await expect(entry).toContainText(`attempt ${attempt}`);
  await entry.getByText(show).click();
  const link = entryRecords(entry).locator(`a[href^="/${record.type}/"]`);
  const id = (await link.getAttribute('href'))!.split('/').pop()!;
  await audit.close();
  return id;
}

test('bulk edit of 3 SKUs: each History shows who, old → new and its results; the audit log shows it once, 3 rows inside', async ({
  page,
  browser,
}) => {
  test.slow();
  const run = uniqueCode('HBULK');
  await page.goto('/skus');
  const ids = await makeSkus(page, run, 3, (i) => ({ sellPrice: 10 * i }));
  await page.goto(`/skus?outerSysCode=${run}`);
  for (let i = 1; i <= 3; i++) await page.getByLabel(`Select ${run}-${i}`).check();
  await page.getByRole('button', { name: 'Bulk edit (3)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk edit' });
  await dialog.getByLabel('Field').selectOption({ label: 'Sell price' });
  await dialog.getByLabel('New value').fill('123.5');
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await dialog.getByRole('button', { name: 'Send 3 changes' }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  const importId = page.url().split('/').pop()!;
  await finished(page);

  for (let i = 1; i <= 3; i++) {
    await page.goto(`/skus/${ids[i - 1]}`);
    const row = history(page).getByRole('row').filter({ hasText: 'Bulk edit' });
    await expect(row).toContainText(`Sell price: ${10 * i} → 123.5`);
    await expect(row).toContainText('steward@example.com');
    await expect(row).toContainText('Applied');
    await expect(row.getByRole('link', { name: `Results of import ${importId}` })).toHaveAttribute(
      'href',
      `/imports/${importId}`,
    );
  }

  const audit = await auditFor(browser, { family: 'bulk', recordType: 'skus', record: `${run}-2` });
  const rows = auditEntries(audit.page);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Bulk edits');
  await rows.first().getByText('Show its 3 records').click();
  const records = entryRecords(audit.page);
  await expect(records.locator('tbody tr')).toHaveCount(3);
  await expect(records).toContainText('Sell price: 10 → 123.5');
  await audit.close();
});

test('a 30-row SKU import: updated SKUs show old → new and the import, created ones "created by Import"; without comparison, "previous value not read"', async ({
  page,
}) => {
  test.slow();
  const run = uniqueCode('HIMP');
  await page.goto('/skus');
  const updated = await makeSkus(page, run, 5, () => ({ price: 10 }));
  const rows: (string | number)[][] = [['productId', 'outerSysCode', 'name', 'price']];
  for (let i = 1; i <= 30; i++) rows.push([product.id, `${run}-${i}`, `History ${run}-${i}`, 20]);

  await checkFile(page, 'SKUs', 'history.csv', csv(rows));
  // A 30-row file is compared with the live records by itself: that is where the old values come from.
  await expectComparison(page, /25 rows create, 5 rows update, 0 rows change nothing/);
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  const importId = page.url().split('/').pop()!;
  await finished(page);

  await page.goto(`/skus/${updated[0]}`);
  const entry = history(page).getByRole('row').filter({ hasText: 'Import' });
  await expect(entry).toContainText('Price: 10 → 20');
  await expect(entry).toContainText('steward@example.com');
  await expect(entry.getByRole('link', { name: `Results of import ${importId}` })).toHaveAttribute(
    'href',
    `/imports/${importId}`,
  );

  await page.getByRole('link', { name: `Results of import ${importId}` }).click();
  await page.getByLabel('Show').selectOption({ label: 'Created' });
  const created = page.getByRole('table', { name: 'Rows of the file with their outcome' }).locator('tbody tr');
  await expect(created).toHaveCount(25);
  await created.first().getByRole('link').click();
  await expect(history(page).getByRole('row').filter({ hasText: 'Import' })).toContainText('Created by Import');

  // Without the comparison (as a file over 20,000 rows is sent, or a client of the console's import API),
  // the console never read the old values, and History says so instead of showing a blank.
  const again = rows.slice(1, 6).map((r) => [...r.slice(0, 3), 30]);
  const secondId = await page.evaluate(
    async ({ rows, headers }) => {
      const post = async (path: string, body?: unknown) => {
        const res = await fetch(path, {
          method: 'POST',
          headers: { 'X-Console-Request': '1', 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return res.status === 204 ? null : res.json();
      };
      const { id } = await post('/api/imports', {
        family: 'skus',
        fileName: 'again.csv',
        encoding: 'utf-8',
        delimiter: ',',
        headers,
        mapping: headers,
        totalRows: rows.length,
      });
      await post(`/api/imports/${id}/rows`, {
        rows: rows.map((r, i) => ({
          rowNo: i,
          line: i + 2,
          cells: r.map(String),
          errors: [],
          warnings: [],
          item: { productId: r[0], outerSysCode: r[1], name: r[2], price: r[3] },
        })),
      });
      await post(`/api/imports/${id}/start`);
      return id as string;
    },
    { rows: again, headers: rows[0] as string[] },
  );
  await page.goto(`/imports/${secondId}`);
  await finished(page);
  await page.goto(`/skus/${updated[0]}`);
  const second = history(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Results of import ${secondId}` }) });
  await expect(second).toContainText('Price: → 30 (previous value not read)');
});

test('price and stock panels record old → new', async ({ page }) => {
  const id = await makeSku(page, uniqueCode('HPANEL'), { price: 10, sellPrice: 9 });
  await page.goto(`/skus/${id}`);
  const stock = page.getByRole('region', { name: 'Stock' });
  const before = (await stock.getByRole('definition').first().textContent())?.trim() ?? '';
  await stock.getByRole('button', { name: 'Set on-hand quantity' }).click();
  await stock.getByLabel('On hand').fill('12');
  await stock.getByRole('button', { name: 'Review and save' }).click();
  await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Save changes' }).click();
  await expect(stock.getByRole('definition').first()).toHaveText('12');

  const price = page.getByRole('region', { name: 'Price', exact: true });
  await price.getByRole('button', { name: 'Change prices' }).click();
  await price.getByLabel('Sell price').fill('8.5');
  await price.getByRole('button', { name: 'Review and save' }).click();
  await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Save changes' }).click();
  await expect(price).toContainText('8.5');

  await expect(history(page).getByRole('row').filter({ hasText: 'Sell price: 9 → 8.5' })).toBeVisible();
  await expect(
    history(page)
      .getByRole('row')
      .filter({ hasText: `On hand: ${before} → 12` }),
  ).toBeVisible();
});

test('a recipe change reads as component steps, in English and in zh-TW', async ({ page, browser }) => {
  const a = uniqueCode('HRA');
  const b = uniqueCode('HRB');
  const ida = await makeSku(page, a);
  await makeSku(page, b);
  const bundleId = await proxyCreate(page, '/v1/bundles', {
    outerSysCode: uniqueCode('HRECIPE'),
    name: 'History recipe',
    productCategoryId: category.id,
    components: [{ componentSkuId: ida, quantity: 3, sort: 1 }],
  });
  await page.goto(`/bundles/${bundleId}`);
  await page.getByRole('button', { name: 'Edit recipe' }).click();
  const editor = page.getByRole('region', { name: 'Edit recipe' });
  await editor.getByLabel(`Quantity per bundle of ${a}`).fill('2');
  await editor.getByRole('button', { name: 'Save recipe' }).click();
  await expect(editor).toBeHidden();
  await expect(
    history(page)
      .getByRole('row')
      .filter({ hasText: `Recipe: ${a} History ${a} ×3 → ×2` }),
  ).toBeVisible();

  const context = await browser.newContext({ storageState: storageStateFor('steward'), locale: 'zh-TW' });
  await context.addCookies([{ name: 'console-locale', value: 'zh-TW', url: page.url() }]);
  const zh = await context.newPage();
  await zh.goto(`/bundles/${bundleId}`);
  const region = zh.getByRole('region', { name: '異動紀錄' });
  const row = region.getByRole('row').filter({ hasText: `${a} History ${a} ×3 → ×2` });
  await expect(row).toBeVisible();
  // No English word other than codes, names and the person's e-mail.
  const text = (await row.innerText())
    .replaceAll(`History ${a}`, '')
    .replaceAll(a, '')
    .replace(/\S+@example\.com/, '');
  expect(text).not.toMatch(/[A-Za-z]{2,}/);
  await context.close();
});

test('a resent failed sync shows in the record’s History and the audit log, with its outcome and attempt', async ({
  page,
  browser,
}) => {
  const run = uniqueCode('HSYNC');
  const body = [{ outerSysCode: `${run}-0`, name: 'N'.repeat(60), shortName: 'S0' }];
  const answer = { items: [{ index: 0, status: 'failed', id: null, errors: ['name_too_long'] }] };
  await openFailedSync(page, 'Companies', body, answer);
  const grid = page.getByRole('grid', { name: 'Rows to fix' });
  await expect(grid.locator('tbody tr')).toHaveCount(1);
  const headers = await grid.locator('thead th').allTextContents();
  const name = grid.locator('tbody tr').nth(0).locator('td, th').nth(headers.indexOf('Name'));
  // A pasted body's rows are named by their index in the body.
  await fixAndResend(page, name, 'Name, row 0', `Sync ${run}`);
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  const importId = page.url().split('/').pop()!;
  await finished(page);
  await expect(page.getByText('1 of 1 rows succeeded')).toBeVisible();

  // One entry for the import.
  const companyId = await resentRecordId(browser, { type: 'companies', code: `${run}-0` }, 1, /Show its 1 record/);

  await page.goto(`/companies/${companyId}`);
  const row = history(page).getByRole('row').filter({ hasText: 'Resend' });
  await expect(row).toContainText('Created by Resend');
  await expect(row.getByRole('link', { name: `Results of import ${importId}` })).toBeVisible();
});

test('a refused import row fixed in the grid and resent shows in its History and the audit log, with its outcome and attempt', async ({
  page,
  browser,
}) => {
  test.slow(); // Two runs of the import job.
  const run = uniqueCode('HFIX');
  const rows = [
    ['productId', 'outerSysCode', 'name'],
    [product.id, `${run}-1`, 'Fix 1'],
    [999_999, `${run}-2`, 'Fix 2'],
  ];
  await checkFile(page, 'SKUs', 'fix.csv', csv(rows));
  // Sent anyway, so the service refuses the row (a row held back as would-fail is fixed the same way).
  await page.getByLabel(/^Hold back the 1 row that would fail/).uncheck();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  const importId = page.url().split('/').pop()!;
  await finished(page);

  const grid = page.getByRole('grid', { name: 'Rows to fix' });
  const productCell = grid.getByRole('gridcell').filter({ hasText: '999999' });
  await fixAndResend(page, productCell, 'Product, row 3', String(product.id));
  await expect(page.getByText('2 of 2 rows succeeded')).toBeVisible({ timeout: 60_000 });

  const skuId = await resentRecordId(browser, { type: 'skus', code: `${run}-2` }, 2, /attempt 2.*Show its 1 record/);

  await page.goto(`/skus/${skuId}`);
  const row = history(page).getByRole('row').filter({ hasText: 'Resend' });
  await expect(row).toContainText('Created by Resend');
  await expect(row).toContainText('Attempt 2');
  await expect(row.getByRole('link', { name: `Results of import ${importId}` })).toBeVisible();
});
