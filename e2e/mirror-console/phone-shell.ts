import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { NAV_LINKS } from '../support/nav-links';
import { signInCookie } from '../support/console-process';
import { screenshotTo } from '../support/attention-console';
import { describeOnMirrorConsole } from './part';

// Issue 46, points 3 and 4: the shell, the home and Quotas on a phone and a tablet. The home's cards and the
// findings come from the mirror, which the shared e2e consoles run without: these tests run on the console with the
// mirror on that e2e/mirror-console.spec.ts starts.

/** Set to a folder to keep screenshots of the home, a findings page, /quotas and the open menu. */
const shots = process.env.PHONE_SCREENSHOTS;
const OVER_LIMIT = 'Over the credit limit';
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
let url = '';

/** A touch phone (or the given screen) signed in as `email`, in `locale` (the console-locale cookie). */
async function signedIn(browser: Browser, email: string, locale: 'en' | 'zh-TW', options: BrowserContextOptions = {}) {
  const cookie = await signInCookie(url, email);
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  const context = await browser.newContext({
    baseURL: url,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    ...options,
  });
  await context.addCookies([
    { name, value, url },
    { name: 'console-locale', value: locale, url },
  ]);
  return context.newPage();
}

/** The document is no wider than the window: only a data table may scroll sideways, inside itself. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, `${where}: document ${scroll} px wide in a ${inner}-px window`).toBeLessThanOrEqual(inner);
}

const shot = (page: Page, name: string) => screenshotTo(shots, page, name);

export function phoneShellTests() {
  describeOnMirrorConsole(
    'the shell, the home and Quotas on a phone and a tablet (issue 46)',
    {
      title: 'the console with the mirror on finds the companies over their credit limit',
      email: 'viewer@example.com',
      // The quotas' own pass has run and the rules over it with it: the over-limit card is there.
      found: (summary) => summary.cards.some((c) => c.rule === 'quota-over-limit'),
    },
    (address) => {
      url = address;
    },
    () => {
      const WORDS = {
        en: {
          menu: 'Menu',
          nav: 'Main',
          search: 'Search',
          dark: 'Dark mode',
          close: 'Close',
          other: '中文',
          attention: /^Needs attention\s*[\d,]*$/,
        },
        'zh-TW': {
          menu: '選單',
          nav: '主選單',
          search: '搜尋',
          dark: '深色模式',
          close: '關閉',
          other: 'English',
          attention: /^待處理\s*[\d,]*$/,
        },
      } as const;

      test('at 390 × 844 the header is one 56-px row and the menu sheet holds every link, the language and dark mode', async ({
        browser,
      }) => {
        const page = await signedIn(browser, 'admin@example.com', 'en');
        for (const lang of ['en', 'zh-TW'] as const) {
          const w = WORDS[lang];
          await page.goto('/settings');
          await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'en' : 'zh-Hant-TW');
          const header = page.getByRole('banner');
          expect((await header.boundingBox())!.height, `${lang}: header height`).toBeLessThanOrEqual(56);
          // Search is an icon named by its word; a touch screen is offered no keyboard shortcut.
          await expect(header.getByRole('button', { name: w.search, exact: true })).toBeVisible();
          await expect(page.getByText('Ctrl K')).toBeHidden();
          // No navigation strip on the page itself: the links are in the menu.
          await expect(page.getByRole('navigation', { name: w.nav })).toBeHidden();
          await expectNoSidewaysScroll(page, `${lang} /settings`);

          const menuButton = header.getByRole('button', { name: w.menu });
          await menuButton.click();
          const sheet = page.getByRole('dialog', { name: w.menu });
          await expect(sheet).toBeVisible();
          // A modal: the browser keeps focus inside it and the page behind inert.
          expect(await sheet.evaluate((d) => d.matches(':modal'))).toBe(true);
          const nav = sheet.getByRole('navigation', { name: w.nav });
          await expect(nav.getByRole('link')).toHaveText([w.attention, ...NAV_LINKS[lang]]);
          for (const link of await nav.getByRole('link').all()) {
            const box = (await link.boundingBox())!;
            expect(box.height, 'a link is a target of at least 24 px').toBeGreaterThanOrEqual(24);
            expect(box.y + box.height, 'every link is reachable in the sheet').toBeLessThanOrEqual(PHONE.height + 400);
          }
          await expect(sheet.getByRole('button', { name: w.other })).toBeVisible();
          await expectNoAxeViolations(page);
          await shot(page, `menu-390-${lang}`);
          await page.keyboard.press('Escape');
          await expect(sheet).toBeHidden();
          await expect(menuButton).toBeFocused();

          // Dark mode from the sheet, and back.
          await menuButton.click();
          await sheet.getByRole('button', { name: w.dark }).click();
          await expect(page.locator('html')).toHaveClass(/\bdark\b/);
          await sheet.getByRole('button', { name: w.dark }).click();
          await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

          // Following a link closes the sheet; focus goes to the new page's heading.
          await nav.getByRole('link', { name: NAV_LINKS[lang][11] }).click();
          await expect(page).toHaveURL(/\/status$/);
          await expect(sheet).toBeHidden();
          await expect(page.getByRole('heading', { level: 1, name: NAV_LINKS[lang][11] })).toBeFocused();

          // The other language, chosen in the sheet, is saved with the account.
          await menuButton.click();
          await sheet.getByRole('button', { name: w.other }).click();
          await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'zh-Hant-TW' : 'en');
          await page.keyboard.press('Escape');
        }
        // A touch screen as wide as a laptop has the sidebar and the full header, and still no keyboard shortcut.
        await page.setViewportSize({ width: 1280, height: 800 });
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
        await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
        await expect(page.getByText('Ctrl K')).toBeHidden();
        await page.context().close();
      });

      const PAGES = ['/', '/attention/quota-over-limit', '/quotas', '/status', '/settings', '/exports'];

      test('the home, a findings page, Quotas, Status, Settings and Exports never scroll sideways at 390 and 768 px', async ({
        browser,
      }) => {
        test.slow(); // Six pages at two widths in two languages, axe on the first pass.
        for (const lang of ['en', 'zh-TW'] as const) {
          const page = await signedIn(browser, 'viewer@example.com', lang);
          for (const [size, viewport] of [
            ['390', PHONE],
            ['768', TABLET],
          ] as const) {
            await page.setViewportSize(viewport);
            for (const path of PAGES) {
              await page.goto(path);
              await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
              // Whatever streams in after the heading (the home's cards, a list's rows) has arrived.
              await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
              await expectNoSidewaysScroll(page, `${lang} ${size} ${path}`);
              if (lang === 'en' && size === '390') await expectNoAxeViolations(page);
              if (['/', '/attention/quota-over-limit', '/quotas'].includes(path)) {
                await shot(page, `${path === '/' ? 'home' : path.split('/').at(-1)}-${size}-${lang}`);
              }
            }
            if (size === '768') {
              await page.getByRole('button', { name: WORDS[lang].menu }).click();
              await shot(page, `menu-768-${lang}`);
            }
          }
          await page.setViewportSize({ width: 1280, height: 800 });
          await page.goto('/');
          await shot(page, `home-1280-${lang}`);
          await page.context().close();
        }
      });

      test('a viewer on a phone follows the over-limit card to a company and its quota without a sideways scroll', async ({
        browser,
      }) => {
        const page = await signedIn(browser, 'viewer@example.com', 'en');
        await page.goto('/');
        const card = page.getByRole('region', { name: OVER_LIMIT, exact: true });
        await expect(card.getByTestId('card-count')).toBeInViewport();
        await expectNoSidewaysScroll(page, 'home');
        await card.getByRole('link', { name: OVER_LIMIT, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: OVER_LIMIT })).toBeVisible();
        const company = page
          .getByRole('main')
          .getByRole('link', { name: /^C\d+$/ })
          .first();
        await expect(company).toBeVisible();
        await expectNoSidewaysScroll(page, 'the findings');
        const code = (await company.innerText()).trim();
        // A viewer is offered no fix (issue 54): the company, then its quota.
        await expect(page.getByRole('link', { name: /^Edit the quota/ })).toHaveCount(0);
        await company.click();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The company page's regions load after its heading and push the Quotas link down on a phone: a click while
        // they still load can land where the link no longer is (load 11: the page stayed on the company).
        await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0, { timeout: 20_000 });
        await page.getByRole('link', { name: 'Open quotas for this company' }).click();
        await expect(page).toHaveURL(/\/quotas\?company=\d+/);
        // The company's quota, by its code, whether the list shows a table or cards.
        await expect(page.getByRole('main').getByRole('link', { name: code, exact: true })).toBeVisible();
        await expectNoSidewaysScroll(page, 'the company’s quota');
        await page.context().close();
      });

      test('the credit charts’ tick labels never overlap from 320 px up', async ({ browser }) => {
        // A mouse and keyboard this time: the shortcut is offered once the header has room for it.
        // The viewer: the admin's language is saved with the account by the menu test above.
        const page = await signedIn(browser, 'viewer@example.com', 'zh-TW', {
          viewport: { width: 320, height: 800 },
          hasTouch: false,
          isMobile: false,
        });
        await page.goto('/quotas');
        await expect(page.getByText('Ctrl K')).toBeHidden();
        const charts = page.locator('figure');
        await expect(charts).toHaveCount(2);
        // On a phone each chart is a figure card; its drawing opens on demand.
        for (const figure of await charts.all()) await figure.getByText('顯示圖表').click();
        for (const width of [320, 390, 768, 1024, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await expect(page.locator('.recharts-cartesian-axis-tick-value').first()).toBeVisible();
          // Both drawings, each with its two axes, laid out for this width.
          await expect.poll(() => page.locator('.recharts-cartesian-axis-tick-labels').count()).toBe(4);
          await page.waitForTimeout(300);
          const axes = await page.locator('.recharts-cartesian-axis-tick-labels').evaluateAll((all) =>
            all.map((axis) =>
              [...axis.querySelectorAll('.recharts-cartesian-axis-tick-value')].map((label) => {
                const r = label.getBoundingClientRect();
                return { text: label.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
              }),
            ),
          );
          for (const labels of axes) {
            expect(labels.length, `${width} px: an axis has labels`).toBeGreaterThan(0);
            for (let i = 0; i < labels.length; i++) {
              for (let j = i + 1; j < labels.length; j++) {
                const [a, b] = [labels[i]!, labels[j]!];
                const overlap =
                  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
                expect(overlap, `${width} px: ${JSON.stringify([a, b])}`).toBe(false);
              }
            }
          }
          await expectNoSidewaysScroll(page, `/quotas at ${width}`);
        }
        await expect(page.getByText('Ctrl K')).toBeVisible();
        await page.context().close();
      });
    },
  );
}
