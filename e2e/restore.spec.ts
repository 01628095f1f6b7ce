import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { proxyWrite, uniqueCode } from './support/demo-seed';

// Issue 56 point 2: "Restore earlier values" from a company's History. Two edits ago the phone and the address
// changed together; a later edit changed the address again. Restoring that entry selects only the phone (the
// address changed since, and says by whom); the save restores the phone, keeps the later address, and History says
// "Restored from the change of …", linking the entry it undid.

test.use({ storageState: storageStateFor('steward') });

/** A company edit through the proxy as the console's form sends it: the old values it read go in the review. */
async function edit(page: Page, id: number, body: Record<string, unknown>, from: Record<string, unknown>) {
  const status = await page.evaluate(
    async ({ id, body, review }) => {
      const res = await fetch(`/api/upstream/v1/companies/${id}`, {
        method: 'PUT',
        headers: { 'X-Console-Request': '1', 'Content-Type': 'application/json', 'X-Console-Review': review },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { id, body, review: encodeURIComponent(JSON.stringify(from)) },
  );
  expect(status).toBe(200);
}

const history = (page: Page) => page.getByRole('region', { name: 'History' });

test('restoring the phone from two edits ago keeps the address a later edit changed', async ({ page, browser }) => {
  const code = uniqueCode('RST');
  await page.goto('/companies');
  const created = await proxyWrite(page, 'POST', '/v1/companies', {
    outerSysCode: code,
    name: `Restore ${code}`,
    cellPhone: '02-1000-0001',
    shippingAddress: 'Old Road 1',
  });
  expect(created.status).toBe(201);
  const id = (created.body as { id: number }).id;
  await edit(
    page,
    id,
    { cellPhone: '02-2000-0002', shippingAddress: 'Middle Road 2' },
    { cellPhone: '02-1000-0001', shippingAddress: 'Old Road 1' },
  );
  await edit(page, id, { shippingAddress: 'New Road 3' }, { shippingAddress: 'Middle Road 2' });

  await page.goto(`/companies/${id}`);
  const entry = history(page).getByRole('row').filter({ hasText: '02-1000-0001 → 02-2000-0002' });
  await entry.getByRole('link', { name: 'Restore earlier values' }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${id}/edit\\?restore=\\d+$`));
  const changeId = new URL(page.url()).searchParams.get('restore')!;

  const panel = page.getByRole('region', { name: 'Restore earlier values' });
  await expect(panel.getByRole('checkbox', { name: 'Phone' })).toBeChecked({ timeout: 20_000 });
  const address = panel.getByRole('checkbox', { name: 'Shipping address' });
  await expect(address).not.toBeChecked();
  await expect(address).toHaveAccessibleDescription(/Changed since, by steward@example\.com .*New Road 3/);
  await expect(panel.getByRole('alert')).toContainText('1 field has changed since this change');
  await expectNoAxeViolations(page);
  // The panel as a person sees it at 1280 × 800, in both languages (looked at, not compared).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('restore-panel-en.png') });
  const zh = await browser.newContext({
    storageState: storageStateFor('steward'),
    locale: 'zh-TW',
    viewport: { width: 1280, height: 800 },
  });
  await zh.addCookies([{ name: 'console-locale', value: 'zh-TW', url: page.url() }]);
  const zhPage = await zh.newPage();
  await zhPage.goto(page.url());
  await expect(zhPage.getByRole('region', { name: '還原先前的值' }).getByRole('alert')).toBeVisible({
    timeout: 20_000,
  });
  await zhPage.screenshot({ path: test.info().outputPath('restore-panel-zh-TW.png') });
  await zh.close();
  // On a phone the panel scrolls inside itself and the form stays reachable, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expect(page.getByRole('textbox', { name: 'ERP code' })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('restore-panel-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await panel.getByRole('button', { name: 'Put the selected values into the form' }).click();
  await expect(panel.getByRole('status')).toContainText('1 earlier value is in the form');
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('02-1000-0001');
  await expect(page.getByRole('textbox', { name: 'Shipping address' })).toHaveValue('New Road 3');
  await page.getByRole('button', { name: 'Review and save' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('02-1000-0001');
  await expect(dialog).not.toContainText('Shipping address');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${id}$`));

  const restored = history(page).getByRole('row').filter({ hasText: 'Restored from the change of' }).first();
  await expect(restored).toContainText('02-2000-0002 → 02-1000-0001');
  await expect(
    restored.getByRole('link', { name: /Restored from the change of .* by steward@example\.com/ }),
  ).toHaveAttribute('href', `#change-${changeId}`);
  await restored.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('restore-history-en.png') });
  // Read back live: the phone is the earlier one, the address the later edit's.
  const live = await page.evaluate(async (id) => {
    const res = await fetch(`/api/upstream/v1/companies/${id}`, { headers: { 'X-Console-Request': '1' } });
    return (await res.json()) as { cellPhone: string; shippingAddress: string };
  }, id);
  expect(live).toMatchObject({ cellPhone: '02-1000-0001', shippingAddress: 'New Road 3' });
});
