import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { expectNoAxeViolations } from './fixtures/axe';
import { NAV_LINKS } from './support/nav-links';
import { DEMO_USERS, signInThroughForm, storageStateFor, type RoleName } from './fixtures/accounts';
import { submitNewAccount } from './fixtures/own-account';

const ALL_LINKS: readonly string[] = NAV_LINKS.en;
// "Needs attention" comes first for every role, with the count of open findings for the role after its name.
const ATTENTION = /^Needs attention\s*[\d,]*$/;
const NAV: Record<RoleName, (string | RegExp)[]> = {
  viewer: [ATTENTION, 'Companies', 'Products', 'SKUs', 'Bundles', 'Quotas', 'Exports', 'Settings', 'Status'],
  // The steward sees every link but the admin's two and the approvers' queue.
  steward: [ATTENTION, ...ALL_LINKS.filter((link) => !['Users', 'Audit', 'Approvals'].includes(link))],
  // The manager reads what a viewer reads and has the approvers' queue (no imports: other master data).
  manager: [ATTENTION, ...ALL_LINKS.filter((link) => !['Imports', 'Users', 'Audit'].includes(link))],
  // The admin sees every link.
  admin: [ATTENTION, ...ALL_LINKS],
};

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('signed out', () => {
  test('the sign-in page is accessible and rejects a wrong password without losing the email', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);

    await signInThroughForm(page, DEMO_USERS.viewer.email, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(DEMO_USERS.viewer.email);
    await expect(page).toHaveURL(/\/sign-in/);
    await expectNoAxeViolations(page);
  });

  test('a console page sends a signed-out visitor to sign-in and back to that page afterwards', async ({ page }) => {
    await page.goto('/settings?tab=accounts');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings%3Ftab%3Daccounts$/);
    await signInThroughForm(page, DEMO_USERS.steward.email);
    await expect(page).toHaveURL(/\/settings\?tab=accounts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });
});

for (const role of ['viewer', 'steward', 'manager', 'admin'] as RoleName[]) {
  test(`${role}: signs in, sees only their navigation, opens the status page, signs out`, async ({ page }) => {
    const user = DEMO_USERS[role];
    await page.goto('/sign-in');
    await signInThroughForm(page, user.email);
    // People land on the home ("Needs attention"); the first page may also start the embedded /v1 service.
    await expect(page).toHaveURL(/:\d+\/$/, { timeout: 45_000 });

    const account = page.getByRole('region', { name: 'Signed-in user' });
    await expect(account).toContainText(`Signed in as ${user.name}`);
    await expect(account).toContainText(user.role);

    const nav = mainNav(page);
    await expect(nav.getByRole('link')).toHaveText(NAV[role]);
    for (const name of ALL_LINKS.filter((n) => !NAV[role].includes(n))) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    await expect(nav.getByRole('link', { name: ATTENTION })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Status' }).click();
    await expect(page).toHaveURL(/\/status$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Status' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Status' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: ATTENTION })).not.toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible();
    // The session is gone on the server, not only in this tab.
    await page.goto('/status');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fstatus$/);
  });
}

test.describe('keyboard, dark mode and settings (viewer)', () => {
  test.use({ storageState: storageStateFor('viewer') });

  test('skip link, remembered dark mode and an accessible settings page', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    // The viewer sees their own account, not the account management.
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Console accounts' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();

    const toggle = page.getByRole('button', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.reload();
    // Applied before the page is interactive (inline script), and the toggle reflects it.
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page);
  });

  test('a narrow screen keeps every navigation link reachable', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/settings');
    // Below 1024 px the links are in the menu sheet (e2e/phone-shell.spec.ts has the rest of it).
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = mainNav(page);
    await expect(nav.getByRole('link')).toHaveText(NAV.viewer);
    await nav.getByRole('link', { name: 'Status' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Status' })).toBeVisible();
  });
});

test.describe('console accounts (admin)', () => {
  test.use({ storageState: storageStateFor('admin') });

  test('creates an account, refuses a duplicate, changes its role and disables it', async ({ page, browser }) => {
    test.slow(); // A whole admin workflow plus three axe runs.
    const email = `clerk.${Date.now()}@example.com`;
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Console accounts' })).toBeVisible();
    await expectNoAxeViolations(page);

    const form = await submitNewAccount(page, { email, name: 'Chen Clerk', role: 'Viewer', password: 'short' });
    await expect(form.getByLabel('Initial password')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Use 8 to 128 characters.')).toBeVisible();
    // Nothing typed was lost.
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await expect(form.getByLabel('Name')).toHaveValue('Chen Clerk');

    await form.getByLabel('Initial password').fill('clerk-password');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(`Account ${email} created.`)).toBeVisible();
    const row = page.getByRole('row', { name: /Chen Clerk/ });
    await expect(row).toContainText(email);
    await expect(row).toContainText('Active');

    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Name').fill('Someone Else');
    await form.getByLabel('Initial password').fill('another-password');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('An account with this email already exists.')).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await row.getByLabel('Change role of Chen Clerk').selectOption({ label: 'Steward' });
    await row.getByRole('button', { name: /Save role/ }).click();
    await expect(page.getByText('Chen Clerk is now Steward.')).toBeVisible();

    await row.getByRole('button', { name: /Disable/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable Chen Clerk?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('Chen Clerk is disabled and signed out.')).toBeVisible();
    await expect(row).toContainText('Disabled');
    await expect(row.getByRole('button', { name: /Enable/ })).toBeVisible();

    // The disabled account cannot sign in.
    // A separate, signed-out browser (new contexts inherit this block's admin storageState unless told otherwise).
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const other = await context.newPage();
    await other.goto('/sign-in');
    await signInThroughForm(other, email, 'clerk-password');
    await expect(
      other.getByRole('alert').filter({ hasText: 'This account is disabled. Ask a console admin to enable it.' }),
    ).toBeVisible();
    await context.close();
  });

  test('cannot change or disable their own account', async ({ page }) => {
    await page.goto('/settings');
    const own = page.getByRole('row', { name: /Demo Admin/ });
    await expect(own).toContainText('(you)');
    await expect(own.getByRole('button')).toHaveCount(0);
    await expect(own.getByRole('combobox')).toHaveCount(0);
  });
});
