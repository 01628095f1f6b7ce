import type { APIResponse, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { CHROMIUM_LAUNCH } from '../playwright.config';
import { DEMO_USERS, signInThroughForm, storageStateFor } from './fixtures/accounts';
import { demoTenant } from './support/demo-seed';

// Issue 10, "Shell and security": headers, CSP, framing and the return-to path, against the built console.
const ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 3900)}`;

function expectBaseHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('same-origin');
  expect(headers['permissions-policy'], what).toContain('camera=()');
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).not.toContain('unsafe-eval');
  return csp;
}

test.describe('security headers', () => {
  test.use({ storageState: storageStateFor('viewer') });

  test('every page and route carries them; a page CSP allows scripts only by a fresh nonce', async ({ request }) => {
    const nonces = new Set<string>();
    for (const path of ['/sign-in', '/companies', '/settings', '/no-such-page', '/sign-in?next=/companies']) {
      const response = await request.get(path, { maxRedirects: 0 });
      const csp = expectBaseHeaders(response, path);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      nonces.add(nonce!);
      expect(csp, path).toMatch(/script-src [^;]*'strict-dynamic'/);
      expect(csp, path).not.toMatch(/script-src [^;]*'unsafe-inline'/);
      // Next's own scripts carry the nonce, so the page can hydrate.
      if (response.status() === 200) expect(await response.text(), path).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(5);
    for (const path of ['/api/auth/get-session', '/api/upstream/v1/companies?pageSize=1', '/v1/companies']) {
      const response = await request.get(path, { headers: { 'x-console-request': '1' } });
      expect(expectBaseHeaders(response, path)).toContain("default-src 'none'");
    }
    // The redirect of a signed-out visitor carries them too.
    const signedOut = await request.get('/companies', { maxRedirects: 0, headers: { cookie: '' } });
    expect(signedOut.status()).toBe(307);
    expectBaseHeaders(signedOut, 'redirect to sign-in');
  });

  test('a console page framed by another site is refused by its headers', async ({ page, cspViolations }) => {
    await page.route('http://framer.test/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>framer</title><iframe title="console" src="${ORIGIN}/sign-in"></iframe>`,
      }),
    );
    await page.goto('http://framer.test/');
    const frame = page.frameLocator('iframe[title="console"]');
    // Give a frame that would load (no frame-ancestors) the time to render its heading.
    await page.waitForTimeout(1500);
    await expect(frame.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
    const child = page.frames().find((f) => f !== page.mainFrame());
    expect(child?.url() ?? '').not.toContain('/sign-in');
    // Chromium reports the refusal as a frame-ancestors violation; that one is expected here.
    cspViolations.splice(
      0,
      cspViolations.length,
      ...cspViolations.filter((v) => !/frame-ancestors|framer\.test/.test(v)),
    );
  });

  test('the CSP refuses injected inline script, and the e2e guard reports it', async ({ page, cspViolations }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    // The classic stored-XSS shape: markup with an inline event handler reaching the DOM.
    const ran = await page.evaluate(async () => {
      const box = document.createElement('div');
      box.innerHTML = '<img alt="" src="data:," onload="window.__injected = true" onerror="window.__injected = true">';
      document.body.append(box);
      await new Promise((r) => setTimeout(r, 200));
      box.remove();
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
    expect(cspViolations.join('\n')).toMatch(/script-src/);
    cspViolations.length = 0;
  });
});

test.describe('return-to after sign-in', () => {
  test('/sign-in?next=/.//evil.example/x stays on the console', async ({ page }) => {
    await page.goto('/sign-in?next=/.//evil.example/x');
    await signInThroughForm(page, DEMO_USERS.viewer.email);
    await expect(page).toHaveURL(`${ORIGIN}/`, { timeout: 30_000 });
  });
});

/** Every URL the page asks for, to show that the password never went into one (address bar, history, logs). */
function urlsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

const WRONG_PASSWORD = 'not-the-password-47';
const expectNoPassword = (urls: string[]) => {
  expect(urls.filter((url) => /password|demo-password|not-the-password/i.test(url))).toEqual([]);
};

test.describe('sign-in without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('posts: says why for a wrong password, then signs in, the password in no URL', async ({ page }) => {
    const urls = urlsOf(page);
    await page.goto('/sign-in?next=%2Fsettings');
    // An address with no account: a wrong password here pauses no account other specs sign in with.
    await signInThroughForm(page, 'nobody@example.com', WRONG_PASSWORD);
    await expect(page.getByRole('alert')).toContainText('Wrong email or password.');
    await expect(page.getByLabel('Email')).toHaveValue('nobody@example.com');
    await signInThroughForm(page, DEMO_USERS.viewer.email);
    await expect(page).toHaveURL(`${ORIGIN}/settings`, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expectNoPassword(urls);
  });
});

test.describe('sign-in before the page has hydrated', () => {
  test('a click before the scripts load posts the form and signs in', async ({ page }) => {
    const urls = urlsOf(page);
    // The page's scripts do not arrive (a slow network, a script that failed) until after the click.
    await page.route('**/_next/static/**/*.js', (route) => route.abort());
    await page.goto('/sign-in?next=%2Fsettings', { waitUntil: 'domcontentloaded' });
    await signInThroughForm(page, DEMO_USERS.viewer.email);
    await page.waitForURL(`${ORIGIN}/settings`, { timeout: 30_000 });
    await page.unroute('**/_next/static/**/*.js');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expectNoPassword(urls);
  });
});

test.describe('a sign-in from the wrong address', () => {
  test('says which address CONSOLE_URL names, not "account disabled"', async ({ playwright }) => {
    // Another host name for this same server, as when people reach a console by an address it was not told about.
    const port = new URL(ORIGIN).port;
    const browser = await playwright.chromium.launch({
      ...CHROMIUM_LAUNCH,
      args: [...CHROMIUM_LAUNCH.args, '--host-resolver-rules=MAP console-alias.test 127.0.0.1'],
    });
    try {
      const page = await browser.newPage();
      await page.goto(`http://console-alias.test:${port}/sign-in`);
      await signInThroughForm(page, DEMO_USERS.viewer.email);
      const alert = page.getByRole('alert').filter({ hasText: 'CONSOLE_URL' });
      await expect(alert).toContainText(
        `This console's address (CONSOLE_URL) is ${ORIGIN}, but you are on http://console-alias.test:${port}.`,
      );
      await expect(page.getByText('This account is disabled')).toHaveCount(0);
    } finally {
      await browser.close();
    }
  });
});

test.describe('salespeople for every role (viewer)', () => {
  test.use({ storageState: storageStateFor('viewer') });

  test('get what the picker shows (code, name, role, status) only; internal users and their e-mails stay admin-only', async ({
    page,
    request,
  }) => {
    const list = await request.get('/api/salespeople');
    expect(list.status()).toBe(200);
    const rows = (await list.json()) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows)
      expect(Object.keys(row).sort()).toEqual(['code', 'id', 'name', 'roleId', 'roleName', 'sells', 'status']);
    const users = await request.get('/api/upstream/v1/internal-users', { headers: { 'x-console-request': '1' } });
    expect(users.status()).toBe(403);

    // The companies page shows salesperson names, and no internal user's account or e-mail reaches the browser.
    // Distinctive accounts only ("admin" is also a console role name).
    const accounts = demoTenant()
      .internalUsers.map((u) => u.account)
      .filter((a) => a.includes('.'));
    const leaks: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().startsWith(ORIGIN)) return;
      const text = await response.text().catch(() => '');
      for (const account of accounts) if (text.includes(account)) leaks.push(`${response.url()}: ${account}`);
      for (const m of text.matchAll(/[\w.+-]+@[\w-]+\.[a-z]{2,}/gi)) {
        if (!m[0].endsWith('@example.com')) leaks.push(`${response.url()}: ${m[0]}`);
      }
    });
    await page.goto('/companies');
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // Names, not "unknown user" placeholders: the list resolved them from the id-and-name endpoint.
    const names = new Set(rows.map((r) => String(r.name)));
    await expect
      .poll(async () => (await table.getByRole('cell').allTextContents()).some((text) => names.has(text.trim())))
      .toBe(true);
    const html = await page.content();
    expect(html).not.toMatch(/"account":/);
    expect(leaks).toEqual([]);
  });

  test('signed out, the endpoint answers 401', async ({ playwright }) => {
    const anonymous = await playwright.request.newContext({
      baseURL: ORIGIN,
      storageState: { cookies: [], origins: [] },
    });
    expect((await anonymous.get('/api/salespeople')).status()).toBe(401);
    await anonymous.dispose();
  });
});

test.describe('errors inside the console (steward)', () => {
  test.use({ storageState: storageStateFor('steward') });

  for (const path of ['/no-such-page/at/all', '/companies/abc', '/products/0', '/skus/12abc/edit']) {
    test(`${path} answers 404 inside the console, with navigation, a heading and a way back`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Companies' }),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Go to Companies' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
    });
  }
});

test.describe('updated-since filter (viewer, Taipei)', () => {
  test.use({ storageState: storageStateFor('viewer'), timezoneId: 'Asia/Taipei' });

  test('keeps the seconds from the URL', async ({ page }) => {
    await page.goto(`/companies?updatedSince=${encodeURIComponent('2026-01-02T03:04:05+08:00')}`);
    await expect(page.getByLabel('Updated since')).toHaveValue('2026-01-02T03:04:05');
  });
});
