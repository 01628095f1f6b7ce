import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { demoTenant } from '../support/demo-seed';
import { signInCookie } from '../support/console-process';
import { screenshotTo } from '../support/attention-console';
import { describeOnMirrorConsole } from './part';

// Issue 54, points 4 and 6, on the console with the mirror on that e2e/mirror-console.spec.ts starts (lists then
// search, and findings come from the mirror's copy; the shared e2e consoles run without one): things chosen by code
// and name, never by id; the salesperson picker; a user's companies; merged filters; phones. PLAIN_SCREENSHOTS=folder
// keeps screenshots.
const shots = process.env.PLAIN_SCREENSHOTS;
const tenant = demoTenant();
const SALES = 2;
const ADMIN = 'admin@example.com';
const formerSales = tenant.internalUsers.find((u) => u.roleId === SALES && u.status === 'Inactive')!;
const activeSales = tenant.internalUsers.filter((u) => u.roleId === SALES && u.status === 'Active');
const ofFormer = tenant.companies.find((c) => c.internalUserId === formerSales.id && c.status === 'Active')!;
let url = '';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

async function signedIn(
  browser: Browser,
  options: { email?: string; locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const cookie = await signInCookie(url, options.email ?? 'steward@example.com');
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  const context = await browser.newContext({
    baseURL: url,
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? LAPTOP,
  });
  await context.addCookies([{ name, value, url }]);
  return context.newPage();
}

const shot = (page: Page, name: string) => screenshotTo(shots, page, name);

/** The part of an element inside the viewport, as the person sees it. */
async function inView(locator: Locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: window.innerWidth };
  });
}

export function plainNamesTests() {
  describeOnMirrorConsole(
    'things chosen by code and name, on a laptop and a phone (issue 54)',
    {
      title: 'the console with the mirror on finds the companies of a salesperson who left',
      email: 'steward@example.com',
      found: (summary) => summary.cards.some((c) => c.rule === 'company-salesperson'),
    },
    (address) => {
      url = address;
    },
    () => {
      test('a finding names the salesperson it points at; the picker offers active salespeople with role and status', async ({
        browser,
      }) => {
        for (const locale of ['en-US', 'zh-TW']) {
          const page = await signedIn(browser, { locale });
          await page.goto('/attention/company-salesperson');
          const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: ofFormer.outerSysCode }) });
          await expect(row).toContainText(formerSales.name);
          await expect(row).toContainText(locale === 'en-US' ? 'Inactive' : '停用');
          await shot(page, `findings-salesperson-${locale}-1280`);
        }

        const page = await signedIn(browser);
        await page.goto(`/companies/${ofFormer.id}/edit`);
        const picker = page.getByLabel(/^Salesperson/);
        await expect(picker).toBeVisible();
        const options = await picker.locator('option').allTextContents();
        // Active salespeople, each with role and status; the company's own (who left) stays in view as what it holds.
        expect(options.filter((o) => o.includes(' · Sales · Active'))).toHaveLength(activeSales.length);
        expect(options.find((o) => o.startsWith(formerSales.name))).toBe(`${formerSales.name} · Sales · Inactive`);
        expect(options.some((o) => /Warehouse|System administrator/.test(o))).toBe(false);
        await expectNoAxeViolations(page);
        await shot(page, 'company-salesperson-picker-en-1280');
      });

      test('a user’s page lists their companies and gives them another, on the record', async ({ browser }) => {
        const [to, from] = [activeSales[1]!, activeSales[2]!];
        const company = tenant.companies.find((c) => c.internalUserId === from.id && c.status === 'Active')!;
        // Users are an admin's pages.
        for (const locale of ['en-US', 'zh-TW']) {
          const page = await signedIn(browser, { email: ADMIN, locale });
          await page.goto(`/users/${to.id}`);
          const card = page.getByRole('region', { name: locale === 'en-US' ? 'Companies' : '負責公司' });
          await expect(card.getByRole('table')).toBeVisible();
          await shot(page, `user-companies-${locale}-1280`);
        }
        const page = await signedIn(browser, { email: ADMIN });
        await page.goto(`/users/${to.id}`);
        const card = page.getByRole('region', { name: 'Companies' });
        const count = card.getByRole('status').first();
        await expect(count).toContainText(/looks after \d+ compan/);
        const before = Number(/(\d+) compan/.exec(await count.innerText())![1]);
        await card.getByLabel(/Give a company to this salesperson/).fill(company.outerSysCode);
        await card.getByRole('button', { name: new RegExp(`^Choose ${company.outerSysCode}`) }).click();
        await expect(card).toContainText(`Its salesperson now: ${from.name}`);
        const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/v1/companies/${company.id}`));
        await card.getByRole('button', { name: 'Give the company' }).click();
        expect((await put).postDataJSON()).toEqual({ internalUserId: to.id });
        await expect(card.getByRole('link', { name: company.outerSysCode })).toBeVisible();
        await expect(count).toContainText(`looks after ${before + 1} companies`);
        await expectNoAxeViolations(page);

        await page.goto(`/companies/${company.id}`);
        await expect(page.getByRole('region', { name: 'Details' })).toContainText(to.name);
      });

      test('beside the search a list has one exact-code box and no name box; each list’s search says what it reaches', async ({
        browser,
      }) => {
        const page = await signedIn(browser);
        await page.goto('/skus');
        const filters = page.getByRole('search', { name: 'Filters' });
        await expect(filters.getByRole('searchbox', { name: 'Search' })).toHaveAccessibleDescription(/barcode/);
        await expect(filters.getByRole('searchbox', { name: 'Exact code' })).toBeVisible();
        await expect(filters.getByRole('searchbox', { name: 'Barcode (exact)' })).toBeVisible();
        await expect(filters.getByLabel('Name contains')).toHaveCount(0);
        await expect(filters.getByLabel('Code contains')).toHaveCount(0);
        await expect(filters.getByLabel('Product id')).toHaveCount(0);
        const sku = tenant.skus[3]!;
        await filters.getByRole('searchbox', { name: 'Exact code' }).fill(sku.outerSysCode);
        await filters.getByRole('searchbox', { name: 'Exact code' }).press('Enter');
        await expect(page).toHaveURL(/exactCode=1/);
        await expect(page.getByRole('table', { name: 'SKUs' }).locator('tbody tr')).toHaveCount(1);
        // The product filter is a search by code or name; the chosen product is named, never shown as an id.
        const product = tenant.products.find((p) => p.id === sku.productId)!;
        await page.goto(`/skus?productId=${product.id}`);
        await expect(filters).toContainText(`Only SKUs of ${product.outerSysCode} · ${product.name}`);
        await shot(page, 'skus-filters-en-1280');

        await page.goto('/companies');
        await expect(filters.getByRole('searchbox', { name: 'Search' })).toHaveAccessibleDescription(
          'Code, name or short name; any part of the text.',
        );
        await page.goto('/skus/new');
        await expect(page.getByRole('searchbox', { name: /^Product/ })).toHaveAccessibleDescription(
          /No product chosen yet/,
        );
        await page.getByRole('searchbox', { name: /^Product/ }).fill(product.outerSysCode);
        await page.getByRole('button', { name: new RegExp(`^Choose ${product.outerSysCode}`) }).click();
        await expect(page.getByRole('searchbox', { name: /^Product/ })).toHaveAccessibleDescription(
          new RegExp(`Product: ${product.outerSysCode} · `),
        );
        await expect(page.getByRole('spinbutton', { name: /Product/ })).toHaveCount(0);
        await shot(page, 'sku-new-product-en-1280');
      });

      test('on a phone findings are cards, a fix comes back to the findings, and the save bar never covers the field', async ({
        browser,
      }) => {
        for (const locale of ['en-US', 'zh-TW']) {
          const page = await signedIn(browser, { locale, viewport: PHONE });
          await page.goto('/attention/company-salesperson');
          const cards = page.getByRole('list', { name: /as cards|（卡片）/ });
          await expect(cards.getByRole('listitem').first()).toBeVisible();
          await expect(page.getByRole('table')).toBeHidden();
          // Every card lies inside the screen's width.
          const box = await inView(cards.getByRole('listitem').first());
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(box.width);
          await shot(page, `findings-cards-${locale}-390`);
        }

        const page = await signedIn(browser, { viewport: PHONE });
        await page.goto('/attention/company-salesperson');
        const card = page
          .getByRole('list', { name: /as cards/ })
          .getByRole('listitem')
          .filter({ has: page.getByRole('link', { name: ofFormer.outerSysCode, exact: true }) });
        await card.getByRole('link', { name: /Assign a salesperson/ }).click();
        await expect(page).toHaveURL(new RegExp(`/companies/${ofFormer.id}/edit\\?(?:[^#]*&)?back=`));

        // A field just above the bottom of the screen, where the stuck save bar is: focused, it ends above the bar.
        const field = page.getByLabel(/^Shipping address/);
        const bar = page.locator('[data-action-bar]');
        await field.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 20));
        await field.focus();
        await expect
          .poll(async () => (await inView(field)).bottom - (await inView(bar)).top, { timeout: 5000 })
          .toBeLessThanOrEqual(0);
        await shot(page, 'company-edit-focus-en-390');

        await page.getByLabel(/^Salesperson/).selectOption({ value: String(activeSales[0]!.id) });
        await page.getByRole('button', { name: 'Review and save' }).click();
        await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Save' }).click();
        await expect(page).toHaveURL(/\/attention\/company-salesperson$/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      });

      test('on a phone the audit and imports tables scroll inside themselves with their first column in view', async ({
        browser,
      }) => {
        for (const locale of ['en-US', 'zh-TW']) {
          const page = await signedIn(browser, { email: ADMIN, locale, viewport: PHONE });
          for (const path of ['/audit', '/imports']) {
            await page.goto(path);
            const table = page.getByRole('table').first();
            if ((await table.count()) === 0) continue;
            const frame = table.locator('xpath=..');
            await frame.evaluate((el) => (el.scrollLeft = el.scrollWidth));
            const first = table.locator('tbody tr').first().locator('td, th').first();
            const box = await inView(first);
            expect(box.left, `${path}: the first column in view`).toBeGreaterThanOrEqual(0);
            expect(box.right, `${path}: the first column in view`).toBeLessThanOrEqual(box.width);
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
            await shot(page, `${path.slice(1)}-scrolled-${locale}-390`);
          }
        }
      });
    },
  );
}
