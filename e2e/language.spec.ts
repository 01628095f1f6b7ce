import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { signInThroughForm, storageStateFor } from './fixtures/accounts';
import { createOwnAccount, OWN_PASSWORD } from './fixtures/own-account';
import { expectNoAxeViolations } from './fixtures/axe';
import { demoTenant, proxyWrite, uniqueCode } from './support/demo-seed';

/**
 * Issue 17, points 1, 3, 5 and 7: Traditional Chinese chosen per account, Taiwan's date style, tables that
 * read well, focus after navigation and in dialogs, icon and robots.txt. The language is saved with the
 * account, so these tests use an admin account of their own (the shared demo accounts stay in English).
 */
const tenant = demoTenant();
// CLDR puts a thin space (U+2009) between date and time in zh-TW; \s matches it.
const TAIWAN_DATE_TIME = /^\d{4}\/\d{2}\/\d{2}\s\d{2}:\d{2}(:\d{2})?$/;

async function signInAs(page: Page, email: string) {
  await page.goto('/sign-in?next=%2Fcompanies');
  await signInThroughForm(page, email, OWN_PASSWORD);
  await expect(page).toHaveURL(/\/companies$/, { timeout: 30_000 });
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

// Detail pages are named "公司 <name>" / "Company <name>": waiting for the name waits for the record, not the skeleton.
const user = tenant.internalUsers[0]!;
type Stop = [path: string, zh: string, en: string];
const TOURS: [string, Stop[]][] = [
  [
    'companies, products and SKUs',
    [
      ['/companies', '公司', 'Companies'],
      [`/companies/${tenant.companies[0]!.id}`, `公司 ${tenant.companies[0]!.name}`, tenant.companies[0]!.name],
      ['/companies/new', '新增公司', 'New company'],
      ['/products', '商品', 'Products'],
      [`/products/${tenant.products[0]!.id}`, `商品 ${tenant.products[0]!.name}`, tenant.products[0]!.name],
      ['/products/new', '新增商品', 'New product'],
      ['/skus', '品項', 'SKUs'],
      [`/skus/${tenant.skus[0]!.id}`, `品項 ${tenant.skus[0]!.name}`, tenant.skus[0]!.name],
      ['/skus/new', '新增品項', 'New SKU'],
    ],
  ],
  [
    'bundles, quotas, imports and users',
    [
      ['/bundles', '組合商品', 'Bundles'],
      [`/bundles/${tenant.bundles[0]!.id}`, `組合商品 ${tenant.bundles[0]!.name}`, tenant.bundles[0]!.name],
      ['/bundles/new', '新增組合商品', 'New bundle'],
      ['/quotas', '額度', 'Quotas'],
      ['/imports', '匯入', 'Imports'],
      ['/imports/new', '新增匯入', 'New import'],
      ['/users', '使用者', 'Users'],
      [`/users/${user.id}`, `使用者 ${user.name}`, user.name],
      ['/users/new', '新增使用者', 'New user'],
    ],
  ],
  [
    'audit, settings, status and a missing page',
    [
      ['/audit', '稽核紀錄', 'Audit'],
      ['/settings', '設定', 'Settings'],
      ['/status', '系統狀態', 'Status'],
      ['/no-such-page', '找不到頁面', 'Page not found'],
    ],
  ],
];

/**
 * Opens each page, waits for its heading (zh: the whole heading; en: a part of it), and runs axe in each colour
 * scheme (the page follows the system's when no theme was chosen): every rule in the first, the colour rules in
 * the others.
 */
async function tour(page: Page, stops: Stop[], language: 'zh' | 'en', schemes: ('light' | 'dark')[]) {
  for (const [path, zh, en] of stops) {
    await page.emulateMedia({ colorScheme: schemes[0] });
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    if (language === 'zh') await expect(page.getByRole('heading', { level: 1, name: zh }), path).toBeVisible();
    else await expect(heading, path).toContainText(en);
    for (const [k, scheme] of schemes.entries()) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html'), `${path} in ${scheme}`).toHaveClass(
        scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
      );
      // Every rule in the first scheme; in the next only the colour rules (the page's elements are the same).
      await expectNoAxeViolations(page, { coloursOnly: k > 0 });
    }
  }
}

test.describe.serial('Traditional Chinese, chosen per account', () => {
  let email: string;
  test.beforeAll(async ({ browser }) => {
    email = await createOwnAccount(browser, 'Lin Yu-ting', 'Admin');
  });

  test('switching to 中文 changes the pages, form errors and dates, and holds after signing out and in', async ({
    page,
  }) => {
    test.slow(); // Sign-in twice, a write and a review.
    await signInAs(page, email);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: '中文' }).click();

    await expect(h1(page, '公司')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
    await expect(page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '品項' })).toBeVisible();
    await expect(page.getByRole('table', { name: '公司' }).locator('tbody tr').first()).toBeVisible();
    await expect(page.getByText('依 ID 排序，與服務傳回的順序相同。')).toBeVisible();
    await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');

    // A client-side navigation puts focus on the new page's h1.
    await page.goto('/companies/1');
    await page.getByRole('link', { name: '編輯' }).click();
    await expect(h1(page, '編輯公司')).toBeFocused();

    // A form error in Chinese, beside its field.
    const shortName = page.getByLabel('簡稱');
    await shortName.fill('x'.repeat(21));
    await expect(page.getByText('簡稱有 21 個字，最多 20 個字')).toBeVisible();
    await expect(page.getByText('21 / 20 個字元')).toBeVisible();
    await shortName.fill('');

    // A real write: the review dialog opens on its primary action, not on Close.
    const phone = page.getByLabel('電話');
    await phone.fill(`02-2${String(Date.now()).slice(-7)}`);
    await page.getByRole('button', { name: '確認並儲存' }).click();
    const dialog = page.getByRole('dialog', { name: '確認變更' });
    await expect(dialog.getByRole('button', { name: '儲存變更' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('已儲存。')).toBeVisible();

    // Dates in Taiwan's style: 2026/11/23 05:49, 24-hour.
    await page.goto('/audit');
    await expect(h1(page, '稽核紀錄')).toBeVisible();
    const when = (await page.getByRole('table').locator('tbody tr').first().locator('td').first().innerText()).trim();
    expect(when).toMatch(TAIWAN_DATE_TIME);

    // Signing out: the sign-in page stays in Chinese in this browser …
    await page.getByRole('button', { name: '登出' }).click();
    await expect(h1(page, '登入')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
    // … and the account keeps the choice on a browser that never chose (cookies gone, English browser).
    await page.context().clearCookies();
    await page.goto('/sign-in?next=%2Fcompanies');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await signInThroughForm(page, email, OWN_PASSWORD);
    await expect(h1(page, '公司')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
    // Signing out there: the sign-in page speaks the account's language, not the browser's, and passes axe.
    await page.getByRole('button', { name: '登出' }).click();
    await expect(h1(page, '登入')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
    await expectNoAxeViolations(page);
  });

  // Every page of the console in Traditional Chinese, light and dark (English below). The fixture fails a
  // page on any console error (hydration too).
  for (const [group, pages] of TOURS) {
    test(`axe passes in Traditional Chinese, light and dark: ${group}`, async ({ page }) => {
      test.setTimeout(300_000); // Up to nine pages, each checked by axe twice, with another spec running beside it.
      // Each page's client components get only their namespaces (lib/i18n/client-scopes.ts): a missing one is
      // reported by next-intl in the browser console, and would show a message key instead of words.
      const missing: string[] = [];
      page.on('console', (message) => {
        if (/MISSING_MESSAGE/.test(message.text())) missing.push(`${page.url()}: ${message.text()}`);
      });
      await signInAs(page, email);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
      await tour(page, pages, 'zh', ['light', 'dark']);
      expect(missing).toEqual([]);
    });
  }

  test("axe passes in Traditional Chinese: an import's results page", async ({ page }) => {
    test.slow(); // It may wait for another spec's companies import to end.
    await signInAs(page, email);
    // One row held back by the check: the import finishes without writing anything to the service.
    const id = await page.evaluate(async () => {
      const call = async (path: string, body?: unknown) => {
        const response = await fetch(`/api/imports${path}`, {
          method: 'POST',
          headers: { 'X-Console-Request': '1', 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        return response.status === 204 ? null : ((await response.json()) as { id: string });
      };
      const created = await call('', {
        family: 'companies',
        fileName: '公司.csv',
        encoding: 'utf-8',
        delimiter: ',',
        headers: ['outerSysCode', 'name'],
        mapping: ['outerSysCode', 'name'],
        totalRows: 1,
      });
      const rows = [
        {
          rowNo: 0,
          line: 2,
          cells: ['', ''],
          item: null,
          errors: [{ code: 'invalid_parameter', field: 'name' }],
          warnings: [],
        },
      ];
      await call(`/${created!.id}/rows`, { rows });
      // One companies import at a time: a spec running beside this one may be importing companies right now.
      for (let waited = 0; ; waited += 1000) {
        const started = await fetch(`/api/imports/${created!.id}/start`, {
          method: 'POST',
          headers: { 'X-Console-Request': '1', 'Content-Type': 'application/json' },
        });
        if (started.ok) break;
        if (started.status !== 409 || waited > 90_000) throw new Error(`/start: HTTP ${started.status}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      return created!.id;
    });
    await page.goto(`/imports/${id}`);
    await expect(h1(page, `匯入 ${id}`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '進度：已完成' })).toBeVisible({ timeout: 60_000 });
    await expectNoAxeViolations(page);
  });

  test('table density is remembered with the account, and filters fold behind a button at 768 px', async ({ page }) => {
    await signInAs(page, email);
    await page.goto('/skus');
    const table = page.getByRole('table', { name: '品項' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const rowHeight = () =>
      table
        .locator('tbody tr')
        .first()
        .evaluate((row) => row.getBoundingClientRect().height);
    const comfortable = await rowHeight();
    const compact = page.getByRole('button', { name: '緊湊列高' });
    await expect(compact).toHaveAttribute('aria-pressed', 'false');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.request().headers()['next-action'] !== undefined,
    );
    await compact.click();
    await saved;
    await expect(compact).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(rowHeight).toBeLessThan(comfortable);
    await page.reload();
    await expect(page.getByRole('button', { name: '緊湊列高' })).toHaveAttribute('aria-pressed', 'true');
    expect(await rowHeight()).toBeLessThan(comfortable);

    await page.setViewportSize({ width: 768, height: 1024 });
    const filters = page.getByRole('search', { name: '篩選' });
    await expect(filters).toBeHidden();
    const toggle = page.getByRole('button', { name: '篩選', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The table starts on the first screen.
    expect(await table.evaluate((t) => t.getBoundingClientRect().top)).toBeLessThan(1024);
    await toggle.click();
    await expect(filters.getByLabel('名稱包含')).toBeVisible();
  });
});

test.describe('tables that read well (steward, English)', () => {
  test.use({ storageState: storageStateFor('steward'), viewport: { width: 1280, height: 800 } });

  test('at 1280 px the SKU list shows at least 15 rows, codes on one line, long names cut with the full text on focus', async ({
    page,
  }) => {
    await page.goto('/skus?pageSize=50');
    const table = page.getByRole('table', { name: 'SKUs' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(50);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    // Scroll the table to the top of the screen: 15 whole rows fit below its header.
    await table.evaluate((t) => t.scrollIntoView({ block: 'start' }));
    const inView = await rows.evaluateAll(
      (all) => all.filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length,
    );
    expect(inView).toBeGreaterThanOrEqual(15);

    // Every cell is one line: no row is taller than one line of text plus its padding.
    const heights = await rows.evaluateAll((all) => all.map((r) => r.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeLessThan(48);
    // An inline link that wraps has one box per line.
    const codeLines = await rows.evaluateAll((all) => all.map((r) => r.querySelector('td a')!.getClientRects().length));
    expect(new Set(codeLines)).toEqual(new Set([1]));

    // The first column stays in view when the table scrolls sideways.
    const scroller = table.locator('xpath=..');
    expect(await scroller.evaluate((s) => s.scrollWidth > s.clientWidth)).toBe(true);
    await scroller.evaluate((s) => (s.scrollLeft = s.scrollWidth));
    const firstCell = rows.first().locator('td').first();
    const [cellLeft, boxLeft] = await Promise.all([
      firstCell.evaluate((c) => c.getBoundingClientRect().left),
      scroller.evaluate((s) => s.getBoundingClientRect().left),
    ]);
    expect(Math.abs(cellLeft - boxLeft)).toBeLessThan(2);
  });

  test('a name too long for its column is cut, with the full text on hover and on keyboard focus', async ({ page }) => {
    const code = uniqueCode('LONG');
    const name = `臺灣北區物流股份有限公司新北市三重區第二倉儲配送中心 ${code}`; // within the 50-character limit
    await page.goto('/companies');
    expect(
      (await proxyWrite(page, 'POST', '/v1/companies', { outerSysCode: code, name, cellPhone: '02-2999-0000' })).status,
    ).toBe(201);
    await page.goto(`/companies?outerSysCode=${code}`);
    const cell = page.getByRole('table', { name: 'Companies' }).getByText(name, { exact: true });
    await expect(cell).toBeVisible();
    expect(await cell.evaluate((el) => el.scrollWidth > el.clientWidth + 1)).toBe(true);
    await expect(cell).toHaveAttribute('title', name);
    await cell.focus();
    await expect(cell).toBeFocused();
    await expect.poll(() => cell.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  });

  test('the icon and robots.txt keep the console recognisable and out of search engines', async ({ page, request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/User-agent: \*\s+Disallow: \/\s*$/m);
    const icon = await request.get('/icon.svg');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    await page.goto('/companies');
    await expect(page.locator('head link[rel="icon"]')).toHaveAttribute('href', /\/icon\.svg/);
  });
});

// Every page in English too, light and dark in one visit: a page's own spec checks only the states it opens.
test.describe('English, light and dark', () => {
  test.use({ storageState: storageStateFor('admin') });
  for (const [group, pages] of TOURS) {
    test(`axe passes in English, light and dark: ${group}`, async ({ page }) => {
      test.setTimeout(300_000);
      await tour(page, pages, 'en', ['light', 'dark']);
    });
  }
});
