import type { Browser } from '@playwright/test';
import { storageStateFor, type RoleName } from '../fixtures/accounts';
import { test } from '../fixtures/test';

/** A browser of its own signed in as `role`, reading the console in `locale`, at `viewport` (a laptop unless said). */
export async function signedInAs(
  browser: Browser,
  role: RoleName,
  locale: 'en' | 'zh-TW' = 'en',
  viewport = { width: 1280, height: 800 },
) {
  const context = await browser.newContext({ storageState: storageStateFor(role), viewport, locale });
  const { baseURL } = test.info().project.use;
  await context.addCookies([{ name: 'console-locale', value: locale, url: baseURL! }]);
  return { context, page: await context.newPage() };
}
