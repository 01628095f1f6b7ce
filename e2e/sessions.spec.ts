import { expect, test } from './fixtures/test';
import { expectNoAxeViolations } from './fixtures/axe';
import { signInThroughForm, storageStateFor } from './fixtures/accounts';
import { addAccount } from './fixtures/own-account';

// Issue 45: sessions a person can see and end, and an admin's password reset. On an account of its own, so ending
// its sessions never signs out the demo accounts other specs use.
test.describe('sessions and password reset (admin)', () => {
  test.use({ storageState: storageStateFor('admin') });

  test("an admin ends a colleague's session, then resets the password with a one-time link", async ({
    page,
    browser,
  }) => {
    test.slow(); // Two browsers, three sign-ins, two axe runs.
    const email = `sessions.${Date.now()}@example.com`;
    await page.goto('/settings');
    await addAccount(page, { email, name: 'Lin Sessions', role: 'Steward', password: 'sessions-password-1' });
    // The admin's own sessions, this one marked and never offered to end.
    const own = page.getByRole('table', { name: 'Where you are signed in' });
    await expect(own.getByRole('row', { name: /This session/ })).toBeVisible();

    const colleague = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const other = await colleague.newPage();
    await other.goto('/sign-in?next=%2Fsettings');
    await signInThroughForm(other, email, 'sessions-password-1');
    await expect(other).toHaveURL(/\/settings$/);

    await page.getByRole('link', { name: /^Sessions and password\s*: Lin Sessions$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sessions and password of Lin Sessions' })).toBeVisible();
    const sessions = page.getByRole('table', { name: 'Sessions of Lin Sessions' });
    await expect(sessions.getByRole('row')).toHaveCount(2); // The header and the colleague's one session.
    await expect(sessions).toContainText(/Chrome on (Windows|Linux|macOS)/);
    await expectNoAxeViolations(page);
    // Ending asks first; Cancel (where the focus starts) changes nothing.
    await page.getByRole('button', { name: 'End all sessions' }).click();
    const ask = page.getByRole('dialog', { name: 'End all sessions of Lin Sessions?' });
    await expect(ask).toContainText('Lin Sessions is signed out everywhere on the next request (1 session)');
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(sessions.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'End all sessions' }).click();
    await ask.getByRole('button', { name: 'End 1 session' }).click();
    await expect(page.getByText('1 session ended.')).toBeVisible();
    // The colleague's next request is refused: back to sign-in, which says why.
    await other.reload();
    await expect(other).toHaveURL(/\/sign-in/);
    await expect(other.getByText('This session was ended from Settings', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Make a reset link' }).click();
    const link = await page.getByRole('textbox', { name: 'Reset password' }).inputValue();
    expect(link).toMatch(/\/reset-password#token=/);
    await other.goto(link);
    await expect(other.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    await expectNoAxeViolations(other);
    await other.getByLabel('New password').fill('reset-password-2');
    await other.getByRole('button', { name: 'Set password' }).click();
    await expect(other.getByText('Your new password is set. Sign in with it.')).toBeVisible();
    await signInThroughForm(other, email, 'reset-password-2');
    await expect(other).not.toHaveURL(/\/sign-in/);
    // The link works once.
    await other.goto(link);
    await other.getByLabel('New password').fill('reset-password-3');
    await other.getByRole('button', { name: 'Set password' }).click();
    await expect(other.getByText('This link has been used or has expired.', { exact: false })).toBeVisible();
    await colleague.close();
  });
});

// Issue 54: a person whose role an admin changes is signed out and told why on the sign-in page (here in zh-TW).
test.describe('a role change (admin)', () => {
  test.use({ storageState: storageStateFor('admin') });

  test('signs the steward out, and the sign-in page says their role was changed', async ({ page, browser }) => {
    const email = `role.${Date.now()}@example.com`;
    await page.goto('/settings');
    await addAccount(page, { email, name: 'Chen Role', role: 'Steward', password: 'role-password-1' });

    const colleague = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: 'zh-TW' });
    await colleague.addCookies([{ name: 'console-locale', value: 'zh-TW', url: page.url() }]);
    const other = await colleague.newPage();
    await other.goto('/sign-in?next=%2Fsettings');
    await other.getByLabel('電子郵件').fill(email);
    await other.getByLabel('密碼').fill('role-password-1');
    await other.getByRole('button', { name: '登入' }).click();
    await expect(other).toHaveURL(/\/settings$/);

    // The select shows each role whole (it was clipped to "Stewa").
    const role = page.getByLabel('Change role of Chen Role');
    const box = await role.boundingBox();
    const needed = await role.evaluate((select: HTMLSelectElement) => select.scrollWidth);
    expect(box!.width).toBeGreaterThanOrEqual(needed);
    await role.selectOption({ label: 'Admin' });
    // The "created" notice may lie over the button: Enter on the focused button, as a keyboard user does.
    await page.getByRole('button', { name: 'Save role : Chen Role' }).focus();
    await page.keyboard.press('Enter');
    // The notice of the saved role (a row's text holds every role's name in its select, so it is no sign of the save).
    await expect(page.getByText('Chen Role is now Admin.')).toBeVisible();

    await other.reload();
    await expect(other).toHaveURL(/\/sign-in/);
    await expect(other.getByText('您已被登出')).toBeVisible();
    await expect(other.getByText('管理員變更了您的角色')).toBeVisible();
    await expectNoAxeViolations(other);
    await other.screenshot({ path: test.info().outputPath('sign-in-role-changed-zh-TW.png') });
    // The same page in English says the same.
    await colleague.addCookies([{ name: 'console-locale', value: 'en', url: other.url() }]);
    await other.reload();
    await expect(other.getByText('An admin changed your role')).toBeVisible();
    await colleague.close();
  });
});
