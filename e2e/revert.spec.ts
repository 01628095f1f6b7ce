import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { zhTWPage } from './support/zh-tw';
import { demoTenant, proxyWrite, uniqueCode } from './support/demo-seed';
import { checkFile, count, csv, expectComparison, finished, startAndFinish } from './support/imports';
import { signRequest } from '../lib/signing';

// Issue 56: "Revert this import". A SKU file changes 20 sell prices and creates 2 SKUs; the ERP changes one of the
// 20 afterwards through /v1 with its own credential; the revert restores the 19, leaves the ERP's and the 2 created.
const product = demoTenant().products[0]!;
const ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 3900)}`;
const ERP = { clientId: 'demo-erp', secret: 'demo-erp-secret' }; // the embedded service's README credential

test.use({ storageState: storageStateFor('steward') });

/** A signed /v1 call on the console's port, as the ERP makes it. */
async function erp(method: 'GET' | 'PUT' | 'POST', pathAndQuery: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = await signRequest({ method, pathAndQuery, body: text, ...ERP });
  const res = await fetch(`${ORIGIN}${pathAndQuery}`, {
    method,
    headers: { ...headers, ...(text ? { 'Content-Type': 'application/json' } : {}) },
    body: text,
  });
  expect(res.status).toBe(200);
  return res.json() as Promise<unknown>;
}

/** The sell prices of the SKUs named after `run`, by ERP code, as /v1 returns them. */
async function sellPrices(run: string): Promise<Map<string, number>> {
  const page = (await erp('GET', `/v1/skus?name=${encodeURIComponent(run)}&pageSize=100`)) as {
    data: { outerSysCode: string; sellPrice: number }[];
  };
  return new Map(page.data.map((s) => [s.outerSysCode, s.sellPrice]));
}

const history = (page: Page) => page.getByRole('region', { name: 'History' });

/**
 * The review as a person sees it at 1280 × 800, in both languages (looked at, not compared: `<shot>-en.png` and
 * `<shot>-zh-TW.png`), checked by axe; then its "Restore N records" is pressed and the revert's page opens.
 */
async function restoreFromReview(page: Page, browser: Browser, importId: string, records: number, shot: string) {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath(`${shot}-en.png`) });
  const zhPage = await zhTWPage(browser, { url: page.url() });
  await expect(zhPage.getByRole('heading', { level: 1, name: `還原匯入 ${importId}` })).toBeVisible();
  await expect(zhPage.getByText(`${records} 筆記錄待還原`)).toBeVisible({ timeout: 30_000 });
  await zhPage.screenshot({ path: test.info().outputPath(`${shot}-zh-TW.png`) });
  await zhPage.context().close();
  await page.getByRole('button', { name: `Restore ${records} records` }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
}

test('reverting an import restores 19 prices, leaves the one the ERP changed since and the 2 it created', async ({
  page,
  browser,
}) => {
  test.slow();
  const run = uniqueCode('REV');
  await page.goto('/skus');
  const ids: number[] = [];
  for (let i = 1; i <= 20; i++) {
    const created = await proxyWrite(page, 'POST', '/v1/skus', {
      productId: product.id,
      outerSysCode: `${run}-${i}`,
      name: `Revert ${run}-${i}`,
      price: 500,
      sellPrice: 100,
    });
    expect(created.status).toBe(201);
    ids.push((created.body as { id: number }).id);
  }
  const rows: (string | number)[][] = [['productId', 'outerSysCode', 'name', 'sellPrice']];
  for (let i = 1; i <= 22; i++) rows.push([product.id, `${run}-${i}`, `Revert ${run}-${i}`, 150]);
  await checkFile(page, 'SKUs', 'prices.csv', csv(rows));
  await expectComparison(page, /2 rows create, 20 rows update/);
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  const importId = page.url().split('/').pop()!;
  await finished(page);

  // The ERP changes one of the 20 afterwards.
  await erp('PUT', '/v1/prices/batch', [{ skuId: ids[4], sellPrice: 333 }]);

  await page.getByRole('link', { name: 'Revert this import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Revert import ${importId}` })).toBeVisible();
  const counts = page.getByRole('list', { name: 'What the revert would do' });
  await expect(counts).toContainText('19 records to restore', { timeout: 30_000 });
  await expect(counts).toContainText('1 record changed since');
  await expect(counts).toContainText('2 records created by the import');
  const changed = page.getByRole('region', { name: 'Changed since the import' });
  await expect(changed.getByRole('checkbox', { name: `Restore ${run}-5 (${ids[4]})` })).not.toBeChecked();
  // Who and when, with the mirror off (History has no entry for the ERP's change): outside the console, after
  // the import wrote it (a SKU has no modification time of its own in /v1).
  const changedRow = changed.getByRole('row').filter({ hasText: `${run}-5` });
  await expect(changedRow).toContainText('333');
  await expect(changedRow).toContainText('Outside the console');
  await expect(changedRow.locator('time')).toHaveText(/^after .*\d{1,2}:\d{2}/);
  const created = page.getByRole('region', { name: 'Created by the import' });
  await expect(created.getByRole('row')).toHaveCount(3);
  await expect(created).toContainText(`${run}-21`);
  await expect(
    page.getByRole('region', { name: 'To restore' }).getByRole('checkbox', { name: `Restore ${run}-1 (${ids[0]})` }),
  ).toBeChecked();
  await restoreFromReview(page, browser, importId, 19, 'revert-review');
  const revertId = page.url().split('/').pop()!;
  expect(revertId).not.toBe(importId);
  await finished(page);
  await expect(page.getByRole('link', { name: `Reverts import ${importId}` })).toBeVisible();

  const prices = await sellPrices(run);
  for (let i = 1; i <= 20; i++) expect(prices.get(`${run}-${i}`)).toBe(i === 5 ? 333 : 100);
  // The two the import created are still there, with the imported price.
  expect(prices.get(`${run}-21`)).toBe(150);
  expect(prices.get(`${run}-22`)).toBe(150);

  await page.goto(`/skus/${ids[0]}`);
  const entry = history(page).getByRole('row').filter({ hasText: 'Restored from import' });
  await expect(entry).toContainText('150 → 100');
  await expect(entry.getByRole('link', { name: `Import ${importId}`, exact: true })).toHaveAttribute(
    'href',
    `/imports/${importId}`,
  );
});

// Issue 56 point 5: a credit quota import that raised one limit and lowered another, reverted under the demo's
// approval policy (an increase over 20 % or NT$100,000 waits for a manager): the review says which row will wait;
// the lowered limit's revert (an increase) becomes a proposal, the raised one's (a decrease) applies at once.
test('reverting a credit quota import applies the decrease at once and sends the increase for approval', async ({
  page,
  browser,
}) => {
  test.slow();
  const run = uniqueCode('RVQ');
  const [raised, lowered] = [`${run}-UP`, `${run}-DOWN`];
  const made = (await erp('POST', '/v1/companies/batch', [
    { outerSysCode: raised, name: `Revert quota ${run} up`, internalUserId: 2 },
    { outerSysCode: lowered, name: `Revert quota ${run} down`, internalUserId: 2 },
  ])) as { items: { id: number }[] };
  const [upId, downId] = made.items.map((i) => i.id);
  await erp('POST', '/v1/companies/credit-quota/batch', [
    { companyId: upId, creditAmount: 500_000, enabled: true, memo: 'ERP' },
    { companyId: downId, creditAmount: 1_000_000, enabled: true, memo: 'ERP' },
  ]);
  const credit = async (id: number) =>
    ((await erp('GET', `/v1/companies/${id}/credit-quota`)) as { creditAmount: number }).creditAmount;

  // +10 % for one (within the policy) and a decrease for the other: both written at once.
  const file = csv([
    ['companyCode', 'creditAmount', 'enabled'],
    [raised, 550_000, 'true'],
    [lowered, 200_000, 'true'],
  ]);
  await checkFile(page, 'Credit quota', 'limits.csv', file);
  await expectComparison(page, /2 rows update/);
  await startAndFinish(page);
  const importId = page.url().split('/').pop()!;
  await expect(count(page, 'ok')).toHaveText('2');

  await page.getByRole('link', { name: 'Revert this import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Revert import ${importId}` })).toBeVisible();
  const counts = page.getByRole('list', { name: 'What the revert would do' });
  await expect(counts).toContainText('2 records to restore', { timeout: 30_000 });
  await expect(page.getByText('1 record will wait for approval', { exact: false })).toBeVisible();
  const restore = page.getByRole('region', { name: 'To restore' });
  // The file named the companies by ERP code: the review names them so, and each can be left out.
  const upRow = restore.getByRole('row').filter({ hasText: raised });
  const downRow = restore.getByRole('row').filter({ hasText: lowered });
  await expect(upRow).toContainText('Applies at once');
  await expect(downRow).toContainText('Waits for approval');
  await expect(restore.getByRole('checkbox', { name: `Restore ${lowered}` })).toBeChecked();
  await restore.getByRole('checkbox', { name: `Restore ${lowered}` }).uncheck();
  await expect(page.getByRole('button', { name: 'Restore 1 record' })).toBeVisible();
  // Left out, it no longer waits for approval: the review stops saying one will.
  await expect(page.getByText('1 record will wait for approval', { exact: false })).toBeHidden();
  await restore.getByRole('checkbox', { name: `Restore ${lowered}` }).check();
  await restoreFromReview(page, browser, importId, 2, 'revert-quota-review');
  expect(page.url().split('/').pop()).not.toBe(importId);
  await finished(page);
  await expect(count(page, 'ok')).toHaveText('1');
  await expect(count(page, 'proposed')).toHaveText('1');
  await expect(page.getByRole('row').filter({ hasText: lowered })).toContainText('Sent for approval');
  expect(await credit(upId!)).toBe(500_000);
  // Not written until a manager approves it.
  expect(await credit(downId!)).toBe(200_000);
  await page.screenshot({ path: test.info().outputPath('revert-quota-results-en.png') });
});
