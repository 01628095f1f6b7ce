// An entry point, as the server is: what it calls reaches the process's parts, which the runtime installs.
import '@/lib/server/runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signRequest } from '@/lib/signing';

// The /v1 mount, loaded fresh per test with its own environment: embedded mode serves the reference
// service (demo seed, in memory); with UPSTREAM_BASE_URL set, /v1 is not served here.
const saved = { ...process.env };
const holder = globalThis as { __embeddedService?: Promise<{ close(): Promise<void> }> };

async function loadRoute(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const key of [
    'UPSTREAM_BASE_URL',
    'UPSTREAM_CLIENT_ID',
    'UPSTREAM_CLIENT_SECRET',
    'SERVICE_DATA_DIR',
    'SERVICE_SEED',
    'DEMO_MODE',
  ])
    delete process.env[key];
  // Demo mode exists only in embedded mode: the start refuses it in front of a real upstream.
  const mode = env.UPSTREAM_BASE_URL ? { BETTER_AUTH_SECRET: 's'.repeat(40) } : { DEMO_MODE: '1' };
  Object.assign(process.env, { ...mode, ...env });
  return import('./route');
}

beforeEach(() => {
  holder.__embeddedService = undefined;
});

afterEach(async () => {
  await (await holder.__embeddedService?.catch(() => undefined))?.close();
  holder.__embeddedService = undefined;
  process.env = { ...saved };
});

describe('/v1 on the console port', () => {
  it('is not served when a remote upstream is configured', async () => {
    const route = await loadRoute({
      UPSTREAM_BASE_URL: 'https://erp.example.com',
      UPSTREAM_CLIENT_ID: 'x',
      UPSTREAM_CLIENT_SECRET: 'y',
    });
    const response = await route.GET(new Request('http://console.test/v1/companies'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'not_found' });
  });

  it('serves the embedded service, verifying a strictly encoded query after Next re-serialised it', async () => {
    const route = await loadRoute({ SERVICE_DATA_DIR: 'memory://', SERVICE_SEED: 'service/seed/demo.json' });
    const signed = '/v1/companies?name=foods%20co&pageSize=3';
    const headers = await signRequest({
      method: 'GET',
      pathAndQuery: signed,
      clientId: 'demo-erp',
      secret: 'demo-erp-secret',
    });
    // What a route handler receives from Next for that request: the query in form encoding.
    const asNextGivesIt = new Request('http://console.test/v1/companies?name=foods+co&pageSize=3', {
      headers: { ...headers, cookie: 'better-auth.session_token=abc' },
    });
    const response = await route.GET(asNextGivesIt);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { pageSize: number; data: { name: string }[] };
    expect(body.pageSize).toBe(3);
    expect(body.data.length).toBeGreaterThan(0);
    for (const company of body.data) expect(company.name.toLowerCase()).toContain('foods co');

    const unsigned = await route.GET(new Request('http://console.test/v1/companies'));
    expect(unsigned.status).toBe(401);
  });
});
