import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { expectNoAxeViolations } from './fixtures/axe';
import { storageStateFor } from './fixtures/accounts';

/**
 * Issue 46, the first acceptance point: on a phone (390 × 844) and a tablet (768 × 1024), in English and zh-TW, every
 * console page reflows (the document never scrolls sideways: only a data table may scroll inside itself) and axe
 * passes. One signed-in admin context per size and language visits every page; all problems are collected and
 * reported together (page + problem), and each page's screenshot is kept in the test's output folder.
 */
test.describe.configure({ timeout: 240_000 });
test.use({ storageState: storageStateFor('admin') });

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
] as const;
const LANGUAGES = [
  { locale: 'en-US', lang: 'en' },
  { locale: 'zh-TW', lang: 'zh-Hant-TW' },
] as const;

/** Every console page; `{list}` becomes the first record's id of that list. */
const PAGES = [
  '/',
  '/attention/quota-over-limit',
  '/companies',
  '/companies/{companies}',
  '/products',
  '/products/{products}',
  '/skus',
  '/skus/{skus}',
  '/skus/new',
  '/bundles',
  '/bundles/{bundles}',
  '/quotas',
  '/imports',
  '/imports/new',
  '/exports',
  '/users',
  '/users/{internal-users}',
  '/audit',
  '/settings',
  '/status',
];

async function firstIds(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const ids: Record<string, number> = {};
    for (const list of ['companies', 'products', 'skus', 'bundles', 'internal-users']) {
      const r = await fetch(`/api/upstream/v1/${list}?page=1&pageSize=1`, { headers: { 'X-Console-Request': '1' } });
      ids[list] = ((await r.json()) as { data: { id: number }[] }).data[0]!.id;
    }
    return ids;
  });
}

/**
 * Elements that reach past the viewport's right edge and are not inside a box that scrolls or clips sideways (a
 * data table's own scroller): the outermost of each, as short selectors.
 */
function overflowing(page: Page, screenWidth: number): Promise<string[]> {
  return page.evaluate((screen) => {
    const width = Math.min(document.documentElement.clientWidth, window.innerWidth, screen);
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    const name = (el: Element) =>
      el.tagName.toLowerCase() +
      (el.id ? `#${el.id}` : '') +
      [...el.classList]
        .slice(0, 3)
        .map((c) => `.${c.replace(/([:/[\]().])/g, '\\$1')}`)
        .join('');
    const found = [...document.body.querySelectorAll('*')].filter(
      (el) => el.getBoundingClientRect().right > width + 0.5 && !clipped(el),
    );
    // The outermost ones: a child of an overflowing element says nothing more.
    const outer = found.filter((el) => !found.some((other) => other !== el && other.contains(el)));
    return outer.slice(0, 5).map((el) => {
      const parent = el.parentElement ? `${name(el.parentElement)} > ` : '';
      return `${parent}${name(el)} (right ${Math.round(el.getBoundingClientRect().right)} px)`;
    });
  }, screenWidth);
}

for (const size of SIZES) {
  for (const { locale, lang } of LANGUAGES) {
    test(`${size.name} ${size.width} × ${size.height} in ${locale}: every page reflows and passes axe`, async ({
      browser,
    }, testInfo) => {
      const context = await browser.newContext({
        storageState: storageStateFor('admin'),
        locale,
        viewport: { width: size.width, height: size.height },
        hasTouch: size.name === 'phone',
        isMobile: size.name === 'phone',
      });
      const page = await context.newPage();
      await page.goto('/settings');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const ids = await firstIds(page);
      const problems: string[] = [];
      for (const template of PAGES) {
        const path = template.replace(/\{([a-z-]+)\}/, (_, list: string) => String(ids[list]));
        await page.goto(path);
        // The page's own ready state: nothing marked busy (a list's first read, the home's skeleton).
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        // A phone browser may zoom out to fit a page that is too wide, which widens innerWidth with it: the screen's
        // own width is the bound too.
        const [scrollWidth, innerWidth] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          window.innerWidth,
        ]);
        if (scrollWidth! > Math.min(innerWidth!, size.width)) {
          problems.push(
            `${template}: scrolls sideways (scrollWidth ${scrollWidth} > ${innerWidth}): ${(await overflowing(page, size.width)).join('; ')}`,
          );
        }
        try {
          await expectNoAxeViolations(page);
        } catch (error) {
          const text = (error instanceof Error ? error.message : String(error)).replace(/\x1b\[[0-9;]*m/g, '');
          const rules = [...text.matchAll(/([a-z0-9-]+) \((?:critical|serious|moderate|minor)\)/g)].map((m) => m[1]);
          const nodes = [...text.matchAll(/- ([^\n]+?): Fix (?:any|all)/g)].map((m) => m[1]).slice(0, 4);
          problems.push(
            `${template}: axe ${[...new Set(rules)].join(', ') || text.slice(0, 300)} at ${nodes.join(' | ')}`,
          );
          testInfo.annotations.push({ type: 'axe', description: `${template}\n${text}` });
        }
        const shot = `${size.name}-${lang}-${template.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home'}.png`;
        await page.screenshot({ path: testInfo.outputPath(shot) });
      }
      await context.close();
      expect(problems, `pages that do not reflow or fail axe at ${size.width} × ${size.height} in ${locale}`).toEqual(
        [],
      );
    });
  }
}
