import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { signRequest } from '../lib/signing';
import { storageStateFor, type RoleName } from './fixtures/accounts';
import { demoTenant } from './support/demo-seed';

// Checks that need the real, built Next server (issue 5): the secret in assets, responses and logs;
// x-middleware-subrequest, .rsc and prefetch variants; CSRF and path tricks over real HTTP.
const SECRET = 'demo-erp-secret'; // the embedded-mode client secret (README demo credentials)
const CLIENT_ID = 'demo-erp';
const DIST = process.env.NEXT_DIST_DIR ?? '.next';
const DATA = process.env.E2E_DATA_DIR ?? '.data/e2e';
const PORT = Number(process.env.E2E_PORT ?? 3900);
const ORIGIN = `http://localhost:${PORT}`;

type Who = RoleName | 'signed out';
const WHO: Who[] = ['signed out', 'viewer', 'steward', 'admin'];

function cookieFor(who: Who): string {
  if (who === 'signed out') return '';
  const state = JSON.parse(readFileSync(storageStateFor(who), 'utf8')) as {
    cookies: { name: string; value: string }[];
  };
  return state.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** One HTTP request with the path sent exactly as written (no URL normalisation on our side). */
function raw(
  method: string,
  rawPath: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: 'localhost', port: PORT, method, path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Every text a response exposes to a browser: status line, headers and body. */
function exposed(r: { status: number; headers: http.IncomingHttpHeaders; text: string }): string {
  return `${r.status}\n${JSON.stringify(r.headers)}\n${r.text}`;
}

const PAGES = [
  '/',
  '/sign-in',
  '/companies',
  '/products',
  '/skus',
  '/settings',
  '/status',
  '/audit',
  '/companies/1',
  '/products/1',
  '/skus/1',
];
const APIS = [
  '/api/auth/get-session',
  '/api/upstream/v1/companies?pageSize=100',
  '/api/upstream/v1/internal-users',
  '/api/upstream/v1/product-categories',
  '/api/upstream/v1/companies/1/credit-quota',
  '/api/upstream/v1/nope',
  '/v1/companies',
];

test.describe('the upstream secret', () => {
  test('occurs in no built client asset or prerendered page', () => {
    const files = [
      ...walk(path.join(DIST, 'static')),
      ...walk(path.join(DIST, 'server', 'app')).filter(
        (f) => /\.(html|rsc|body|meta|segments)$/.test(f) || f.includes('.segments'),
      ),
    ];
    let bytes = 0;
    const found: string[] = [];
    for (const file of files) {
      const content = readFileSync(file);
      bytes += content.length;
      if (content.includes(SECRET)) found.push(file);
    }
    expect(files.length).toBeGreaterThan(10);
    expect(bytes).toBeGreaterThan(100_000);
    expect(found).toEqual([]);
  });

  test('occurs in no page, RSC payload, script or API response any role can get', async () => {
    test.setTimeout(180_000);
    const leaks: string[] = [];
    const scripts = new Set<string>();
    let statusPageSeen = false;
    for (const who of WHO) {
      const cookie = cookieFor(who);
      const base: Record<string, string> = cookie ? { cookie } : {};
      for (const page of PAGES) {
        const variants: [string, Record<string, string>][] = [
          [page, {}],
          [`${page}${page.includes('?') ? '&' : '?'}_rsc=abc12`, { rsc: '1' }],
          [page, { rsc: '1', 'next-router-prefetch': '1' }],
          [`${page === '/' ? '/index' : page}.rsc`, { rsc: '1' }],
        ];
        for (const [url, headers] of variants) {
          const r = await raw('GET', url, { ...base, ...headers });
          if (exposed(r).includes(SECRET)) leaks.push(`${who} ${url} ${JSON.stringify(headers)}`);
          for (const m of r.text.matchAll(/\/_next\/static\/[^"'\s\\)]+\.js/g)) scripts.add(m[0]);
          if (page === '/status' && who !== 'signed out' && r.status === 200 && r.text.includes(CLIENT_ID))
            statusPageSeen = true;
        }
      }
      for (const api of APIS) {
        const r = await raw('GET', api, { ...base, 'x-console-request': '1' });
        if (exposed(r).includes(SECRET)) leaks.push(`${who} ${api}`);
      }
    }
    for (const script of scripts) {
      const r = await raw('GET', script);
      if (r.text.includes(SECRET)) leaks.push(script);
    }
    // The status page really rendered the connection details (client id), so the check above had teeth.
    expect(statusPageSeen).toBe(true);
    expect(scripts.size).toBeGreaterThan(3);
    expect(leaks).toEqual([]);
  });
});

test.describe('pages a role may not see', () => {
  test.beforeAll(async ({ playwright }) => {
    // A steward write puts the steward's email into the audit log: the marker of audit data below.
    const steward: APIRequestContext = await playwright.request.newContext({
      baseURL: ORIGIN,
      storageState: storageStateFor('steward'),
    });
    const r = await steward.put('/api/upstream/v1/companies/1', {
      headers: { 'x-console-request': '1', origin: ORIGIN, 'content-type': 'application/json' },
      data: { shortName: 'Audited' },
    });
    expect(r.status()).toBe(200);
    await steward.dispose();
  });

  test('x-middleware-subrequest gets no page data and no proxy data', async () => {
    for (const marker of [
      'proxy:proxy:proxy:proxy:proxy',
      'middleware:middleware:middleware:middleware:middleware',
      'src/proxy:src/proxy:src/proxy:src/proxy:src/proxy',
    ]) {
      for (const page of ['/status', '/audit', '/settings']) {
        const r = await raw('GET', page, { 'x-middleware-subrequest': marker });
        expect(r.text, `${page} ${marker}`).not.toContain(CLIENT_ID);
        expect(r.text, `${page} ${marker}`).not.toContain('steward@example.com');
      }
      const api = await raw('GET', '/api/upstream/v1/companies', {
        'x-middleware-subrequest': marker,
        'x-console-request': '1',
      });
      expect(api.status).toBe(401);
      expect(api.text).not.toContain('"data"');
    }
  });

  test('RSC and prefetch variants of a console page carry no data for the signed out, nor audit data for a viewer', async () => {
    const tree = encodeURIComponent(
      JSON.stringify([
        '',
        { children: ['(console)', { children: ['audit', { children: ['__PAGE__', {}] }] }] },
        null,
        null,
        true,
      ]),
    );
    const variants: [string, Record<string, string>][] = [
      ['/audit?_rsc=x1', { rsc: '1' }],
      ['/audit', { rsc: '1', 'next-router-prefetch': '1' }],
      ['/audit', { rsc: '1', 'next-router-state-tree': tree }],
      ['/audit.rsc', { rsc: '1' }],
      ['/status?_rsc=x2', { rsc: '1' }],
      ['/status', { rsc: '1', 'next-router-prefetch': '1' }],
      ['/status.rsc', {}],
    ];
    for (const [url, headers] of variants) {
      const out = await raw('GET', url, headers);
      expect(out.text, `signed out ${url}`).not.toContain(CLIENT_ID);
      expect(out.text, `signed out ${url}`).not.toContain('steward@example.com');
      if (url.startsWith('/audit')) {
        const viewer = await raw('GET', url, { ...headers, cookie: cookieFor('viewer') });
        expect(viewer.text, `viewer ${url}`).not.toContain('steward@example.com');
      }
    }
    // List pages read their first page on the server for a signed-in document load; signed out, no variant
    // may carry a row.
    const firstCompany = [...demoTenant().companies].sort((a, b) => a.id - b.id)[0]!.name;
    for (const [url, headers] of [
      ['/companies', {}],
      ['/companies?_rsc=x3', { rsc: '1' }],
      ['/companies', { rsc: '1', 'next-router-prefetch': '1' }],
      ['/companies.rsc', { rsc: '1' }],
      ['/companies', { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' }],
    ] as [string, Record<string, string>][]) {
      const out = await raw('GET', url, headers);
      expect(out.text, `signed out ${url} ${JSON.stringify(headers)}`).not.toContain(firstCompany);
    }
    const viewerList = await raw('GET', '/companies', { cookie: cookieFor('viewer') });
    expect(viewerList.text).toContain(firstCompany);
    // The same requests as an admin do carry the audit row, so the markers are real.
    const admin = await raw('GET', '/audit', { cookie: cookieFor('admin') });
    expect(admin.text).toContain('steward@example.com');
  });
});

test.describe('the proxy over real HTTP', () => {
  const admin = () => cookieFor('admin');
  /** A write to the proxy's /v1 `path` with the admin's session and `headers` besides. */
  const adminWrite = (method: string, path: string, headers: Record<string, string>, body: string) =>
    raw(method, `/api/upstream${path}`, { cookie: admin(), ...headers }, body);

  test('refuses cross-origin, form and header-less writes with 403', async () => {
    const json = JSON.stringify([{ outerSysCode: 'CSRF-1', name: 'Forged' }]);
    const cross = await adminWrite(
      'POST',
      '/v1/companies/batch',
      {
        'x-console-request': '1',
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      json,
    );
    expect(cross.status).toBe(403);
    const form = await adminWrite(
      'POST',
      '/v1/companies/batch',
      { 'content-type': 'text/plain', origin: 'https://evil.example' },
      json,
    );
    expect(form.status).toBe(403);
    const noHeader = await adminWrite(
      'PUT',
      '/v1/companies/1',
      { 'content-type': 'application/json', origin: ORIGIN },
      '{"name":"x"}',
    );
    expect(noHeader.status).toBe(403);
    expect(JSON.parse(noHeader.text)).toMatchObject({ error: 'forbidden' });
  });

  test('refuses a body over the 5 MiB limit with 413, whole, never cut short', async () => {
    const item = JSON.stringify({ outerSysCode: 'BIG', name: 'x'.repeat(40) });
    const big = `[${Array.from({ length: Math.ceil((5 * 1024 * 1024) / item.length) + 10 }, () => item).join(',')}]`;
    const r = await adminWrite(
      'POST',
      '/v1/companies/batch',
      { 'x-console-request': '1', 'content-type': 'application/json', origin: ORIGIN },
      big,
    );
    expect(r.status).toBe(413);
    expect(JSON.parse(r.text)).toMatchObject({ error: 'payload_too_large' });
  });

  test('traversal, encoded, double-encoded and absolute-URL paths never reach an unlisted path', async () => {
    const paths = [
      '/api/upstream/v1/../..',
      '/api/upstream/v1/../../v1/companies',
      '/api/upstream/v1/%2e%2e/%2e%2e/v1/companies',
      '/api/upstream/v1/companies/%2e%2e/%2e%2e/%2e%2e/api/auth/get-session',
      '/api/upstream/v1/companies%2F1',
      '/api/upstream/v1/%252e%252e/companies',
      '/api/upstream//evil.example/v1/companies',
      '/api/upstream/http://evil.example/v1/companies',
      '/api/upstream/v1/companies\\..\\..',
      '/api/upstream/v1/customers',
    ];
    for (const p of paths) {
      const r = await raw('GET', p, { cookie: admin(), 'x-console-request': '1' });
      // Next itself answers some with a 308 to the normalised path on this console; the proxy answers 400/404.
      expect([308, 400, 404], p).toContain(r.status);
      if (r.status === 308) expect(String(r.headers.location ?? ''), p).not.toMatch(/^https?:\/\/(?!localhost)/);
      expect(r.text, p).not.toContain('"totalCount"');
    }
  });
});

test.describe('/v1 on the console port (embedded mode)', () => {
  test('serves signed requests with the README credentials, including a strictly encoded query', async () => {
    const pathAndQuery = '/v1/companies?name=Foods%20Co&pageSize=2';
    const headers = await signRequest({ method: 'GET', pathAndQuery, clientId: CLIENT_ID, secret: SECRET });
    const r = await raw('GET', pathAndQuery, headers);
    expect(r.status).toBe(200);
    const list = JSON.parse(r.text) as { pageSize: number; data: { name: string }[] };
    expect(list.pageSize).toBe(2);
    expect(list.data.length).toBeGreaterThan(0);
    for (const company of list.data) expect(company.name).toMatch(/foods co/i);
    const unsigned = await raw('GET', '/v1/companies');
    expect(unsigned.status).toBe(401);
  });
});

test.describe('the server log', () => {
  test('has no line with the secret', () => {
    const file = path.join(DATA, 'server.log');
    expect(existsSync(file)).toBe(true);
    const log = readFileSync(file, 'utf8');
    expect(log).toMatch(/Ready|started|Local:/i);
    expect(log).not.toContain(SECRET);
  });
});

test.describe('pages a role may not open (viewer)', () => {
  test.use({ storageState: storageStateFor('viewer') });

  test('say so with 403, naming the role and who can change it; a create page never speaks of "this record"', async ({
    page,
  }) => {
    for (const path of ['/audit', '/imports', '/users']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' }), path).toBeVisible();
      await expect(page.getByRole('main')).toContainText(
        'Your role, Viewer, cannot open this page. An admin can change your role',
      );
    }
    // Create and edit pages too (issue 54): the 403 page, not a form frame above an empty page.
    for (const path of ['/skus/new', '/skus/2/edit', '/companies/1/edit']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' }), path).toBeVisible();
      await expect(page.getByRole('main')).not.toContainText('this record');
    }
    // The record offers no Edit either.
    await page.goto('/skus/2');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
    // The quotas offer a viewer no Edit: no selection bar, no per-company button.
    await page.goto('/quotas');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: /select/i })).toHaveCount(0);

    // The same in Traditional Chinese.
    await page.context().addCookies([{ name: 'console-locale', value: 'zh-TW', url: page.url() }]);
    expect((await page.goto('/skus/2/edit'))?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: '沒有權限' })).toBeVisible();
    await page.goto('/quotas');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^編輯/ })).toHaveCount(0);
  });
});
