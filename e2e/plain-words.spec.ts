import * as z from 'zod';
import type { Page } from '@playwright/test';
import * as contract from '@/lib/contract';
import * as bundles from '@/lib/contract/bundles';
import * as companies from '@/lib/contract/companies';
import * as prices from '@/lib/contract/prices';
import * as products from '@/lib/contract/products';
import * as quotas from '@/lib/contract/quotas';
import * as skus from '@/lib/contract/skus';
import * as stock from '@/lib/contract/stock';
import { rulesSeenBy } from '@/lib/contract/attention/rules';
import { expect, test } from './fixtures/test';
import { storageStateFor, type RoleName } from './fixtures/accounts';
import { demoTenant } from './support/demo-seed';

/**
 * Issue 54: no API field name, route or variable name on any page a steward or a viewer opens, at 1280 × 800 and
 * 390 × 844, in English and zh-TW. Each page is loaded once per case; what a person can read is its text
 * (document.body.innerText: only what is rendered and not hidden) and the attributes a browser shows or reads
 * out (placeholder, aria-label, title, alt) and the document's title. It must not hold a camel-case field name
 * of the contract (`outerSysCode`, `productId`), nor `/v1/`.
 */

/** Every camel-case field name of the contract's object schemas (their shapes), e.g. outerSysCode. */
function contractFieldNames(): string[] {
  const names = new Set<string>();
  const modules = [contract, bundles, companies, prices, products, quotas, skus, stock];
  for (const exports of modules) {
    for (const value of Object.values(exports)) {
      if (!(value instanceof z.ZodObject)) continue;
      for (const key of Object.keys(value.shape)) if (/^[a-z]+[A-Z]/.test(key)) names.add(key);
    }
  }
  return [...names].sort();
}

const FIELDS = contractFieldNames();
const FORBIDDEN = new RegExp(`\\b(?:${FIELDS.join('|')})\\b|/v1/`, 'g');

const seed = demoTenant();
const PAGES_ANYONE = [
  '/',
  '/companies',
  `/companies/${seed.companies[0]!.id}`,
  '/products',
  `/products/${seed.products[0]!.id}`,
  '/skus',
  '/skus/2',
  '/bundles',
  `/bundles/${seed.bundles[0]!.id}`,
  '/quotas',
  '/quotas?tab=points',
  '/exports',
  '/status',
  '/settings',
];
/** Pages only those who may edit open (a viewer gets the 403 page there, walked as well). */
const PAGES_EDITORS = [
  '/companies/new',
  `/companies/${seed.companies[0]!.id}/edit`,
  '/products/new',
  `/products/${seed.products[0]!.id}/edit`,
  '/skus/new',
  '/skus/2/edit',
  '/bundles/new',
  `/bundles/${seed.bundles[0]!.id}/edit`,
  '/imports',
  '/imports/new',
  '/imports/sync',
];

const pagesFor = (role: RoleName) => [
  ...PAGES_ANYONE,
  ...rulesSeenBy(role).map((rule) => `/attention/${rule}`),
  ...(role === 'viewer' ? ['/skus/2/edit', '/imports'] : PAGES_EDITORS),
];

/**
 * What a person can read on the page as it is now. Text that quotes what a person brought (a file's own header
 * row, the ERP's request pasted to fix) is marked `data-quoted` by the page and left out: there the field names
 * are the person's own.
 */
function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    let body = document.body.innerText;
    for (const quoted of document.querySelectorAll<HTMLElement>('[data-quoted]'))
      body = body.replace(quoted.innerText, '');
    const shown = [document.title, body];
    for (const element of document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title], [alt]')) {
      // An attribute of something not rendered (a closed dialog, a folded panel) is read by nobody.
      if (!element.checkVisibility() || element.closest('[data-quoted]')) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt'])
        if (element.hasAttribute(name)) shown.push(element.getAttribute(name)!);
    }
    return shown.join('\n');
  });
}

/**
 * The page once its reads have settled: no skeleton or region marked busy. Every loading state marks itself
 * `aria-busy` (the route's loading.tsx, the lists' and records' skeletons), as the phone sweep relies on too; waiting
 * for the network to fall idle instead cost a second a page (half a second of quiet at the least), some 200 s a run.
 */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0, { timeout: 10_000 });
}

const LAPTOP = { name: 'laptop', width: 1280, height: 800 };
const PHONE = { name: 'phone', width: 390, height: 844 };
// Both roles on a laptop; on a phone the steward, whose pages include every page a viewer opens but the 403 one
// (kept lean for CI: each case walks some 30 pages).
const CASES = (['en', 'zh-TW'] as const).flatMap((locale) => [
  { role: 'steward' as const, locale, screen: LAPTOP },
  { role: 'viewer' as const, locale, screen: LAPTOP },
  { role: 'steward' as const, locale, screen: PHONE },
]);

test.describe('plain words on every page', () => {
  test('the contract has field names to look for', () => {
    expect(FIELDS).toEqual(expect.arrayContaining(['outerSysCode', 'productId']));
  });

  for (const { role, locale, screen } of CASES) {
    test(`${role}, ${locale}, ${screen.name}: no API field name or route on screen`, async ({ browser }) => {
      test.setTimeout(300_000);
      const context = await browser.newContext({
        storageState: storageStateFor(role),
        locale,
        viewport: { width: screen.width, height: screen.height },
        isMobile: screen.width < 500,
        hasTouch: screen.width < 500,
      });
      await context.addCookies([{ name: 'console-locale', value: locale, url: test.info().project.use.baseURL! }]);
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of pagesFor(role)) {
        await page.goto(path);
        await settled(page);
        const text = await readableText(page);
        for (const match of new Set(text.match(FORBIDDEN) ?? [])) {
          const at = text.indexOf(match);
          found.push(`${path}: "${match}" in …${text.slice(Math.max(0, at - 60), at + 60).replace(/\s+/g, ' ')}…`);
        }
      }
      await context.close();
      expect(found, 'API field names or routes on screen').toEqual([]);
    });
  }
});
