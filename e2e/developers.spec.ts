import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { expectNoAxeViolations } from './fixtures/axe';
import { canonicalString, sha256Hex, sign } from '@/lib/signing';

/**
 * Issue 64, points 2 and 3: the integrators' page. The API reference is drawn on the server from the OpenAPI document
 * (no CDN: every request the page makes stays on the console's origin), in English and zh-TW, on a
 * laptop and a phone; the signature debugger names the line that differs for a request signed for another path.
 * The demo console is the sandbox, so the page is open without signing in.
 */
const SHOTS = 'test-results/developers-shots';
// The demo credential (README), which the sandbox publishes.
const DEMO_CLIENT_ID = 'demo-erp';
const DEMO_CLIENT_SECRET = 'demo-erp-secret';
const SIZES = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '390', viewport: { width: 390, height: 844 } },
];
const WORDS = {
  en: { title: 'For integrators', reference: 'API reference', examples: 'Signing examples', body: 'Request body' },
  'zh-TW': { title: '整合開發者專區', reference: 'API 參考文件', examples: '簽章範例', body: '請求本文' },
} as const;

/** Every request the page makes whose origin is not the console's (data: and blob: never leave the browser). */
function watchForeignRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== origin) foreign.push(request.url());
  });
  return foreign;
}

for (const locale of ['en', 'zh-TW'] as const) {
  for (const size of SIZES) {
    test(`renders the reference offline in ${locale} at ${size.name}`, async ({ browser, baseURL }) => {
      const origin = new URL(baseURL!).origin;
      const context = await browser.newContext({ viewport: size.viewport });
      await context.addCookies([{ name: 'console-locale', value: locale, url: origin }]);
      const page = await context.newPage();
      const foreign = watchForeignRequests(page, origin);

      await page.goto('/developers');
      await expect(page.getByRole('heading', { level: 1, name: WORDS[locale].title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: WORDS[locale].examples })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'C# (.NET)' })).toBeVisible();
      // The reference is drawn from the document: every operation's summary; one opened shows its body, linked.
      const reference = page.locator('.developers-reference');
      await expect(reference.getByText('List companies', { exact: true })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${SHOTS}/top-${locale}-${size.name}.png` });
      const batch = reference.locator('details', { hasText: 'Create or update many SKUs' }).first();
      await batch.locator('summary').click();
      await expect(batch.getByRole('heading', { level: 4, name: WORDS[locale].body })).toBeVisible();
      await expect(batch.getByRole('link', { name: 'SkuWrite[]' })).toHaveAttribute('href', '#schema-SkuWrite');
      await batch.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/reference-${locale}-${size.name}.png` });
      await expectNoAxeViolations(page);
      expect(foreign).toEqual([]);
      await context.close();
    });
  }
}

test('the debugger names the path line for a request signed for another path', async ({ browser, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const foreign = watchForeignRequests(page, origin);

  // An integrator signs /v1/skus?page=1 but sends the request to /v1/skus?page=2: the sandbox refuses it.
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = `page-debugger-${Date.now()}`;
  const bodySha256 = await sha256Hex('');
  const signed = canonicalString({ method: 'GET', pathAndQuery: '/v1/skus?page=1', timestamp, nonce, bodySha256 });
  const headers = {
    'X-Client-Id': DEMO_CLIENT_ID,
    'X-Timestamp': timestamp,
    'X-Nonce': nonce,
    'X-Signature': await sign(DEMO_CLIENT_SECRET, signed),
  };
  const refused = await page.request.get('/v1/skus?page=2', { headers });
  expect(refused.status()).toBe(401);
  const answered = ((await refused.json()) as { signatureDoesNotMatch: { canonicalString: string } })
    .signatureDoesNotMatch.canonicalString;

  await page.goto('/developers');
  const form = page.getByRole('form', { name: 'Why was my signature refused?' });
  await form.getByLabel('Method').selectOption('GET');
  await form.getByLabel('Path and query, exactly as sent').fill('/v1/skus?page=2');
  await form.getByLabel('Headers, one per line').fill(
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
  );
  await form.getByLabel('The string you signed (optional)').fill(signed);
  await form.getByRole('button', { name: 'Build the canonical string' }).click();

  await expect(page.getByTestId('canonical-verdict')).toHaveText('Line 2 differs from the string you signed.');
  const lines = page.getByRole('listitem').filter({ hasText: 'Line 2 · Path and query' });
  await expect(lines).toContainText('Differs');
  await expect(lines).toContainText('/v1/skus?page=2');
  await expect(lines).toContainText('/v1/skus?page=1');
  // The page shows the string the sandbox's own 401 named, line for line.
  const result = page.getByRole('region', { name: 'The canonical string the service built' });
  for (const line of answered.split('\n')) await expect(result.getByText(line, { exact: true }).first()).toBeVisible();
  // Never the secret or the signature.
  await expect(page.getByRole('region', { name: 'Why was my signature refused?' })).not.toContainText(
    DEMO_CLIENT_SECRET,
  );
  await result.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/debugger-en-1280.png` });
  await expectNoAxeViolations(page);
  expect(foreign).toEqual([]);
  await context.close();
});
