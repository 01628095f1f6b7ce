import { expect, test } from './fixtures/test';
import { expectNoAxeViolations } from './fixtures/axe';
import { storageStateFor } from './fixtures/accounts';
import { demoTenant } from './support/demo-seed';

test.describe('Status page', () => {
  test.use({ storageState: storageStateFor('viewer') });

  test('shows mode, client id, reachability, latency and clock, never the secret', async ({ page }) => {
    await page.goto('/status');
    await expect(page.getByRole('heading', { level: 1, name: 'Status' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('Embedded reference service (in this process)');
    await expect(main).toContainText('demo-erp');
    await expect(main).toContainText('A signed read of one product category');
    await expect(main).toContainText('Reachable');
    await expect(main).toContainText('HTTP 200');
    await expect(main).toContainText(/\d+(\.\d+)? ms/);
    await expect(main).toContainText('the embedded service shares this server');
    expect(await page.content()).not.toContain('demo-erp-secret');
    await expectNoAxeViolations(page);
  });

  test("times read in the browser's own time zone", async ({ browser }) => {
    // Zones a half-hour apart from each other and from the server's default (Asia/Taipei).
    for (const timezoneId of ['America/New_York', 'Asia/Kolkata']) {
      const context = await browser.newContext({ storageState: storageStateFor('viewer'), timezoneId });
      const page = await context.newPage();
      const from = Date.now() - 1000;
      await page.goto('/status');
      const format = new Intl.DateTimeFormat('en-US', {
        timeZone: timezoneId,
        dateStyle: 'medium',
        timeStyle: 'medium',
      });
      // Every second from the request until now, as the page would write it in that zone.
      const inZone = () => {
        const out: string[] = [];
        for (let t = from; t <= Date.now(); t += 1000) out.push(`Checked at ${format.format(new Date(t))}`);
        return out;
      };
      await expect
        .poll(async () => inZone().includes((await page.getByText(/^Checked at /).textContent())?.trim() ?? ''), {
          message: `the check time reads in ${timezoneId}`,
        })
        .toBe(true);
      await context.close();
    }
  });
});

test.describe('Audit page', () => {
  test('an admin reads a steward write in words with its record by code and name; an ERP code alone finds only its entries', async ({
    browser,
  }) => {
    const company = demoTenant().companies.find((c) => c.id === 2)!;
    const steward = await browser.newContext({ storageState: storageStateFor('steward') });
    const shortName = `Audit ${Date.now().toString(36)}`;
    const write = await steward.request.put('/api/upstream/v1/companies/2', {
      headers: {
        'x-console-request': '1',
        origin: new URL(test.info().project.use.baseURL!).origin,
        'content-type': 'application/json',
      },
      data: { shortName },
    });
    expect(write.status()).toBe(200);
    await steward.close();

    const admin = await browser.newContext({ storageState: storageStateFor('admin') });
    const page = await admin.newPage();
    // The ERP code alone, no record type: only the entries of company 2 (other specs write other records meanwhile).
    await page.goto(`/audit?record=${encodeURIComponent(company.outerSysCode)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Writes through the console, newest first' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'When',
      'Who',
      'Operation',
      'Records',
      'Outcome',
      'Details',
    ]);
    const rows = table.locator('tbody > tr');
    await expect(rows.first()).toBeVisible();
    // (An import that touched it lists its records inside.)
    const itsRecord = new RegExp(`${company.outerSysCode.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|Show its`);
    for (const row of await rows.all()) await expect(row.getByRole('cell').nth(3)).toContainText(itsRecord);
    const row = rows.filter({ hasText: 'steward@example.com' }).filter({ hasText: 'Changed short name' }).first();
    await expect(row.getByRole('cell').nth(3).getByRole('link')).toHaveAttribute('href', '/companies/2');
    await expect(row.getByRole('cell').nth(4)).toContainText('Applied');
    // Route and HTTP status are folded into the details, opened from the keyboard.
    const details = row.getByText('Details', { exact: true });
    await expect(row.getByText('PUT /v1/companies/{id}')).toBeHidden();
    await details.focus();
    await page.keyboard.press('Enter');
    await expect(row.getByText('PUT /v1/companies/{id}')).toBeVisible();
    await expect(row.getByRole('cell').nth(5)).toContainText('200');
    await expectNoAxeViolations(page);

    await page.goto('/audit?record=NO-SUCH-CODE-47');
    await expect(
      page.getByRole('status').filter({ hasText: 'No record has the id or ERP code “NO-SUCH-CODE-47”' }),
    ).toBeVisible();
    await admin.close();
  });

  test('a viewer and a steward get a not-allowed page naming their role, not the log', async ({ browser }) => {
    for (const role of ['viewer', 'steward'] as const) {
      const context = await browser.newContext({ storageState: storageStateFor(role) });
      const page = await context.newPage();
      const response = await page.goto('/audit');
      // A real 403 status: the page refuses before anything streams (no loading.tsx boundary on purpose).
      expect(response?.status(), role).toBe(403);
      await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
      await expect(
        page.getByText(
          `Your role, ${role === 'viewer' ? 'Viewer' : 'Steward'}, cannot open this page. An admin can change your role`,
        ),
      ).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      expect(await page.content()).not.toContain('PUT /v1/companies/{id}');
      await context.close();
    }
  });
});
