import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import {
  checkFile,
  comparedRows,
  count,
  csv,
  expectComparison,
  expectRowsContaining,
  startAndFinish,
} from './support/imports';
import { demoTenant, proxyWrite, uniqueCode } from './support/demo-seed';

/**
 * Predictions that hold (issue 26 points 2 and 4): what the service would refuse is said before sending and
 * not sent; what was sent succeeds; a resend is reviewed like an import before anything leaves.
 */

const tenant = demoTenant();
const product = tenant.products[0]!;
const category = tenant.productCategories.find((c) => c.parentId !== null)!;

// Imports of one family run one at a time (one job per kind): keep these in order.
test.describe.configure({ mode: 'serial' });
test.use({ storageState: storageStateFor('steward') });

const MISPREDICTED = 'Predicted to succeed, refused';

/** Checks a point-quota file of company codes and balances: the wizard stops at the comparison. */
const checkPoints = (page: Page, rows: [string, number][]) =>
  checkFile(page, 'Point quota', 'points.csv', csv([['companyCode', 'balance'], ...rows]));

async function liveSkuCodes(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate(async (code) => {
    const res = await fetch(`/api/upstream/v1/skus?outerSysCode=${encodeURIComponent(code)}&pageSize=100`, {
      headers: { 'X-Console-Request': '1' },
    });
    return ((await res.json()) as { data: { outerSysCode: string }[] }).data.map((s) => s.outerSysCode).sort();
  }, prefix);
}

test('a 30-row SKU file with an unknown product and a code twice: those rows would fail with their reasons and are not sent; the 27 others are created; no misprediction', async ({
  page,
}) => {
  test.slow(); // A comparison and an import under load.
  const run = uniqueCode('PR');
  const rows: (string | number)[][] = [['productId', 'outerSysCode', 'name']];
  for (let i = 1; i <= 30; i++) rows.push([product.id, `${run}-${i}`, `Predict ${i}`]);
  rows[5]![0] = 999_999; // line 6: no such product
  rows[21]![1] = `${run}-10`; // line 22 writes the same SKU as line 11
  await checkFile(page, 'SKUs', 'predict.csv', csv(rows));

  await expectComparison(page, /27 rows create, 0 rows update, 0 rows change nothing, 3 rows would fail/);
  const compared = await comparedRows(page, 'Would fail (3)');
  await expectRowsContaining(compared, [
    ['6', 'That product does not exist.'],
    ['11', 'Line 22 writes the same record as this row'],
    ['22', 'Line 11 writes the same record as this row'],
  ]);
  await expect(page.getByLabel('Hold back the 3 rows that would fail', { exact: false })).toBeChecked();

  await startAndFinish(page);
  await expect(count(page, 'created')).toHaveText('27');
  await expect(count(page, 'not_sent')).toHaveText('3');
  await expect(count(page, 'failed')).toHaveText('0');
  await expect(page.getByText('27 of 30 rows succeeded')).toBeVisible();
  await expect(page.getByText(/^Not sent: stopped before sending/)).toBeVisible();
  // Nothing the comparison let through was refused.
  await expect(count(page, 'mispredicted')).toHaveCount(0);
  await expect(page.getByText(MISPREDICTED)).toHaveCount(0);

  await page.getByLabel('Show').selectOption({ label: 'Not sent' });
  const results = page.getByRole('table', { name: 'Rows of the file with their outcome' });
  await expect(results.locator('tbody tr')).toHaveCount(3);
  await expect(results.locator('tbody tr').nth(0)).toContainText('That product does not exist.');
  await expect(results.locator('tbody tr').nth(1)).toContainText('Line 22 writes the same record as this row');

  const expected = rows
    .slice(1)
    .map((r) => String(r[1]))
    .filter((code, i) => i !== 4 && code !== `${run}-10`)
    .sort();
  expect(expected).toHaveLength(27);
  expect(await liveSkuCodes(page, run)).toEqual(expected);
});

test('a product with an unknown category and a point quota for a company that does not exist would fail before sending; the other rows succeed', async ({
  page,
}) => {
  test.slow();
  const run = uniqueCode('PQ');
  await checkFile(
    page,
    'Products',
    'products.csv',
    csv([
      ['outerSysCode', 'name', 'productCategoryId'],
      [`${run}-1`, `Predict product ${run} 1`, category.id],
      [`${run}-2`, `Predict product ${run} 2`, 99_999],
      [`${run}-3`, `Predict product ${run} 3`, category.id],
    ]),
  );
  await expectComparison(page, /2 rows create, 0 rows update, 0 rows change nothing, 1 row would fail/);
  await expect(
    page.getByRole('table', { name: 'What each row would do' }).locator('tbody tr[data-kind="would_fail"]'),
  ).toContainText('3');
  await startAndFinish(page);
  await expect(count(page, 'created')).toHaveText('2');
  await expect(count(page, 'not_sent')).toHaveText('1');
  await expect(count(page, 'failed')).toHaveText('0');

  await page.goto('/companies');
  expect(
    (await proxyWrite(page, 'POST', '/v1/companies', { outerSysCode: `${run}-CO`, name: `Predict ${run}` })).status,
  ).toBe(201);
  await checkPoints(page, [
    [`${run}-CO`, 120],
    [`${run}-NONE`, 5],
  ]);
  await expectComparison(page, /0 rows create, 1 row updates, 0 rows change nothing, 1 row would fail/);
  await startAndFinish(page);
  await expect(count(page, 'ok')).toHaveText('1');
  await expect(count(page, 'not_sent')).toHaveText('1');
  await page.getByLabel('Show').selectOption({ label: 'Not sent' });
  const notSent = page.getByRole('table', { name: 'Rows of the file with their outcome' }).locator('tbody tr');
  await expect(notSent).toHaveCount(1);
  await expect(notSent).toContainText(`${run}-NONE`);
  await expect(notSent).toContainText('No company matches that id or code.');
});

test('"Resend failed rows" opens the review with the comparison before anything is sent', async ({ page }) => {
  test.slow();
  const run = uniqueCode('RR');
  await checkFile(
    page,
    'SKUs',
    'resend.csv',
    csv([
      ['productId', 'outerSysCode', 'name'],
      [product.id, `${run}-1`, 'Resend 1'],
      [999_999, `${run}-2`, 'Resend 2'],
      [product.id, `${run}-3`, 'Resend 3'],
    ]),
  );
  await expectComparison(page, /2 rows create, 0 rows update, 0 rows change nothing, 1 row would fail/);
  await startAndFinish(page);
  await expect(count(page, 'not_sent')).toHaveText('1');
  const attempts = page.getByRole('region', { name: 'Attempts' }).getByRole('listitem');
  await expect(attempts).toHaveText([/^Attempt 1: 3 rows/]);

  // Chosen as it is, the row is reviewed first: the comparison says it would still fail, and nothing can be sent.
  const grid = page.getByRole('grid', { name: 'Rows to fix' });
  await grid.getByRole('checkbox', { name: 'Resend row 3' }).check();
  await page.getByRole('button', { name: 'Resend failed rows' }).click();
  const review = page.getByRole('region', { name: 'Review before resending' });
  await expectComparison(review, /0 rows create, 0 rows update, 0 rows change nothing, 1 row would fail/);
  await expect(review.getByLabel('Compare with live data')).toBeChecked();
  await expect(review.getByText('1 row would fail and stays in the grid, not sent.')).toBeVisible();
  await expect(review.getByRole('button', { name: 'Send 0 rows' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await review.getByRole('button', { name: 'Back to the grid' }).click();

  // Fixed, it is reviewed again and then sent as attempt 2.
  await grid.getByRole('gridcell').filter({ hasText: '999999' }).click();
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Product, row 3' }).fill(String(product.id));
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Resend failed rows' }).click();
  await expect(review.getByText(/1 row creates, 0 rows update, 0 rows change nothing, 0 rows would fail/)).toBeVisible({
    timeout: 30_000,
  });
  // Nothing has left yet.
  await expect(attempts).toHaveCount(1);
  await expect(count(page, 'created')).toHaveText('2');
  await review.getByRole('button', { name: 'Send 1 row' }).click();
  await expect(page.getByText('3 of 3 rows succeeded')).toBeVisible({ timeout: 60_000 });
  await expect(attempts).toHaveText([/^Attempt 1: 3 rows/, /^Attempt 2: 1 row/]);
  expect(await liveSkuCodes(page, run)).toEqual([`${run}-1`, `${run}-2`, `${run}-3`]);
});

test('a row the comparison expected to succeed that the service refused is counted and listed as a misprediction', async ({
  page,
}) => {
  const run = uniqueCode('MP');
  await page.goto('/companies');
  expect(
    (await proxyWrite(page, 'POST', '/v1/companies', { outerSysCode: `${run}-A`, name: `Mispredict ${run} A` })).status,
  ).toBe(201);
  const twin = await proxyWrite(page, 'POST', '/v1/companies', {
    outerSysCode: `${run}-B`,
    name: `Mispredict ${run} B`,
  });
  expect(twin.status).toBe(201);
  await checkPoints(page, [[`${run}-A`, 10]]);
  await expectComparison(page, /0 rows create, 1 row updates, 0 rows change nothing, 0 rows would fail/);

  // After the comparison, another company takes the same code: the service can no longer tell which one is meant.
  const twinId = (twin.body as { id: number }).id;
  expect((await proxyWrite(page, 'PUT', `/v1/companies/${twinId}`, { outerSysCode: `${run}-A` })).status).toBe(200);
  await startAndFinish(page);
  await expect(count(page, 'failed')).toHaveText('1');
  await expect(count(page, 'mispredicted')).toHaveText('1');
  await expect(
    page.getByText('1 row the comparison with live data expected to succeed was refused by the service.'),
  ).toBeVisible();
  await page.getByLabel('Show').selectOption({ label: MISPREDICTED });
  const rows = page.getByRole('table', { name: 'Rows of the file with their outcome' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(MISPREDICTED);
  await expect(rows).toContainText('More than one company has this code');
});
