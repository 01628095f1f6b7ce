import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { signInCookie, startMirrorConsole, type ConsoleProcess, type CountingService } from './support/console-process';
import { expectFilterBoxesOnOneLine } from './support/filters';

// Issue 32, acceptance point 1: /skus reads the console's mirror, so this spec starts a console of its own with the
// mirror on.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const port = Number(process.env.E2E_PORT ?? 3900) + 4;
let service: CountingService;
let console_: ConsoleProcess;
let cookie = '';

type Sku = {
  id: number;
  outerSysCode: string;
  name: string | null;
  barcode: string | null;
  warehouse: string | null;
  spec: string | null;
  productId: number;
  sellPrice: number;
};
type Product = { id: number; outerSysCode: string | null; name: string | null };

async function v1<T>(path: string): Promise<T> {
  const response = await fetch(`${console_.url}/api/upstream/v1${path}`, {
    headers: { cookie, 'x-console-request': '1' },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function all<T>(list: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await v1<{ data: T[]; totalPages: number }>(`/${list}?page=${page}&pageSize=100`);
    rows.push(...answer.data);
    if (page >= answer.totalPages) return rows;
  }
}

test.beforeAll(async () => {
  // The first copy (and its first check of what needs attention) can outlast a hook's default minute on a busy machine.
  test.setTimeout(150_000);
  ({ service, console: console_ } = await startMirrorConsole(port, {
    BETTER_AUTH_SECRET: 'e2e-lists-secret-of-at-least-thirty-two-chars',
    CONSOLE_DATA_DIR: `${process.env.E2E_DATA_DIR ?? '.data/e2e'}/lists-mirror-${Date.now()}`,
  }));
  cookie = await signInCookie(console_.url, 'admin@example.com');
  // The first copy is taken at start: the list reads the mirror once it is complete.
  await expect
    .poll(
      async () => {
        const r = await fetch(`${console_.url}/api/lists/skus`, { headers: { cookie, 'x-console-request': '1' } });
        return ((await r.json()) as { source?: string }).source;
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe('mirror')
    .catch((error: Error) => {
      throw new Error(`${error.message}\nThe console printed (last lines):\n${console_.output().slice(-6000)}`);
    });
});

test.afterAll(async () => {
  await console_?.stop();
  await service?.close();
});

const table = (page: Page) => page.getByRole('table', { name: 'SKUs' });
const firstCode = (page: Page) => table(page).locator('tbody tr').first().getByRole('link').first();
const status = (page: Page) => page.getByRole('status').filter({ hasText: /^Showing|^No results/ });

test('SKUs sort by sell price, count per status and search every text, all from the mirror', async ({ page }) => {
  const [skus, products] = await Promise.all([all<Sku>('skus'), all<Product>('products')]);
  await page
    .context()
    .addCookies([{ name: cookie.split('=')[0]!, value: cookie.slice(cookie.indexOf('=') + 1), url: console_.url }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${console_.url}/skus`);
  await expect(page.getByText(/^As of /)).toBeVisible();

  // Sell price, descending (a header goes ascending first): the highest price of all, the highest id among equals.
  const header = table(page).getByRole('columnheader', { name: 'Sell price' });
  await header.getByRole('button', { name: 'Sell price' }).click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.getByRole('button', { name: 'Sell price' }).press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const top = [...skus].sort((a, b) => b.sellPrice - a.sellPrice || b.id - a.id)[0]!;
  await expect(firstCode(page)).toHaveText(top.outerSysCode);
  await expect(page).toHaveURL(/sort=sellPrice&dir=desc/);
  await page.reload();
  await expect(table(page).getByRole('columnheader', { name: 'Sell price' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(firstCode(page)).toHaveText(top.outerSysCode);
  // With the mirror's search box the filters are still one line at 1280 px.
  await expectFilterBoxesOnOneLine(page.getByRole('search', { name: 'Filters' }));
  if (process.env.LIST_SHOTS) await page.screenshot({ path: `${process.env.LIST_SHOTS}/skus-en.png` });

  // The counts beside the status filter's options are the service's own totals.
  const options = page.getByRole('search', { name: 'Filters' }).getByLabel('Status').locator('option:not([value=""])');
  await expect(options.first()).toHaveText(/\(\d[\d,]*\)$/);
  for (const option of await options.all()) {
    const value = (await option.getAttribute('value'))!;
    const { totalCount } = await v1<{ totalCount: number }>(`/skus?status=${encodeURIComponent(value)}&pageSize=1`);
    await expect(option, value).toHaveText(new RegExp(`\\(${totalCount.toLocaleString('en')}\\)$`));
  }

  // A Chinese substring of a name, and a barcode: each finds the seed records that hold it (in any text, or their product's).
  const lower = (v: string | null) => (v ?? '').toLowerCase();
  const productText = new Map(products.map((p) => [p.id, `${lower(p.outerSysCode)} ${lower(p.name)}`]));
  const holders = (q: string) =>
    skus.filter(
      (s) =>
        [s.outerSysCode, s.name, s.barcode, s.warehouse, s.spec].some((v) => lower(v).includes(q)) ||
        productText.get(s.productId)!.includes(q),
    );
  const named = skus.find((s) => /[\u4e00-\u9fff]{3}/.test(s.name ?? '') && s.barcode)!;
  const chinese = /[\u4e00-\u9fff]{3}/.exec(named.name!)![0].slice(1, 3);
  const search = page.getByRole('search', { name: 'Filters' }).getByRole('searchbox', { name: 'Search' });
  for (const q of [chinese, named.barcode!]) {
    const expected = holders(lower(q));
    await search.fill(q);
    await search.press('Enter');
    await expect(status(page)).toHaveText(new RegExp(`of ${expected.length.toLocaleString('en')}$`));
    // The highest-priced holder leads (the sort stays): the seed record holding the text is found.
    const lead = [...expected].sort((a, b) => b.sellPrice - a.sellPrice || b.id - a.id)[0]!;
    await expect(firstCode(page)).toHaveText(lead.outerSysCode);
    if (q === named.barcode)
      await expect(table(page).getByRole('link', { name: named.outerSysCode, exact: true })).toBeVisible();
  }

  if (process.env.LIST_SHOTS) {
    await page.context().addCookies([{ name: 'console-locale', value: 'zh-TW', url: console_.url }]);
    await page.goto(`${console_.url}/skus?sort=sellPrice&dir=desc`);
    await expect(page.getByText(/^資料時間/)).toBeVisible();
    await page.screenshot({ path: `${process.env.LIST_SHOTS}/skus-zh-TW.png` });
  }
});
