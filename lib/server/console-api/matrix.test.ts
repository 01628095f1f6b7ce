// An entry point, as the server is: what it calls reaches the process's parts, which the runtime installs.
import '@/lib/server/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE_ENDPOINTS as ALL_ENDPOINTS } from '@/lib/contract/console';
import { endpointPath, type AnyEndpoint } from '@/lib/contract/console/endpoint';
import { ROLES, type Role } from '@/lib/contract/roles';
import { sessionCookie, signInRequest } from '../auth/testing/sign-in';
import { setInMemoryDemoEnv } from '../testing/demo-env';

// Every console endpoint × signed out, every role, and a foreign origin, through the real route handlers
// (app/api), the real better-auth sessions of the demo accounts, the console database on in-memory PGlite and
// the reference service in-process. The permission rule is restated here on purpose, independent of
// lib/contract: imports are for stewards and admins, the back-office users' list for admins, the audit log for
// admins, History for stewards, managers and admins (back-office users' for admins alone), cancelling a refresh
// for every role but viewers, accepting findings for stewards and admins, the rest for every role.
const ORIGIN = 'http://console.test';
setInMemoryDemoEnv(ORIGIN, 'console-api-matrix-secret-');

function expectedAllowed(role: Role, entry: AnyEndpoint, params: Record<string, string>): boolean {
  const { method, path } = entry;
  const editor = role === 'steward' || role === 'admin';
  if (path.startsWith('/api/imports') || path.startsWith('/api/rejections')) return editor;
  if (path.startsWith('/api/audit')) return role === 'admin';
  // "Restore earlier values" leads to the edit form: those who may edit master data.
  if (path.includes('/restore/')) return editor;
  if (path.startsWith('/api/history')) return params.type === 'users' ? role === 'admin' : role !== 'viewer';
  if (method === 'DELETE' && path === '/api/quotas/refresh') return role !== 'viewer';
  if (path.startsWith('/api/lists')) return params.list === 'internalUsers' ? role === 'admin' : true;
  if (path.startsWith('/api/attention/findings')) return editor;
  return true;
}

/** Samples: ids nobody has (an allowed call answers not found or an empty list), bodies the contract refuses. */
function samples(entry: AnyEndpoint): { params: Record<string, string>; body?: string }[] {
  const params = (names: Record<string, string>) =>
    Object.fromEntries([...entry.path.matchAll(/\[(\w+)\]/g)].map(([, n]) => [n!, names[n!]!]));
  const base = {
    id: '987654',
    family: 'companies',
    type: 'companies',
    list: 'skus',
    rule: 'quota-over-limit',
    resource: 'skus',
    change: '987654',
  };
  const body =
    entry.method === 'GET' ? undefined : entry.path === '/api/quotas/refresh' ? '{"mode":"incremental"}' : '{}';
  const all = [{ params: params(base), body }];
  if (entry.path.startsWith('/api/history') && !entry.path.includes('/restore/'))
    all.push({ params: params({ ...base, type: 'users', id: '2' }), body });
  if (entry.path.startsWith('/api/lists')) all.push({ params: params({ ...base, list: 'internalUsers' }), body });
  return all;
}

function request(
  entry: AnyEndpoint,
  params: Record<string, string>,
  init: { cookie?: string; body?: string; foreign?: boolean },
): Request {
  const write = entry.method !== 'GET';
  const query = entry.method === 'DELETE' ? '?job=0' : '';
  return new Request(`${ORIGIN}${endpointPath(entry, params)}${query}`, {
    method: entry.method,
    headers: {
      'x-console-request': '1',
      'sec-fetch-site': init.foreign ? 'cross-site' : 'same-origin',
      ...(write ? { origin: init.foreign ? 'https://evil.example' : ORIGIN, 'content-type': 'application/json' } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body,
  });
}

// Health, readiness and metrics take no session: checked on their own below.
const CONSOLE_ENDPOINTS = ALL_ENDPOINTS.filter((e) => e.access.kind === 'session');

type Route = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes = new Map<string, Route>();
const cookies = {} as Record<Role, string>;

async function routeFor(entry: AnyEndpoint): Promise<Route> {
  const key = `${entry.method} ${entry.path}`;
  if (!routes.has(key)) {
    const routeModule = (await import(join(process.cwd(), `app${entry.path}/route.ts`))) as Record<string, Route>;
    routes.set(key, routeModule[entry.method]!);
  }
  return routes.get(key)!;
}

async function call(
  entry: AnyEndpoint,
  params: Record<string, string>,
  init: { cookie?: string; body?: string; foreign?: boolean },
) {
  const response = await (await routeFor(entry))(request(entry, params, init), { params: Promise.resolve(params) });
  const json = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: string } | null;
  return { status: response.status, error: json?.error, requestId: response.headers.get('x-request-id') };
}

beforeAll(async () => {
  const { getAuth } = await import('@/lib/server/auth');
  const { DEMO_ACCOUNTS, DEMO_PASSWORD } = await import('@/lib/server/auth/bootstrap');
  const auth = await getAuth();
  let n = 0;
  for (const account of DEMO_ACCOUNTS) {
    const response = await auth.handler(signInRequest(ORIGIN, `198.51.100.${++n}`, account.email, DEMO_PASSWORD));
    cookies[account.role] = sessionCookie(response, account.email);
  }
});

afterAll(async () => {
  // Stop a refresh a steward's sample started, so nothing runs while the worker closes.
  const { latestJob, cancelJob } = await import('@/lib/server/jobs');
  const { quotaRefreshJob } = await import('@/lib/server/quotas');
  const job = await latestJob(quotaRefreshJob).catch(() => null);
  if (job) await cancelJob(job.id);
});

describe('console API role matrix', () => {
  it('covers every route folder of the contract', () => {
    expect(CONSOLE_ENDPOINTS.length).toBeGreaterThanOrEqual(18);
    expect(readdirSync('app/api')).toEqual(
      expect.arrayContaining(['imports', 'exports', 'quotas', 'history', 'salespeople', 'audit']),
    );
  });

  for (const who of [null, ...ROLES] as const) {
    it(`${who ?? 'signed out'}: every endpoint answers as the contract's permission says`, async () => {
      const rows: string[] = [];
      for (const entry of CONSOLE_ENDPOINTS) {
        for (const { params, body } of samples(entry)) {
          const what = `${entry.method} ${endpointPath(entry, params)} as ${who ?? 'signed out'}`;
          const r = await call(entry, params, { cookie: who ? cookies[who] : undefined, body });
          expect(r.requestId, what).toMatch(/^[A-Za-z0-9._:-]{8,64}$/);
          if (who === null) {
            expect([r.status, r.error], what).toEqual([401, 'unauthenticated']);
          } else if (expectedAllowed(who, entry, params)) {
            expect([401, 403, 500], what).not.toContain(r.status);
          } else {
            expect([r.status, r.error], what).toEqual([403, 'forbidden']);
          }
          rows.push(`${what} → ${r.status}`);
        }
      }
      expect(rows.length).toBeGreaterThan(CONSOLE_ENDPOINTS.length);
    });
  }

  it('refuses every endpoint from a foreign origin, even for an admin', async () => {
    for (const entry of CONSOLE_ENDPOINTS) {
      for (const { params, body } of samples(entry)) {
        const r = await call(entry, params, { cookie: cookies.admin, body, foreign: true });
        expect([r.status, r.error], `${entry.method} ${entry.path}`).toEqual([403, 'forbidden']);
      }
    }
  });

  it('refuses a write without the console header or with a form body', async () => {
    const writes = CONSOLE_ENDPOINTS.filter((e) => e.method !== 'GET');
    expect(writes.length).toBeGreaterThan(5);
    for (const entry of writes) {
      const [{ params }] = samples(entry) as [{ params: Record<string, string> }];
      const route = await routeFor(entry);
      const noHeader = new Request(`${ORIGIN}${endpointPath(entry, params)}`, {
        method: entry.method,
        headers: { cookie: cookies.admin, origin: ORIGIN, 'content-type': 'application/json' },
        body: '{}',
      });
      expect((await route(noHeader, { params: Promise.resolve(params) })).status, entry.path).toBe(403);
      const form = new Request(`${ORIGIN}${endpointPath(entry, params)}`, {
        method: entry.method,
        headers: { cookie: cookies.admin, origin: ORIGIN, 'content-type': 'text/plain', 'x-console-request': '1' },
        body: '{}',
      });
      expect((await route(form, { params: Promise.resolve(params) })).status, entry.path).toBe(403);
    }
  });

  it('answers health to anyone, and metrics to no one without a configured token', async () => {
    const open = ALL_ENDPOINTS.filter((e) => e.access.kind !== 'session');
    // The signature debugger computes from what it is given and exists in sandbox mode only (its own route test).
    expect(open.map((e) => e.path).sort()).toEqual([
      '/api/health',
      '/api/metrics',
      '/api/ready',
      '/api/sandbox/signature',
    ]);
    const health = await call(
      open.find((e) => e.path === '/api/health')!,
      {},
      { foreign: true },
    );
    expect(health.status).toBe(200);
    const metrics = await call(
      open.find((e) => e.path === '/api/metrics')!,
      {},
      { cookie: cookies.admin },
    );
    expect([metrics.status, metrics.error]).toEqual([404, 'not_found']);
  });
});
