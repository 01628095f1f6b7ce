import type { Page } from '@playwright/test';
import { ATTENTION_RULES, RULE_IDS, fixFocus, fixHref, type RuleId } from '@/lib/contract/attention';
import { signedRequest } from '@/service/testing/client';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { demoTenant, uniqueCode } from './support/demo-seed';
import { catalogue, checkFile, count, csv, startAndFinish, type Locale } from './support/imports';
import { ensureSnapshot } from './support/quotas';
import { zhTWPage } from './support/zh-tw';

// Issue 62 point 3: every fix link of "Needs attention" opens a place where the rule's field can be changed, with
// that field focused. The walk goes over the rule registry itself, so a rule added without a working fix fails here.
// The links are the contract's fixHref, the one function the findings' reads build them with.
test.describe.configure({ mode: 'serial' });
test.use({ storageState: storageStateFor('steward'), viewport: { width: 1280, height: 800 } });

const seed = demoTenant();
const product = seed.products[0]!;
const sku = seed.skus[0]!;
const bundle = seed.bundles.find((b) => b.components.length > 0)!;
const company = seed.companies[0]!;
const SHOTS = 'test-results/fix-links';

type Words = Record<string, Record<string, unknown>>;
/** A catalogue file's words (each file holds one namespace of its name). */
const words = (locale: Locale, file: string) => catalogue<Words>(locale, file)[file]!;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The accessible name of the control a rule's fix must focus, in `locale`; null: a cell of the fix grid. */
function focusedName(rule: RuleId, locale: Locale): RegExp | null {
  const { fix, resource } = ATTENTION_RULES[rule];
  const field = fixFocus(rule);
  switch (fix) {
    case 'edit-record':
    case 'price':
      return new RegExp(`^${escape((words(locale, resource).fields as Record<string, string>)[field]!)}`);
    case 'recipe':
      return new RegExp(
        `^${escape(String((words(locale, 'bundles').recipe as Record<string, string>).quantityOf).split('{')[0]!)}`,
      );
    case 'quota-edit':
      return new RegExp(
        `^${escape(String((words(locale, 'quotas').edit as Record<string, string>)[field === 'balance' ? 'amountPoints' : 'amountCredit']))}`,
      );
    case 'fix-grid':
      return null;
  }
}

/** An import with one row the service refused: its fix grid is the fix of "rows waiting". */
async function importWithFailedRow(page: Page): Promise<string> {
  const run = uniqueCode('FIXL');
  await checkFile(
    page,
    'SKUs',
    'fix-links.csv',
    csv([
      ['productId', 'outerSysCode', 'name'],
      [product.id, `${run}-1`, `Fix link ${run}`],
      [999_999, `${run}-2`, `Fix link ${run} no product`],
    ]),
  );
  // Sent anyway, so the service refuses it (the check holds back a row it predicts would fail).
  await page.getByLabel(/^Hold back the \d+ rows? that would fail/).uncheck();
  await startAndFinish(page);
  await expect(count(page, 'failed')).toHaveText('1');
  return new URL(page.url()).pathname.split('/').pop()!;
}

const recordOf = (rule: RuleId, importId: string): number | string => {
  switch (ATTENTION_RULES[rule].resource) {
    case 'skus':
      return sku.id;
    case 'bundles':
      return bundle.id;
    case 'products':
      return product.id;
    case 'companies':
      return company.id;
    case 'imports':
      return importId;
  }
};

/** Opens a rule's fix and checks the focus is in the rule's field (its control, named by its label). */
async function expectFixLands(page: Page, rule: RuleId, id: number | string, locale: Locale) {
  await page.goto(fixHref(rule, id));
  const focused = page.locator(':focus');
  const name = focusedName(rule, locale);
  if (name) {
    await expect(focused, `${rule}: ${fixHref(rule, id)}`).toHaveAccessibleName(name, { timeout: 20_000 });
    await expect(focused).toBeEditable();
  } else {
    await expect(focused, `${rule}: ${fixHref(rule, id)}`).toHaveAttribute('role', 'gridcell', { timeout: 20_000 });
  }
  await expect(focused).toBeInViewport();
}

test('every rule’s fix opens where its field is changed, with that field focused', async ({ page }) => {
  test.setTimeout(240_000);
  await ensureSnapshot(page);
  const importId = await importWithFailedRow(page);
  for (const rule of RULE_IDS) await expectFixLands(page, rule, recordOf(rule, importId), 'en');
});

test('the missing sell price’s fix lands on the sell price, focused, in English and Chinese, at a desk and on a phone', async ({
  page,
  browser,
}) => {
  const rule = 'sku-no-sell-price';
  await expectFixLands(page, rule, sku.id, 'en');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/sell-price-en.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFixLands(page, rule, sku.id, 'en');
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/sell-price-phone-en.png` });
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const zh = await zhTWPage(browser, { viewport });
    await expectFixLands(zh, rule, sku.id, 'zh-TW');
    await zh.screenshot({ path: `${SHOTS}/sell-price-zh-TW-${viewport.width}.png` });
    await zh.context().close();
  }
});

test('the price form warns, before the save, of a sell price above the list price in the rule’s words', async ({
  page,
  browser,
}) => {
  for (const [locale, open] of [
    ['en', page],
    ['zh-TW', await zhTWPage(browser, { viewport: { width: 1280, height: 800 } })],
  ] as const) {
    const rule = words(locale, 'attention').rules as Record<string, Record<string, string>>;
    const title = rule['sku-sell-above-list']!.title!;
    const forms = words(locale, 'forms') as Record<string, string>;
    const records = words(locale, 'records') as Record<string, string>;
    await open.goto(fixHref('sku-sell-above-list', sku.id));
    const fields = words(locale, 'skus').fields as Record<string, string>;
    await open.getByLabel(fields.price!, { exact: true }).fill('100');
    await open.getByLabel(fields.sellPrice!, { exact: true }).fill('150');
    // Said under the boxes as they are typed, and again in the review, before anything is sent.
    const live = open.getByRole('alert').filter({ hasText: title });
    await expect(live).toBeVisible();
    await expect(live).toContainText(rule['sku-sell-above-list']!.description!);
    await open.getByRole('button', { name: records.reviewAndSave }).click();
    const dialog = open.getByRole('dialog', { name: forms.reviewTitle });
    await expect(dialog.getByRole('alert')).toContainText(title);
    await open.screenshot({ path: `${SHOTS}/sell-above-list-${locale}.png` });
    // Closed without saving: the demo's SKU keeps its prices.
    await dialog.getByRole('button', { name: forms.backToEditing }).click();
    await open.getByLabel(fields.sellPrice!, { exact: true }).fill('90');
    await expect(open.getByRole('alert').filter({ hasText: title })).toHaveCount(0);
  }
});

// Issue 62 point 4: the rejections page on a phone, with a value of 300 letters and no space, scrolls no sideways;
// the grid says its cells are edited in place, and a changed cell is marked until the rows are sent.
test('the rejections page at 390 px: no sideways scroll, a hint over the grid, a changed cell marked', async ({
  page,
  browser,
  baseURL,
}) => {
  const creds = { clientId: 'demo-erp', secret: 'demo-erp-secret' };
  const run = uniqueCode('WRAP');
  const body = [{ productId: product.id, outerSysCode: `${run}-LONG`, name: 'W'.repeat(300) }];
  const sent = await fetch(await signedRequest('POST', '/v1/skus/batch', body, { base: baseURL!, creds }));
  expect(sent.status).toBe(200);
  for (const [locale, open] of [
    ['en', page],
    ['zh-TW', await zhTWPage(browser, { viewport: { width: 390, height: 844 } })],
  ] as const) {
    await open.setViewportSize({ width: 390, height: 844 });
    const t = words(locale, 'rejections') as Record<string, string>;
    const w = words(locale, 'workbench') as Record<string, string>;
    await open.goto('/imports/rejections');
    const cause = open.getByRole('region').filter({ hasText: 'WWWWWWWW' }).first();
    await expect(cause).toBeVisible({ timeout: 20_000 });
    expect(await open.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    // The cause may hold rows of earlier runs beside this one ("these 3 rows"): the button by the words it starts with.
    const fixWords = locale === 'en' ? /^Fix and resend/ : new RegExp(`^${t.fixGroup!.split('{')[0]!.trim()}`);
    await cause.getByRole('button', { name: fixWords }).click();
    const grid = open.getByRole('grid', { name: w.gridCaption });
    await expect(grid).toBeVisible({ timeout: 20_000 });
    await expect(open.getByText(w.syncFixHelp!.split('{')[0]!.slice(0, 20))).toBeVisible();
    const cell = grid.getByRole('gridcell').filter({ hasText: `${run}-LONG` });
    await cell.click();
    await open.keyboard.press('Enter');
    await open.keyboard.press('End');
    await open.keyboard.type('X');
    await open.keyboard.press('Enter');
    await expect(grid.locator('[data-edited]')).toHaveCount(1);
    expect(await open.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await open.screenshot({ path: `${SHOTS}/rejections-phone-${locale}.png`, fullPage: true });
    await open.setViewportSize({ width: 1280, height: 800 });
    await grid.scrollIntoViewIfNeeded();
    await open.screenshot({ path: `${SHOTS}/rejections-grid-${locale}.png` });
  }
});
