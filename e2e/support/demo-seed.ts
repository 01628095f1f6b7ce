import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect } from '../fixtures/test';

/**
 * The demo tenant as seeded (service/seed/demo.json, the file the e2e console starts from), so a spec can
 * compute what a filter must return instead of hard-coding it.
 */
interface SeedTenant {
  internalUsers: { id: number; name: string; account: string; roleId: number; status: string }[];
  productCategories: { id: number; name: string; parentId: number | null }[];
  companies: { id: number; outerSysCode: string; name: string; internalUserId: number; status: string }[];
  products: { id: number; outerSysCode: string; name: string; productCategoryId: number; status: string }[];
  skus: { id: number; productId: number; outerSysCode: string; name: string; barcode: string }[];
  bundles: {
    id: number;
    outerSysCode: string;
    name: string;
    components: { componentSkuId: number; quantity: number }[];
  }[];
}

export function demoTenant(): SeedTenant {
  const seed = JSON.parse(readFileSync(path.resolve('service/seed/demo.json'), 'utf8')) as { tenants: SeedTenant[] };
  return seed.tenants[0] as SeedTenant;
}

/** A code no other test (or run) uses. */
export function uniqueCode(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}

/** Every call the page makes to the console's /v1 proxy, recorded as it is sent. */
export function recordUpstreamRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/upstream/')) requests.push(request);
  });
  return requests;
}

/** A write through the proxy from inside the page, exactly as the console's own fetcher sends it. */
export async function proxyWrite(
  page: Page,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api/upstream${path}`, {
        method,
        headers: { 'X-Console-Request': '1', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/** A create through the proxy (as proxyWrite) that must succeed: the new record's id. */
export async function proxyCreate(page: Page, path: string, body: unknown): Promise<number> {
  const created = await proxyWrite(page, 'POST', path, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return (created.body as { id: number }).id;
}
