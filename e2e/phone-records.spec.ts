import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { demoTenant, proxyWrite, uniqueCode } from './support/demo-seed';

// Issue 46, point 2: a record looked up and changed on a 390 × 844 phone, without a sideways scroll.
const tenant = demoTenant();
const PHONE = { width: 390, height: 844 };

test.use({ storageState: storageStateFor('steward'), viewport: PHONE, hasTouch: true, isMobile: true });

async function expectNoSidewaysScroll(page: Page, step: string) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth, `${step}: the document scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

/** Every layout shift from the page's start (not caused by input), summed: at least the page's CLS. */
async function layoutShiftOf(page: Page, path: string): Promise<number> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  // Everything the page reads after its first paint has come: the details, the panels' figures, History.
  await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Stock' }).getByRole('definition').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  test.info().annotations.push({ type: 'layout shift', description: `${path}: ${shift.toFixed(4)}` });
  return shift;
}

test('a steward finds a SKU by part of its Chinese name, changes its sell price and sees it in History', async ({
  page,
}) => {
  const code = uniqueCode('E2E-PHONE');
  await page.goto('/skus');
  const created = await proxyWrite(page, 'POST', '/v1/skus', {
    productId: tenant.products[0]!.id,
    outerSysCode: code,
    name: `行動查價烏龍 ${code}`,
    price: 120,
    sellPrice: 100,
  });
  expect(created.status).toBe(201);
  const id = (created.body as { id: number }).id;
  await expectNoSidewaysScroll(page, 'the list');

  // On a phone the list's search box is in the filters sheet: "Search" when the list reads the console's copy,
  // "Name contains" when it reads /v1 (these specs keep the copy off).
  await page.getByRole('button', { name: /^Filters/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters and sort' });
  const search = sheet.getByRole('searchbox', { name: /^(Search|Name contains)$/ });
  await search.fill('查價烏龍');
  await search.press('Enter');
  await sheet.getByRole('button', { name: 'Show results' }).click();
  await expect(sheet).toBeHidden();
  const historyReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/history')) historyReads.push(request.url());
  });
  await page
    .getByRole('link', { name: new RegExp(code) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/skus/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('行動查價烏龍');
  await expectNoSidewaysScroll(page, 'the SKU page');

  // Details and Stock are open; Price, the bundles and History are folded under their headings.
  await expect(page.getByRole('region', { name: 'Stock' }).getByRole('definition').first()).toBeVisible();
  const priceRegion = page.getByRole('region', { name: 'Price', exact: true });
  const priceToggle = priceRegion.getByRole('button', { name: 'Price', exact: true });
  await expect(priceToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(priceRegion.getByRole('button', { name: 'Change prices' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'History' }).getByText('Writes made to this record')).toBeHidden();
  await expectNoAxeViolations(page);
  // Folded, History is not read: its read (and the schemas it loads) waits until a person opens it.
  expect(historyReads).toEqual([]);

  await priceToggle.tap();
  await expect(priceToggle).toHaveAttribute('aria-expanded', 'true');
  await priceRegion.getByRole('button', { name: 'Change prices' }).tap();
  const sellPrice = priceRegion.getByLabel('Sell price');
  await expect(sellPrice).toHaveAttribute('inputmode', 'decimal');
  await sellPrice.fill('88.5');
  await expectNoSidewaysScroll(page, 'the price form');
  await priceRegion.getByRole('button', { name: 'Review and save' }).tap();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review.getByRole('button', { name: 'Save changes' })).toBeInViewport();
  await expectNoSidewaysScroll(page, 'the review');
  await review.getByRole('button', { name: 'Save changes' }).tap();
  await expect(priceRegion.getByRole('definition').nth(1)).toContainText('88.5');

  // History, opened with a tap, lists the write as a stacked card: who, what changed, old → new.
  const history = page.getByRole('region', { name: 'History' });
  await history.getByRole('button', { name: 'History' }).tap();
  const entries = history.getByRole('list', { name: 'Writes and outside changes to this record, newest first' });
  await expect(entries.getByRole('listitem').first()).toContainText('Sell price: 100 → 88.5');
  await expect(entries.getByRole('listitem').first()).toContainText('steward@example.com');
  await expect(history.getByRole('table')).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'History');
  await expectNoAxeViolations(page);
});

test('a SKU page does not shift its layout as its panels load on a phone', async ({ page }) => {
  expect(await layoutShiftOf(page, '/skus/1')).toBeLessThanOrEqual(0.05);
});

test.describe('on a desk', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });

  test('a SKU page does not shift its layout as its panels load', async ({ page }) => {
    expect(await layoutShiftOf(page, '/skus/1')).toBeLessThanOrEqual(0.05);
  });
});
