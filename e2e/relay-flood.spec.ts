import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { expectNoAxeViolations } from './fixtures/axe';
import { storageStateFor } from './fixtures/accounts';

// The red-team probe of "a relay no stranger can fill" (issue 61) on the real, built server in demo mode, where
// /v1 on the console's port is the relay: calls without a credential add counts the Status page shows, never a
// stored call each. (lib/server/sync/flood.test.ts floods 10,000 on PGlite and Postgres.)
const SHOTS = 'test-results/relay-flood-shots';
const FLOOD = 300;

test.use({ storageState: storageStateFor('viewer') });

/** The Status page's "Write calls relayed", as a number. */
async function relayedCalls(page: Page): Promise<number> {
  await page.goto('/status');
  const card = page.locator('[aria-labelledby="status-relay"]');
  const value = card.locator('dt', { hasText: 'Write calls relayed' }).locator('xpath=following-sibling::dd[1]');
  return Number((await value.textContent())!.replace(/\D/g, ''));
}

test('unsigned calls to /v1 on the console port are counted on Status, not stored one each', async ({
  page,
  request,
}) => {
  const before = await relayedCalls(page);
  const clientId = `flood-probe-${Date.now().toString(36)}`;
  const body = JSON.stringify([{ productId: 1, outerSysCode: 'FLOOD', name: 'flood' }]);
  for (let sent = 0; sent < FLOOD; sent += 50) {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        request.post('/v1/skus/batch', {
          headers: { 'x-client-id': clientId, 'content-type': 'application/json' },
          data: body,
        }),
      ),
    );
    expect(answers.map((a) => a.status())).toEqual(Array(50).fill(401));
  }

  const card = page.locator('[aria-labelledby="status-relay-counted"]');
  const row = card.getByRole('row', { name: new RegExp(clientId) });
  await expect(async () => {
    await page.goto('/status');
    await expect(row.getByRole('cell')).toHaveText([clientId, 'HTTP 401', 'Refused as a whole', /^\d+$/, '300'], {
      timeout: 5_000,
    });
    // The Status page reads every instance's counts: under a loaded CI host one load can take most of a minute.
  }).toPass({ timeout: 60_000 });
  // Other specs may relay a few real writes meanwhile; the flood added none.
  expect((await relayedCalls(page)) - before).toBeLessThan(FLOOD);
  await expectNoAxeViolations(page);

  for (const locale of ['en', 'zh-TW'] as const)
    for (const [name, viewport] of [
      ['laptop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page
        .context()
        .addCookies([{ name: 'console-locale', value: locale, url: test.info().project.use.baseURL! }]);
      await page.setViewportSize(viewport);
      await page.goto('/status');
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/status-counted-${name}-${locale}.png` });
    }
});
