import type { CDPSession, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { hydrated } from './support/hydration';

/**
 * Chinese input (issue 26 point 5): a Zhuyin input method composes ㄨ → ㄨㄌ → 烏龍 before the person picks the
 * characters. Searches wait for the composition to end, then run once. Driven through Chrome's own IME
 * emulation (CDP Input.imeSetComposition / Input.insertText), which fires the real composition events.
 */

test.use({ storageState: storageStateFor('viewer') });

const skuNameSearches = (requests: Request[]) =>
  requests.filter((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/upstream/v1/skus' && url.searchParams.has('name');
  });

async function composeUlong(cdp: CDPSession, page: Page) {
  for (const text of ['ㄨ', 'ㄨˋ', 'ㄨˋㄌ', '烏龍']) {
    await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
  }
  // Longer than either debounce: a search the composition should not trigger would have gone out by now.
  await page.waitForTimeout(1_000);
}

test('typing 烏龍 through an input method searches once, after the composition ends, in the SKU filter and in the palette', async ({
  page,
}) => {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  const cdp = await page.context().newCDPSession(page);

  await page.goto('/skus');
  await expect(page.getByRole('heading', { level: 1, name: 'SKUs' })).toBeVisible();
  // Composed into the server's HTML before React has hydrated it, the text would be set back and never searched.
  await hydrated(page.getByLabel('Name contains'));
  await page.getByLabel('Name contains').focus();
  await composeUlong(cdp, page);
  expect(skuNameSearches(requests)).toHaveLength(0);
  await cdp.send('Input.insertText', { text: '烏龍' });
  await expect(page).toHaveURL(/name=%E7%83%8F%E9%BE%8D/);
  await expect.poll(() => skuNameSearches(requests).length).toBe(1);
  expect(new URL(skuNameSearches(requests)[0]!.url()).searchParams.get('name')).toBe('烏龍');

  // The palette: the same, and its total is the list's.
  requests.length = 0;
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Find anything' });
  await palette.getByRole('combobox').focus();
  await composeUlong(cdp, page);
  expect(skuNameSearches(requests)).toHaveLength(0);
  await cdp.send('Input.insertText', { text: '烏龍' });
  await expect.poll(() => skuNameSearches(requests).length).toBe(1);

  const total = await page.evaluate(async () => {
    const res = await fetch('/api/upstream/v1/skus?name=%E7%83%8F%E9%BE%8D&pageSize=1', {
      headers: { 'X-Console-Request': '1' },
    });
    return ((await res.json()) as { totalCount: number }).totalCount;
  });
  expect(total).toBeGreaterThan(5);
  await expect(palette.getByRole('status')).toContainText(`${total} SKUs match`);
  await palette.getByRole('option', { name: `Open all ${total} in the SKU list (by name)` }).click();
  await expect(page).toHaveURL(/\/skus\?name=%E7%83%8F%E9%BE%8D/);
});
