import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { ensureSnapshot } from './support/quotas';

/**
 * Issue 46: the lists on a 390 × 844 phone (a card per record, filters in a sheet, a select mode) and a 768 × 1024
 * tablet (a table that drops its low-priority columns first), in English and zh-TW, judged by what lies inside
 * the viewport at first paint and by the document never scrolling sideways.
 */
test.use({ storageState: storageStateFor('steward') });

type Lang = 'en' | 'zh-TW';
type Catalogue = Record<string, Record<string, unknown>>;
const words = (lang: Lang, file: string): Catalogue =>
  JSON.parse(readFileSync(`messages/${lang}/${file}.json`, 'utf8'));
const at = (tree: unknown, path: string): string =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree) as string;

/** Each list: its path, the table's caption, and the header words of its code, name and figure columns. */
function listsIn(lang: Lang) {
  const master = (ns: 'skus' | 'companies' | 'bundles', figure: string) => {
    const w = words(lang, ns)[ns];
    return {
      path: `/${ns}`,
      caption: at(w, 'title'),
      headers: [at(w, 'fields.outerSysCode'), at(w, 'fields.name'), at(w, `fields.${figure}`)],
    };
  };
  const q = words(lang, 'quotas').quotas;
  return [
    master('skus', 'sellPrice'),
    master('companies', 'cellPhone'),
    master('bundles', 'sellPrice'),
    {
      path: '/quotas',
      caption: at(q, 'credit.caption'),
      headers: [at(q, 'credit.code'), at(q, 'credit.name'), at(q, 'credit.availableAmount')],
    },
  ];
}

const cardsLabel = (lang: Lang, caption: string) =>
  (at(words(lang, 'data-table').dataTable, 'cardsLabel') as string).replace('{caption}', caption);

/** Whether a box is drawn (not display:none) and lies wholly inside the viewport. */
async function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return (
      r.width > 0 &&
      r.height > 0 &&
      r.top >= 0 &&
      r.left >= 0 &&
      r.bottom <= window.innerHeight &&
      r.right <= window.innerWidth
    );
  });
}

/** The first row's code, name and figure cells, found by their header's words. */
function firstRowCells(page: Page, caption: string, headers: string[]) {
  return page.getByRole('table', { name: caption }).evaluate((table, names) => {
    const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.replace(/[▲▼]/g, '').trim());
    const cells = table.querySelectorAll('tbody tr:first-child td');
    return names.map((name) => {
      const r = cells[heads.indexOf(name)]?.getBoundingClientRect();
      return (
        r !== undefined && r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth
      );
    });
  }, headers);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const { width, height } of [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
]) {
  for (const lang of ['en', 'zh-TW'] as const) {
    test(`${width} × ${height} in ${lang}: the first record's code, name and figure in view, no sideways scroll, axe`, async ({
      page,
      context,
    }) => {
      test.slow(); // Four lists, each checked by axe.
      // The snapshot, read at a desk's width.
      await page.setViewportSize({ width: 1280, height: 800 });
      await ensureSnapshot(page);
      await context.addCookies([{ name: 'console-locale', value: lang, url: page.url() }]);
      await page.setViewportSize({ width, height });
      for (const list of listsIn(lang)) {
        await page.goto(list.path);
        if (width < 640) {
          const card = page
            .getByRole('list', { name: cardsLabel(lang, list.caption) })
            .getByRole('listitem')
            .first();
          await expect(card.getByRole('link').first()).toBeVisible();
          const parts = [
            card.getByRole('link').first(),
            card.locator('p').first(),
            card.getByRole('definition').first(),
          ];
          for (const [i, part] of parts.entries())
            expect(await inView(part), `${list.path}: ${list.headers[i]} in view`).toBe(true);
          await expect(page.getByRole('table', { name: list.caption })).toBeHidden();
        } else {
          await expect(page.getByRole('table', { name: list.caption }).locator('tbody tr').first()).toBeVisible();
          expect(await firstRowCells(page, list.caption, list.headers), `${list.path}: code, name, figure`).toEqual([
            true,
            true,
            true,
          ]);
        }
        expect(await noSidewaysScroll(page), `${list.path} scrolls sideways`).toBe(true);
        await expectNoAxeViolations(page);
      }
    });
  }
}

test.describe('390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters sheet counts the filters on and its change updates the cards; select mode reaches bulk edit', async ({
    page,
  }) => {
    await page.goto('/skus');
    const cards = page.getByRole('list', { name: 'SKUs, as cards' });
    await expect(cards.getByRole('listitem').nth(1)).toBeVisible();
    const second = (await cards.getByRole('listitem').nth(1).getByRole('link').first().innerText()).trim();

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters and sort' });
    await sheet.getByLabel('Code contains').fill(second);
    await sheet.getByLabel('Code contains').press('Enter');
    await sheet.getByRole('button', { name: 'Show results' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters · 1' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`outerSysCode=${encodeURIComponent(second)}`));
    await expect
      .poll(async () => (await cards.getByRole('listitem').getByRole('link').allInnerTexts())[0])
      .toBe(second);
    for (const code of await cards.getByRole('listitem').getByRole('link').allInnerTexts())
      expect(code).toContain(second);

    // Back to every SKU, then select two cards and open the bulk edit on them.
    await page.goto('/skus');
    const select = page.getByRole('button', { name: 'Select', exact: true });
    await select.click();
    await expect(select).toHaveAttribute('aria-pressed', 'true');
    const picked = [];
    for (const i of [0, 1]) {
      const code = (await cards.getByRole('listitem').nth(i).getByRole('link').first().innerText()).trim();
      await cards.getByRole('checkbox', { name: `Select ${code}` }).check();
      picked.push(code);
    }
    await page.getByRole('button', { name: 'Bulk edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk edit' });
    await expect(dialog.getByRole('radio', { name: 'The 2 selected rows' })).toBeChecked();
    expect(picked).toHaveLength(2);
  });
});
