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

/**
 * Reads new companies' quotas into the Quotas page's snapshot: an incremental refresh reads the companies changed
 * since the last one. A refresh already running (started before the companies were made) is joined, so once it
 * ends the companies are looked for and, if missing, read by another (up to `attempts` refreshes). `q` finds the
 * `count` companies on the snapshot's `tab`.
 */
export async function refreshQuotaSnapshot(
  page: Page,
  { tab, q, count, attempts }: { tab: 'points' | 'credit'; q: string; count: number; attempts: number },
) {
  const call = (method: 'GET' | 'POST') =>
    page.evaluate(async (method) => {
      const res = await fetch('/api/quotas/refresh', {
        method,
        headers: { 'X-Console-Request': '1', 'Content-Type': 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify({ mode: 'incremental' }) } : {}),
      });
      return { status: res.status, body: (await res.json()) as { job: { state: string } | null } };
    }, method);
  const inSnapshot = () =>
    page.evaluate(
      async ({ tab, q }) => {
        const res = await fetch(`/api/quotas/rows?tab=${tab}&q=${encodeURIComponent(q)}`, {
          headers: { 'X-Console-Request': '1' },
        });
        return ((await res.json()) as { rows: unknown[] }).rows.length;
      },
      { tab, q },
    );
  for (let attempt = 0; attempt < attempts && (await inSnapshot()) < count; attempt++) {
    expect((await call('POST')).status).toBeLessThan(300);
    await expect.poll(async () => (await call('GET')).body.job?.state, { timeout: 60_000 }).toBe('succeeded');
  }
  expect(await inSnapshot()).toBe(count);
}
