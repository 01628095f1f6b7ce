import { rmSync } from 'node:fs';
import { expect, test } from './fixtures/test';
import { formatNtd } from '@/lib/i18n/money';
import { signedRequest } from '@/service/testing/client';
import { signInCookie, startMirrorConsole, type ConsoleProcess, type CountingService } from './support/console-process';

// Issue 32, acceptance 2: a console of its own with the mirror on (MIRROR_INTERVAL_S=5; the shared e2e consoles
// run without one) in front of a reference service served over HTTP from this process. A price changed through
// /v1 with the ERP's own signed credential shows in the SKU's History as made outside the console; the
// console's own edit of it is in the list at once and in History once. Then SIGTERM: /api/ready says stopping.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const port = Number(process.env.E2E_PORT ?? 3900) + 5;
const dataDir = `${process.env.E2E_DATA_DIR ?? '.data/e2e'}/mirror-console`;
let service: CountingService;
let consoleProcess: ConsoleProcess | undefined;

test.afterAll(async () => {
  await consoleProcess?.kill();
  await service?.close();
});

type Ready = {
  status: string;
  reason?: string;
  checks: { mirror?: { status: string; entities?: Record<string, number | null> } };
};
/** A call to /v1 over HTTP, signed with the ERP's own credential (the demo seed's). */
const erp = async <T>(base: string, method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(
    await signedRequest(method, path, body, { base, creds: { clientId: 'demo-erp', secret: 'demo-erp-secret' } }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};
const ready = async (url: string) => {
  const response = await fetch(`${url}/api/ready`);
  return { code: response.status, body: (await response.json()) as Ready };
};

test('a sell price changed through /v1 shows in History as made outside the console; the console’s own edit is listed at once and once', async ({
  browser,
}) => {
  rmSync(dataDir, { recursive: true, force: true });
  ({ service, console: consoleProcess } = await startMirrorConsole(port, {
    CONSOLE_DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: 'e2e-mirror-secret-of-at-least-thirty-two-chars',
    SHUTDOWN_DRAIN_MS: '5000',
  }));
  const url = consoleProcess.url;
  // The first copy is complete once /api/ready reports the mirror's lag.
  await expect.poll(async () => (await ready(url)).body.checks.mirror?.status, { timeout: 90_000 }).toBe('ok');

  type Sku = { id: number; outerSysCode: string; sellPrice: number };
  const sku = (await erp<{ data: Sku[] }>(service.url, 'GET', '/v1/skus?pageSize=1')).data[0]!;
  const before = sku.sellPrice;
  const outside = before + 20;
  const { items } = await erp<{ items: { status: string }[] }>(service.url, 'PUT', '/v1/prices/batch', [
    { skuId: sku.id, sellPrice: outside },
  ]);
  expect(items).toMatchObject([{ status: 'updated' }]);
  const changedAt = Date.now();

  const cookie = await signInCookie(url, 'admin@example.com');
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  const context = await browser.newContext({ baseURL: url, locale: 'en-US' });
  await context.addCookies([{ name, value, url }]);
  const page = await context.newPage();
  const history = page.getByRole('region', { name: 'History' });
  const outsideRows = history.getByRole('row').filter({ hasText: 'Changed outside the console' });
  // Within 15 s of the change, the record's History (what its panel reads) has it as made outside the console.
  const outsideEntries = async () => {
    const response = await fetch(`${url}/api/history/skus/${sku.id}`, {
      headers: { cookie, 'x-console-request': '1' },
    });
    const { entries } = (await response.json()) as { entries: { source?: string }[] };
    return entries.filter((e) => e.source === 'outside').length;
  };
  await expect.poll(outsideEntries, { timeout: 15_000, intervals: [500] }).toBe(1);
  expect(Date.now() - changedAt).toBeLessThan(15_000);
  await page.goto(`/skus/${sku.id}`);
  await expect(outsideRows).toContainText(`Sell price: ${before} → ${outside}`);
  await expect(outsideRows).toHaveCount(1);
  await expect(outsideRows).toContainText('Not through the console');
  await expect(outsideRows).toContainText(/detected .+ \(between .+ and .+\)/);

  /** The SKU's row in the list sorted by sell price, highest first (read from the mirror), found by its code. */
  const listed = async () => {
    await page.goto(`/skus?sort=sellPrice&dir=desc&q=${encodeURIComponent(sku.outerSysCode)}`);
    return page.getByRole('row').filter({ hasText: sku.outerSysCode }).first();
  };
  await expect(await listed()).toContainText(formatNtd('en', outside));

  // The console's own edit: in the list as soon as the save is answered, no pass in between.
  const mine = outside + 5;
  await page.goto(`/skus/${sku.id}`);
  const price = page.getByRole('region', { name: 'Price', exact: true });
  await price.getByRole('button', { name: 'Change prices' }).click();
  await price.getByLabel('Sell price').fill(String(mine));
  await price.getByRole('button', { name: 'Review and save' }).click();
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/upstream/v1/prices/batch'),
  );
  await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).status()).toBe(200);
  const savedAt = Date.now();
  await expect(await listed()).toContainText(formatNtd('en', mine), { timeout: 3_000 });
  await page.goto(`/skus/${sku.id}`);

  // After a pass that began after the save, History lists the edit once, and not again as made outside.
  await expect(async () => {
    const lag = (await ready(url)).body.checks.mirror?.entities?.skus ?? Infinity;
    expect(lag).toBeLessThan((Date.now() - savedAt) / 1000 - 1);
  }).toPass({ timeout: 30_000 });
  await page.reload();
  await expect(history.getByRole('row').filter({ hasText: `Sell price: ${outside} → ${mine}` })).toHaveCount(1);
  await expect(outsideRows).toHaveCount(1);
  await context.close();

  // SIGTERM: /api/ready answers 503 "stopping" while the console drains (SHUTDOWN_DRAIN_MS), before it closes.
  process.kill(-consoleProcess.child.pid!, 'SIGTERM');
  await expect.poll(async () => (await ready(url)).code, { timeout: 3_000 }).toBe(503);
  expect((await ready(url)).body).toMatchObject({ status: 'not_ready', reason: 'stopping' });
});
