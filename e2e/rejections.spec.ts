import type { Page } from '@playwright/test';
import { signedRequest } from '@/service/testing/client';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { expect, test } from './fixtures/test';
import { demoTenant, uniqueCode } from './support/demo-seed';
import { finished } from './support/imports';

// Issue 53: every row the ERP sync could not apply reaches a steward by itself. The ERP is played by signed calls
// to the console's own /v1 (demo mode: the relay in front of the embedded service) with the demo seed's ERP
// credential; the steward fixes what was refused in the workbench's grid. Resends are imports: serial.
test.describe.configure({ mode: 'serial' });
test.use({ storageState: storageStateFor('steward'), viewport: { width: 1280, height: 800 } });

const product = demoTenant().products[0]!;
const CARD = 'Rows the ERP sync could not apply';
const SHOTS = 'test-results/rejections';

async function erp(baseURL: string, body: unknown[]) {
  const creds = { clientId: 'demo-erp', secret: 'demo-erp-secret' };
  const response = await fetch(await signedRequest('POST', '/v1/skus/batch', body, { base: baseURL, creds }));
  expect(response.status).toBe(200);
  return (await response.json()) as { items: { status: string }[] };
}

/** The home card's count; 0 when the card is not there (nothing this week). */
async function homeCount(page: Page): Promise<number> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const card = page.getByRole('region', { name: CARD, exact: true });
  if ((await card.count()) === 0) return 0;
  return Number((await card.getByTestId('rejections-count').innerText()).replace(/\D/g, ''));
}

/** A record's row on the page of closed rejections, once it shows how it closed. */
async function closedAs(page: Page, code: string, how: string) {
  await expect(async () => {
    await page.goto('/imports/rejections?state=closed');
    const section = page.getByRole('region').filter({ hasText: code });
    await section.first().getByText('Syncs and records').click();
    await expect(page.getByRole('row').filter({ hasText: code })).toContainText(how, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test('a refused SKU batch reaches the steward: both causes in words, one fixed in the console, one by the ERP', async ({
  page,
  baseURL,
}) => {
  const before = await homeCount(page);
  const run = uniqueCode('REJ');
  const missingProduct = 987_654_321;
  const answer = await erp(baseURL!, [
    { productId: product.id, outerSysCode: `${run}-LONG`, name: 'N'.repeat(300) },
    { productId: missingProduct, outerSysCode: `${run}-NOPROD`, name: `No product ${run}` },
  ]);
  expect(answer.items.map((i) => i.status)).toEqual(['failed', 'failed']);
  // Other specs send the ERP's refusals too, at the same time: the count grows by at least these two.
  await expect.poll(() => homeCount(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2);
  const peak = await homeCount(page);

  await page.getByRole('link', { name: CARD }).click();
  await expect(page.getByRole('heading', { level: 1, name: CARD })).toBeVisible();
  const product404 = page.getByRole('region', {
    name: `Product ${missingProduct} does not exist: create the product or correct the product in the ERP.`,
  });
  const tooLong = page.getByRole('region', {
    // The cause holds every open name too long, other specs' too; it is named after one of them.
    name: /^The name “.+…” has \d+ characters; the service accepts at most 100/,
  });
  await expect(product404).toBeVisible();
  await expect(tooLong).toBeVisible();
  await tooLong.getByText('Syncs and records').click();
  await expect(tooLong.getByRole('row').filter({ hasText: `${run}-LONG` })).toContainText('Still to fix');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}-en.png` });

  // Fixed in the grid (the ERP's own item, its error beside the cell) and resent as an import.
  await tooLong.getByRole('button', { name: /^Fix and resend/ }).click();
  const grid = page.getByRole('grid', { name: 'Rows to fix' });
  const ours = grid.locator('tbody tr').filter({ hasText: `${run}-LONG` });
  await expect(ours).toContainText('Name has 300 characters; at most 100');
  const headers = await grid.locator('thead th').allTextContents();
  await ours.locator('td, th').nth(headers.indexOf('Name')).click();
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: /^Name, row/ }).fill(`Fixed ${run}`);
  await page.keyboard.press('Enter');
  await expect(ours).not.toContainText('characters; at most');
  // The cause's other rows (other specs', or an earlier try's) stay for their own fix: only ours is resent.
  const others = grid.locator('tbody tr').filter({ hasNotText: `${run}-LONG` });
  for (const box of await others.getByRole('checkbox').all()) await box.uncheck();
  await page.getByRole('button', { name: 'Resend failed rows' }).click();
  const review = page.getByRole('region', { name: 'Review before resending' });
  await review.getByRole('button', { name: 'Send 1 row' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  await finished(page);
  await expect(page.getByText('1 of 1 rows succeeded')).toBeVisible();
  await closedAs(page, `${run}-LONG`, 'Fixed in the console');

  // The ERP fixes the other at the source: the same record applied through the relay.
  await erp(baseURL!, [{ productId: product.id, outerSysCode: `${run}-NOPROD`, name: `No product ${run}` }]);
  await closedAs(page, `${run}-NOPROD`, 'Fixed by the ERP');
  await expect.poll(() => homeCount(page), { timeout: 15_000 }).toBeLessThan(peak);
});

test('an integration log uploaded as JSON lines opens its refused rows in the same grid', async ({ page, browser }) => {
  const run = uniqueCode('LOG');
  const body = [
    { productId: product.id, outerSysCode: `${run}-1`, name: `Log ${run}` },
    { productId: product.id, outerSysCode: `${run}-2`, name: 'L'.repeat(300) },
  ];
  const line = {
    time: new Date().toISOString(),
    request: { method: 'POST', path: '/v1/skus/batch', headers: { 'X-Client-Id': 'demo-erp' }, body },
    response: {
      status: 200,
      body: {
        items: [
          { index: 0, status: 'created', id: 1, errors: [] },
          { index: 1, status: 'failed', id: null, errors: ['name_too_long'] },
        ],
      },
    },
  };
  const file = ['this line is not JSON', JSON.stringify(line)].join('\n');
  await page.goto('/imports/sync');
  await expect(page.getByRole('heading', { level: 1, name: 'Open a failed sync' })).toBeVisible();
  await page.getByLabel('Integration log', { exact: true }).setInputFiles({
    name: 'erp.jsonl',
    mimeType: 'application/json',
    buffer: Buffer.from(file),
  });
  await page.getByRole('button', { name: 'Read and open' }).click();
  await expect(page.getByText('Read 1 call: 1 row could not be applied.')).toBeVisible();
  await expect(page.getByText('Line 1 could not be read and was left out.')).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Rows to fix' });
  await expect(grid.locator('tbody tr')).toHaveCount(1);
  await expect(grid).toContainText('Name has 300 characters; at most 100');
  await expectNoAxeViolations(page);

  // The same page and the rejections page in Traditional Chinese, as a steward in Taipei reads them.
  const context = await browser.newContext({
    storageState: storageStateFor('steward'),
    locale: 'zh-TW',
    viewport: { width: 1280, height: 800 },
  });
  const zh = await context.newPage();
  await zh.goto('/imports/rejections');
  await expect(zh.getByRole('heading', { level: 1, name: 'ERP 同步無法套用的資料列' })).toBeVisible();
  await expect(zh.getByRole('region', { name: /^名稱「L+…」有 300 個字，服務最多接受 100 個字/ })).toBeVisible();
  await zh.screenshot({ path: `${SHOTS}-zh-TW.png` });
  await zh.goto('/');
  await expect(zh.getByRole('region', { name: 'ERP 同步無法套用的資料列' })).toBeVisible();
  await zh.screenshot({ path: `${SHOTS}-home-zh-TW.png` });
  await context.close();
});
