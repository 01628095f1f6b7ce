import { test } from './fixtures/test';
import { signInThroughForm, storageStateFor } from './fixtures/accounts';

// Temporary: screenshots of what issue 54's roles work changed, to look at (not committed).
const DIR = '/tmp/roles-shots';

for (const locale of ['en', 'zh-TW'] as const) {
  test(`shots ${locale}`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const open = async (role: 'viewer' | 'admin' | null) => {
      const context = await browser.newContext({
        storageState: role ? storageStateFor(role) : { cookies: [], origins: [] },
        locale,
        viewport: { width: 1280, height: 800 },
      });
      await context.addCookies([{ name: 'console-locale', value: locale, url: baseURL! }]);
      return context;
    };
    const viewer = await open('viewer');
    const page = await viewer.newPage();
    await page.goto('/skus/2/edit');
    await page.screenshot({ path: `${DIR}/viewer-sku-edit-403-${locale}.png` });

    // A second viewer session, ended from the first: its sign-in page says why.
    const other = await open(null);
    const second = await other.newPage();
    await second.goto('/sign-in?next=%2Fsettings');
    await signInThroughForm(second, 'viewer@example.com').catch(() => undefined);
    if (locale === 'zh-TW') {
      await second.getByLabel('電子郵件').fill('viewer@example.com');
      await second.getByLabel('密碼').fill('demo-password');
      await second.getByRole('button', { name: '登入' }).click();
    }
    await second.waitForURL(/\/settings/);
    await page.goto('/settings');
    await page.getByRole('button', { name: /End all other sessions|結束所有其他/ }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${DIR}/end-confirm-${locale}.png` });
    await page.getByRole('dialog').getByRole('button').last().click();
    await page.waitForTimeout(1000);
    await second.reload();
    await second.waitForURL(/\/sign-in/);
    await second.screenshot({ path: `${DIR}/sign-in-ended-${locale}.png` });

    const admin = await open('admin');
    const settings = await admin.newPage();
    await settings.goto('/settings');
    const accounts = settings.locator('table').filter({ hasText: 'viewer@example.com' }).first();
    await accounts.scrollIntoViewIfNeeded();
    await settings.screenshot({ path: `${DIR}/accounts-role-select-${locale}.png` });
    await Promise.all([viewer.close(), other.close(), admin.close()]);
  });
}
