import type { Browser, Page } from '@playwright/test';
import { test } from '../fixtures/test';
import { storageStateFor } from '../fixtures/accounts';

/**
 * A steward's page in Traditional Chinese, in a context of its own (the language cookie set, zh-TW as the
 * browser's locale), opened at `url` when one is given. Close it with `page.context().close()`.
 */
export async function zhTWPage(
  browser: Browser,
  { url, viewport = { width: 1280, height: 800 } }: { url?: string; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateFor('steward'), locale: 'zh-TW', viewport });
  const at = url ?? test.info().project.use.baseURL!;
  await context.addCookies([{ name: 'console-locale', value: 'zh-TW', url: at }]);
  const page = await context.newPage();
  if (url) await page.goto(url);
  return page;
}
