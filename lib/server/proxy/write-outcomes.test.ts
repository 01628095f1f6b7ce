import { beforeEach, describe, expect, it } from 'vitest';
import { sharedFixture } from '@/lib/testing/shared-fixture';
import { listAudit } from '../audit/audit-log';
import { CREATE_RESULT_HEADER } from './create-check';
import { consoleRequest, createProxyHarness } from '../testing/proxy-harness';

/**
 * What the proxy tells the browser and the audit log after a write, against the real service with the
 * faults it cannot produce injected in front of it: status codes that say the opposite of what happened,
 * and a 500 after the write was applied.
 */
const h = sharedFixture(createProxyHarness);

beforeEach(() => {
  h().setFault(null);
  h().reached.length = 0;
});

async function call(method: string, path: string, body?: unknown) {
  const response = await h().proxy(
    consoleRequest(method, path, {
      cookie: h().cookies.steward,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return {
    status: response.status,
    json: text ? JSON.parse(text) : null,
    created: response.headers.get(CREATE_RESULT_HEADER),
  };
}

async function lastAudit() {
  const { entries } = await listAudit(h().db, { pageSize: 1 });
  return entries[0]!;
}

/** The real service answers; the status the browser sees is swapped (201 ↔ 200). */
function swapCreatedStatus() {
  h().setFault(async (request) => {
    const real = await h().service.fetch(request);
    const status = real.status === 201 ? 200 : real.status === 200 && request.method !== 'GET' ? 201 : real.status;
    return new Response(real.body, { status, headers: real.headers });
  });
}

describe('single creates: created or an existing record updated, read from the id', () => {
  it('says created for a new code even when the upstream answers 200', async () => {
    swapCreatedStatus();
    const r = await call('POST', '/v1/companies', { outerSysCode: 'TRUST-NEW-1', name: 'New', internalUserId: 1 });
    expect(r.status).toBe(200);
    expect(r.created).toBe('created');
    expect(await lastAudit()).toMatchObject({
      operation: 'POST /v1/companies',
      result: 'applied',
      outcome: 'created',
      targetIds: [String(r.json.id)],
    });
  });

  it('says an existing record was updated when the code matched, even when the upstream answers 201', async () => {
    swapCreatedStatus();
    const r = await call('POST', '/v1/companies', { outerSysCode: 'C001', name: 'First Tea House' });
    expect(r.status).toBe(201);
    expect(r.json.id).toBe(1);
    expect(r.created).toBe('existing');
    expect(await lastAudit()).toMatchObject({
      result: 'applied',
      outcome: 'updated an existing record with the same ERP code',
      targetIds: ['1'],
    });
  });

  it('audits an update answered 201 as updated', async () => {
    swapCreatedStatus();
    const r = await call('PUT', '/v1/companies/1', { shortName: 'First' });
    expect(r.status).toBe(201);
    expect(r.created).toBeNull();
    expect(await lastAudit()).toMatchObject({
      operation: 'PUT /v1/companies/{id}',
      result: 'applied',
      outcome: 'updated',
      targetIds: ['1'],
    });
  });

  it('looks SKU codes up within their product only', async () => {
    const r = await call('POST', '/v1/skus', { productId: 2, outerSysCode: 'S001', name: 'Same code, other product' });
    expect(r.status).toBe(201);
    expect(r.created).toBe('created');
    const lookup = h().reached.find((q) => q.method === 'GET')!;
    expect(lookup.pathAndQuery).toMatch(/^\/v1\/skus\?outerSysCode=S001&productId=2&/);
  });

  it('sends nothing when the code cannot be checked', async () => {
    h().setFault(async (request) =>
      request.method === 'GET'
        ? Response.json({ code: 'E', message: 'down' }, { status: 500 })
        : h().service.fetch(request),
    );
    const r = await call('POST', '/v1/products', { outerSysCode: 'TRUST-P', name: 'P', productCategoryId: 2 });
    expect(r.status).toBe(503);
    expect(r.json.error).toBe('code_check_failed');
    expect(h().reached.filter((q) => q.method === 'POST')).toEqual([]);
  });
});

describe('a write the upstream applied and then answered 500', () => {
  it('is audited as unknown, and the record did change', async () => {
    h().setFault(async (request) => {
      const real = await h().service.fetch(request);
      if (request.method === 'GET') return real;
      return Response.json({ code: 'E_AFTER_COMMIT', message: 'injected' }, { status: 500 });
    });
    const r = await call('PUT', '/v1/companies/2', { shortName: 'Applied' });
    expect(r.status).toBe(500);
    expect(await lastAudit()).toMatchObject({
      result: 'unknown',
      outcome: 'unknown: E_AFTER_COMMIT',
      targetIds: ['2'],
      unknownIds: ['2'],
    });
    h().setFault(null);
    expect((await call('GET', '/v1/companies/2')).json.shortName).toBe('Applied');
  });
});
