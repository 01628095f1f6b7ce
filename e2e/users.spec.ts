import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { demoTenant, proxyWrite, recordUpstreamRequests, uniqueCode } from './support/demo-seed';

// Role ids and names of the demo tenant (service/seed/demo.json): embedded mode reads the names from the seed.
const SALES = 2;
const WAREHOUSE = 3;
const tenant = demoTenant();
const onlyAdmin = tenant.internalUsers.find((u) => u.account === 'admin')!;

/** A form field by its label; required fields carry a visual "*" in the label text. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));
const details = (page: Page) => page.getByRole('region', { name: 'Details' });
const detailValue = (page: Page, label: string) =>
  details(page)
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

async function createUser(
  page: Page,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; account: string; name: string }> {
  const account = uniqueCode('e2e.user').toLowerCase();
  const name = `E2E ${account.slice(-8)}`;
  const res = await proxyWrite(page, 'POST', '/v1/internal-users', {
    account,
    name,
    email: `${account}@example.com`,
    password: 'initial-password-1',
    roleId: SALES,
    ...overrides,
  });
  expect(res.status).toBe(201);
  return { id: (res.body as { id: number }).id, account, name };
}

test.describe('admin', () => {
  test.use({ storageState: storageStateFor('admin') });

  test('creates a user: roles by name, a strength meter, the password never shown back', async ({ page }) => {
    // Loads and runs the strength dictionaries and checks the page twice with axe: slow on a loaded machine.
    test.slow();
    // The strength dictionaries (over 1 MB of script) load only when the password box is first used.
    const bigScripts: string[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script' && (await r.body().catch(() => Buffer.alloc(0))).length > 400_000)
        bigScripts.push(r.url());
    });
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row', { name: /wang\.chihming/ })).toContainText('Warehouse');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'New user' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New user' })).toBeVisible();
    const account = uniqueCode('e2e.new').toLowerCase();
    await field(page, 'Account').fill(account);
    await field(page, 'Name').fill('E2E New User');
    await field(page, 'Email').fill(`${account}@example.com`);
    await field(page, 'Role').selectOption({ label: 'Sales' });
    await expect(page.getByText('Strength is checked as you type.')).toBeVisible();
    expect(bigScripts).toEqual([]);
    const password = field(page, 'Password');
    await password.fill('password1');
    await expect.poll(() => bigScripts.length).toBeGreaterThan(0);
    await expect(page.getByRole('status').filter({ hasText: 'Password strength: Very weak' })).toBeVisible();
    await password.fill('short');
    await page.getByRole('button', { name: 'Review and create' }).click();
    await expect(password).toHaveAccessibleDescription(/The password must be 8 to 128 characters\./);
    await password.fill('violet-tractor-harbour-92');
    await expect(page.getByRole('status').filter({ hasText: /Password strength: (Strong|Very strong)/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Review and create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review changes' });
    await expect(dialog.getByRole('row', { name: /Password/ })).toContainText('not shown');
    await expect(dialog).not.toContainText('violet-tractor');
    await expect(dialog.getByRole('row', { name: /Role/ })).toContainText('Sales');
    const post = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/upstream/v1/internal-users'),
    );
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect((await post).postDataJSON()).toEqual({
      account,
      name: 'E2E New User',
      email: `${account}@example.com`,
      password: 'violet-tractor-harbour-92',
      roleId: SALES,
    });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`E2E New User (${account})`);
    await expect(detailValue(page, 'Role')).toHaveText('Sales');
    await expect(detailValue(page, 'Status')).toHaveText('Active');
  });

  test('account_already_used appears under Account and nothing typed is lost', async ({ page }) => {
    await page.goto('/users/new');
    await field(page, 'Account').fill(onlyAdmin.account.toUpperCase());
    await field(page, 'Name').fill('Second Admin');
    await field(page, 'Email').fill('second.admin@example.com');
    await field(page, 'Role').selectOption({ label: 'Sales' });
    await field(page, 'Password').fill('another-long-password');
    await page.getByRole('button', { name: 'Review and create' }).click();
    await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Create' }).click();

    const accountBox = field(page, 'Account');
    await expect(accountBox).toHaveAttribute('aria-invalid', 'true');
    await expect(accountBox).toHaveAccessibleDescription(/That account is already used in this tenant\./);
    await expect(accountBox).toBeFocused();
    await expect(field(page, 'Name')).toHaveValue('Second Admin');
    await expectNoAxeViolations(page);
  });

  test('an edit sends only the changed field; an empty password keeps the current one', async ({ page }) => {
    await page.goto('/users');
    const user = await createUser(page, { outerSysCode: 'E2E-KEEP' });
    await page.goto(`/users/${user.id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit user' })).toBeVisible();
    await expect(field(page, 'Password')).toHaveAccessibleDescription(/Leave empty to keep the current password/);
    await field(page, 'Name').fill(`${user.name} renamed`);
    await page.getByRole('button', { name: 'Review and save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review changes' });
    await expect(dialog.getByRole('row')).toHaveCount(2); // header + Name
    const put = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().endsWith(`/api/upstream/v1/internal-users/${user.id}`),
    );
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    expect((await put).postDataJSON()).toEqual({ name: `${user.name} renamed` });
    await expect(page).toHaveURL(new RegExp(`/users/${user.id}$`));
    await expect(detailValue(page, 'Name')).toHaveText(`${user.name} renamed`);
    await expect(detailValue(page, 'ERP code')).toHaveText('E2E-KEEP');
  });

  test('changes the role and deactivates and reactivates, each confirmed with the sessions warning', async ({
    page,
  }) => {
    await page.goto('/users');
    const user = await createUser(page);
    await page.goto(`/users/${user.id}`);
    await expect(detailValue(page, 'Role')).toHaveText('Sales');
    const requests = recordUpstreamRequests(page);

    await page.getByRole('button', { name: 'Change role' }).click();
    let dialog = page.getByRole('dialog', { name: `Change the role of ${user.name}` });
    await expect(dialog).toContainText('ends at once');
    await dialog.getByLabel('New role').selectOption({ label: 'Warehouse' });
    await expectNoAxeViolations(page);
    let put = page.waitForRequest((r) => r.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    expect((await put).postDataJSON()).toEqual({ roleId: WAREHOUSE });
    await expect(
      page.getByRole('status').filter({ hasText: 'is now Warehouse; their sessions have ended' }),
    ).toBeAttached();
    await expect(detailValue(page, 'Role')).toHaveText('Warehouse');
    // The dialog had shown the current role: History names both, never "previous value not read".
    await expect(
      page.getByRole('region', { name: 'History' }).getByRole('row').filter({ hasText: 'Role: Sales' }),
    ).toContainText('Role: Sales → Warehouse');

    await page.getByRole('button', { name: 'Deactivate' }).click();
    dialog = page.getByRole('dialog', { name: `Deactivate ${user.name}?` });
    await expect(dialog).toContainText('every session they have open ends at once');
    await expect(dialog.getByRole('alert')).toHaveCount(0); // not the last administrator: no warning
    put = page.waitForRequest((r) => r.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    expect((await put).postDataJSON()).toEqual({ status: 'Inactive' });
    await expect(detailValue(page, 'Status')).toHaveText('Inactive');
    await page.reload();
    await expect(detailValue(page, 'Status')).toHaveText('Inactive');
    await expect(detailValue(page, 'Role')).toHaveText('Warehouse');

    await page.getByRole('button', { name: 'Activate' }).click();
    dialog = page.getByRole('dialog', { name: `Activate ${user.name}?` });
    put = page.waitForRequest((r) => r.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Activate' }).click();
    expect((await put).postDataJSON()).toEqual({ status: 'Active' });
    await expect(detailValue(page, 'Status')).toHaveText('Active');
    await expect(page.getByRole('button', { name: 'Deactivate' })).toBeVisible();
    expect(requests.filter((r) => r.method() !== 'GET')).toHaveLength(3);
  });

  test('the only active administrator: warned before, explained after the refusal, unchanged after a reload', async ({
    page,
  }) => {
    await page.goto(`/users/${onlyAdmin.id}`);
    await expect(detailValue(page, 'Status')).toHaveText('Active');
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: /^Deactivate / });
    await expect(dialog.getByRole('alert')).toContainText('This is the only active administrator');
    await expectNoAxeViolations(page);
    const response = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`/internal-users/${onlyAdmin.id}`),
    );
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    expect((await response).status()).toBe(409);
    await expect(page.getByRole('alert').filter({ hasText: 'Not changed' })).toContainText(
      'this is the only active administrator. Make another user an administrator first.',
    );
    await expect(detailValue(page, 'Status')).toHaveText('Active');
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(detailValue(page, 'Status')).toHaveText('Active');
    await expect(detailValue(page, 'Role')).toHaveText('System administrator');
  });

  test('filters by role and status in the URL, and a company links its salesperson to the user', async ({ page }) => {
    await page.goto('/users');
    const filters = page.getByRole('search', { name: 'Filters' });
    await filters.getByLabel('Role').selectOption({ label: 'Warehouse' });
    await filters.getByLabel('Status').selectOption({ label: 'Active' });
    await expect(page).toHaveURL(new RegExp(`[?&]roleId=${WAREHOUSE}(&|$)`));
    await expect(page).toHaveURL(/[?&]status=Active(&|$)/);
    const roles = page.getByRole('table', { name: 'Users' }).locator('tbody tr td:nth-child(4)');
    await expect.poll(() => roles.allInnerTexts()).toContain('Warehouse');
    expect(new Set(await roles.allInnerTexts())).toEqual(new Set(['Warehouse']));

    await page.goto('/companies/1');
    const company = tenant.companies.find((c) => c.id === 1)!;
    const salesperson = tenant.internalUsers.find((u) => u.id === company.internalUserId)!;
    await details(page).locator(`a[href="/users/${salesperson.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/users/${salesperson.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(salesperson.account);
  });
});

test.describe('steward', () => {
  test.use({ storageState: storageStateFor('steward') });

  test('has no Users link; the pages and the proxy refuse back-office users', async ({ page }) => {
    const company = tenant.companies.find((c) => c.id === 1)!;
    const salesperson = tenant.internalUsers.find((u) => u.id === company.internalUserId)!;
    await page.goto('/companies/1');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' })).toHaveCount(0);
    // The salesperson is named, without a way into the user's page.
    await expect(details(page)).toContainText(salesperson.name);
    await expect(details(page).locator('a[href^="/users/"]')).toHaveCount(0);

    for (const path of ['/users', '/users/new', `/users/${onlyAdmin.id}`, `/users/${onlyAdmin.id}/edit`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
    }
    const read = await page.evaluate(async () => {
      const res = await fetch('/api/upstream/v1/internal-users', { headers: { 'X-Console-Request': '1' } });
      return res.status;
    });
    expect(read).toBe(403);
    const write = await proxyWrite(page, 'PUT', `/v1/internal-users/${onlyAdmin.id}`, { status: 'Inactive' });
    expect(write.status).toBe(403);
  });
});
