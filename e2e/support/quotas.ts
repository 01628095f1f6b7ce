import { expect, type Page } from '@playwright/test';

/**
 * Quotas read the refresh job's snapshot (the e2e console keeps no mirror): take one when there is none yet. A
 * spec calling this starts a quota refresh, so it belongs to the `jobs` project (playwright.config.ts JOB_SPECS).
 */
export async function ensureSnapshot(page: Page) {
  await page.goto('/quotas');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Credit quota per company' });
  const none = page.getByText(/No snapshot yet/);
  await expect(table.or(none).first()).toBeVisible();
  if (await table.isVisible()) return;
  await page.getByRole('button', { name: 'Refresh snapshot' }).click();
  await expect(page.getByText(/Last refresh finished/)).toBeVisible({ timeout: 90_000 });
}
