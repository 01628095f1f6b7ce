import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { demoTenant, proxyWrite, recordUpstreamRequests, uniqueCode } from './support/demo-seed';

const tenant = demoTenant();
const table = (page: Page) => page.getByRole('table', { name: 'Companies' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const filters = (page: Page) => page.getByRole('search', { name: 'Filters' });

async function createCompany(page: Page, body: Record<string, unknown>): Promise<number> {
  const res = await proxyWrite(page, 'POST', '/v1/companies', body);
  expect(res.status).toBe(201);
  return (res.body as { id: number }).id;
}

test.describe('steward', () => {
  test.use({ storageState: storageStateFor('steward') });

  test('filters by part of a name and by salesperson; the URL keeps the filters through a reload', async ({ page }) => {
    const salesperson = tenant.internalUsers.find((u) => u.account === 'yang.yating')!;
    const part = 'Co.';
    const expected = tenant.companies
      .filter((c) => c.name.toLowerCase().includes(part.toLowerCase()) && c.internalUserId === salesperson.id)
      .map((c) => c.outerSysCode);
    expect(expected.length).toBeGreaterThan(0);

    await page.goto('/companies');
    await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(25);
    await expectNoAxeViolations(page);

    await filters(page).getByLabel('Name contains').fill(part);
    await filters(page).getByLabel('Name contains').press('Enter');
    await expect(page).toHaveURL(/[?&]name=Co\./);
    await filters(page).getByLabel('Salesperson').selectOption({ label: salesperson.name });
    await expect(page).toHaveURL(new RegExp(`[?&]internalUserId=${salesperson.id}(&|$)`));
    await expect(page).toHaveURL(/[?&]name=Co\./);

    const codes = () => table(page).locator('tbody tr td:first-child').allInnerTexts();
    await expect.poll(codes).toEqual(expected);
    await expect(page.getByRole('status').filter({ hasText: `of ${expected.length}` })).toBeVisible();

    await page.reload();
    await expect(filters(page).getByLabel('Name contains')).toHaveValue(part);
    await expect(filters(page).getByLabel('Salesperson')).toHaveValue(String(salesperson.id));
    await expect.poll(codes).toEqual(expected);

    // Back undoes the salesperson filter, keeping the name filter.
    await page.goBack();
    await expect(page).not.toHaveURL(/internalUserId=/);
    await expect(filters(page).getByLabel('Name contains')).toHaveValue(part);
  });

  test('a 21-character short name shows an inline error and sends nothing', async ({ page }) => {
    await page.goto('/companies/1');
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit company' })).toBeVisible();
    const requests = recordUpstreamRequests(page);

    const shortName = page.getByLabel('Short name');
    await shortName.fill('x'.repeat(21));
    await expect(page.getByText('Short name has 21 characters; at most 20')).toBeVisible();
    await expect(page.getByText('21 / 20 characters')).toBeVisible();
    await expect(shortName).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('button', { name: 'Review and save' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(shortName).toBeFocused();
    expect(requests.filter((r) => r.method() !== 'GET')).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test('a valid edit is reviewed, sends only the changed field, and is shown after a reload', async ({ page }) => {
    await page.goto('/companies');
    const code = uniqueCode('E2E-CO');
    const id = await createCompany(page, {
      outerSysCode: code,
      name: `E2E ${code}`,
      shortName: 'Before',
      cellPhone: '02-0000',
    });

    await page.goto(`/companies/${id}/edit`);
    const requests = recordUpstreamRequests(page);
    await page.getByLabel('Short name').fill('After');
    await page.getByRole('button', { name: 'Review and save' }).click();

    const dialog = page.getByRole('dialog', { name: 'Review changes' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Short name/ })).toContainText('Before');
    await expect(dialog.getByRole('row', { name: /Short name/ })).toContainText('After');
    await expect(dialog.getByRole('row')).toHaveCount(2); // header + the one changed field
    await expectNoAxeViolations(page);

    const put = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().endsWith(`/api/upstream/v1/companies/${id}`),
    );
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    expect((await put).postDataJSON()).toEqual({ shortName: 'After' });
    await expect(page).toHaveURL(new RegExp(`/companies/${id}$`));
    expect(requests.filter((r) => r.method() !== 'GET')).toHaveLength(1);

    await page.reload();
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details.getByText('After', { exact: true })).toBeVisible();
    await expect(details.getByText('02-0000')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the exact-code toggle keeps only the full, case-sensitive code and says so', async ({ page }) => {
    await page.goto('/companies');
    const code = uniqueCode('E2E-EXACT');
    await createCompany(page, { outerSysCode: code, name: 'Exact match' });
    await createCompany(page, { outerSysCode: `${code}-2`, name: 'Longer code' });
    await createCompany(page, { outerSysCode: code.toLowerCase(), name: 'Lower-case code' });

    await page.goto(`/companies?outerSysCode=${encodeURIComponent(code)}`);
    await expect(bodyRows(page)).toHaveCount(3); // the API matches codes as case-insensitive substrings
    await filters(page).getByLabel('Exact code').check();
    await expect(page).toHaveURL(/exactCode=1/);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText(code);
    await expect(page.getByRole('status').filter({ hasText: 'Exact code is on' })).toContainText(
      'the total of 3 counts the substring matches',
    );
    await expectNoAxeViolations(page);

    await filters(page).getByLabel('Exact code').uncheck();
    await expect(bodyRows(page)).toHaveCount(3);
  });

  test('a new company states the Active rule and the salesperson default', async ({ page }) => {
    await page.goto('/companies/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New company' })).toBeVisible();
    await expect(page.getByText('New records are always created Active')).toBeVisible();
    await expect(page.getByLabel('Salesperson')).toHaveValue('');
    await expect(page.getByRole('option', { name: 'Tenant default salesperson' })).toBeAttached();
    const code = uniqueCode('E2E-NEW');
    await page.getByLabel('ERP code').fill(code);
    await page.getByLabel('Name', { exact: true }).fill(`E2E ${code}`);
    await page.getByRole('button', { name: 'Review and create' }).click();
    const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/upstream/v1/companies'));
    await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Create' }).click();
    expect((await post).postDataJSON()).toEqual({ outerSysCode: code, name: `E2E ${code}` });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`E2E ${code}`);
    // The tenant's default salesperson was applied by the service.
    const defaultUser = tenant.internalUsers.find((u) => u.account === 'chen.shufen')!;
    await expect(page.getByRole('region', { name: 'Details' })).toContainText(defaultUser.name);
  });
});

test.describe('steward, export and columns', () => {
  test.use({ storageState: storageStateFor('steward') });

  test('exports the filtered list, all pages, with formula cells neutralised', async ({ page }) => {
    await page.goto('/companies');
    const code = uniqueCode('E2E-CSV');
    // More rows than one page of 100, so the export has to walk the pages.
    const body = Array.from({ length: 130 }, (_, i) => ({
      outerSysCode: `${code}-${String(i).padStart(3, '0')}`,
      name: i === 0 ? '=HYPERLINK("http://x")' : `台北 ${i}`,
      shortName: i === 1 ? '＠cmd' : '',
    }));
    const batch = await proxyWrite(page, 'POST', '/v1/companies/batch', body);
    expect(batch.status).toBe(200);

    await page.goto(`/companies?outerSysCode=${code}&pageSize=10`);
    await expect(bodyRows(page)).toHaveCount(10);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^companies-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (
      await file.createReadStream()
    )
      .toArray()
      .then((chunks) => Buffer.concat(chunks).toString('utf8'));
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Id,ERP code,Name,Short name,Phone,Shipping address,Salesperson id,Salesperson,Status');
    expect(lines).toHaveLength(131);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[2]).toContain("'＠cmd");
    expect(lines[3]).toContain('台北 2');
    await expect(page.getByRole('status').filter({ hasText: 'Export ready: 130 rows.' })).toBeAttached();
  });

  test('hidden columns are remembered for this user after a reload, and not for another user', async ({
    page,
    browser,
  }) => {
    await page.goto('/companies');
    await expect(page.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
    await page.getByText('Columns', { exact: true }).click();
    await page.getByRole('group', { name: 'Columns to show' }).getByLabel('Phone').uncheck();
    await expect(page.getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);
    await page.reload();
    await expect(bodyRows(page)).toHaveCount(25);
    await expect(page.getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);

    const viewer = await browser.newContext({ storageState: storageStateFor('viewer') });
    const other = await viewer.newPage();
    // Same browser profile storage is not shared between contexts, so copy this user's choice over to prove
    // that the key is per user: the viewer must not pick up the steward's entry.
    const saved = await page.evaluate(() =>
      Object.entries(localStorage).filter(([k]) => k.startsWith('md-console:columns:')),
    );
    await other.goto('/companies');
    await other.evaluate((entries) => entries.forEach(([k, v]) => localStorage.setItem(k, v)), saved);
    await other.reload();
    await expect(other.getByRole('table', { name: 'Companies' }).locator('tbody tr')).toHaveCount(25);
    await expect(other.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
    await viewer.close();

    await page.getByText('Columns', { exact: true }).click();
    await page.getByRole('group', { name: 'Columns to show' }).getByLabel('Phone').check();
    await expect(page.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
  });
});

test.describe('steward, failures', () => {
  test.use({ storageState: storageStateFor('steward') });

  test('a list that fails to load says so and recovers with Retry', async ({ page }) => {
    await page.goto('/companies');
    await expect(bodyRows(page)).toHaveCount(25);
    // A 500 the reference service cannot be made to produce on demand, injected for the next list read.
    let fail = true;
    await page.route('**/api/upstream/v1/companies?*', (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'E_TEST', message: 'injected' }),
          })
        : route.fallback(),
    );
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The list could not be loaded' });
    await expect(alert).toContainText('The service failed with an internal error. (E_TEST: injected)');
    await expectNoAxeViolations(page);
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Showing 26–50 of' })).toBeVisible();
  });

  test('a save that loses its connection keeps what was typed and says the outcome is unknown', async ({ page }) => {
    await page.goto('/companies');
    const code = uniqueCode('E2E-NET');
    const id = await createCompany(page, { outerSysCode: code, name: `E2E ${code}`, shortName: 'Kept' });
    await page.goto(`/companies/${id}/edit`);
    await page.route(`**/api/upstream/v1/companies/${id}`, (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.getByLabel('Short name').fill('Typed');
    await page.getByLabel('Phone').fill('02-1111');
    await page.getByRole('button', { name: 'Review and save' }).click();
    await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Save changes' }).click();
    // The request may have reached the service before the connection dropped: never "nothing was changed".
    const alert = page.getByRole('alert').filter({ hasText: 'The outcome is not known' });
    await expect(alert).toContainText('may or may not have been applied');
    await expect(alert).not.toContainText(/nothing was changed/i);
    await expect(alert.getByRole('button', { name: 'Re-read the record' })).toBeVisible();
    await expect(page.getByLabel('Short name')).toHaveValue('Typed');
    await expect(page.getByLabel('Phone')).toHaveValue('02-1111');
    await expect(page).toHaveURL(new RegExp(`/companies/${id}/edit$`));
  });
});

test.describe('steward, tenant without a default salesperson', () => {
  test.use({ storageState: storageStateFor('steward') });

  test('the 負責業務 code is explained under Salesperson and nothing typed is lost', async ({ page }) => {
    // The demo tenant has a default salesperson, so the service cannot answer this code here; the answer a
    // tenant without one gets (checked against the real service in lib/client/client.integration.test.ts)
    // is injected for this one request.
    await page.route('**/api/upstream/v1/companies', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'internalUserId required: no default 負責業務 available' }),
          })
        : route.fallback(),
    );
    await page.goto('/companies/new');
    await page.getByLabel('Name', { exact: true }).fill('No default salesperson Ltd');
    await page.getByRole('button', { name: 'Review and create' }).click();
    await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Create' }).click();

    const salesperson = page.getByLabel('Salesperson');
    await expect(salesperson).toHaveAttribute('aria-invalid', 'true');
    await expect(salesperson).toHaveAccessibleDescription(
      /Choose a salesperson: this tenant has no default salesperson\./,
    );
    await expect(salesperson).toBeFocused();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('No default salesperson Ltd');
    await expectNoAxeViolations(page);
  });
});

test.describe('viewer', () => {
  test.use({ storageState: storageStateFor('viewer') });

  test('sees no edit buttons, and a direct write through the proxy is refused', async ({ page }) => {
    await page.goto('/companies');
    await expect(bodyRows(page)).toHaveCount(25);
    await expect(page.getByRole('link', { name: 'New company' })).toHaveCount(0);
    await page.goto('/companies/1');
    await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const details = page.getByRole('region', { name: 'Details' });
    // The salesperson by name; a viewer never receives back-office accounts or e-mails.
    await expect(details).toContainText(tenant.internalUsers.find((u) => u.account === 'chen.shufen')!.name);
    await expect(details).not.toContainText('chen.shufen');
    const before = (await details.textContent()) ?? '';
    const res = await proxyWrite(page, 'PUT', '/v1/companies/1', { shortName: 'viewer was here' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'forbidden' });
    await page.reload();
    await expect(details).toHaveText(before);
  });
});
