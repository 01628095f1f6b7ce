import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/contract/operations';
import { buildQuery } from '@/lib/signing';
import { canonicalQuery, resolveTarget } from './path';

const base = 'http://console.test';

/** Each request (a path alone is a GET) is refused with `code`. */
function expectRefused(code: 'bad_path' | 'operation_not_allowed', requests: (string | [string, string])[]) {
  for (const request of requests) {
    const [method, path] = typeof request === 'string' ? ['GET', request] : request;
    expect(resolveTarget(method, `${base}${path}`), `${method} ${path}`).toEqual({ ok: false, code });
  }
}

describe('resolveTarget', () => {
  it('maps every allowlisted operation to itself, rebuilding the path from the template', () => {
    for (const op of OPERATIONS) {
      const [method, template] = op.split(' ') as [string, string];
      const path = template.replace('{id}', '42');
      const target = resolveTarget(method, `${base}/api/upstream${path}`);
      expect(target).toMatchObject({ ok: true, operation: op, path, query: '' });
    }
  });

  it('forwards a query built by buildQuery byte for byte, in order, fragment excluded', () => {
    const query = buildQuery([
      ['name', "茶 a+b ~'*"],
      ['updatedSince', '2026-01-01T00:00:00+08:00'],
      ['Page', 2],
      ['name', 'second'],
    ]);
    const target = resolveTarget('GET', `${base}/api/upstream/v1/companies${query}#frag`);
    expect(target).toMatchObject({ ok: true, path: '/v1/companies', query });
  });

  it('recovers those bytes after Next re-serialised the query as form-urlencoded', () => {
    const query = buildQuery([
      ['name', 'x y~'],
      ['outerSysCode', 'a+b:c'],
    ]);
    const nextSerialised = `?${new URLSearchParams(new URLSearchParams(query.slice(1))).toString()}`;
    expect(nextSerialised).not.toBe(query);
    expect(resolveTarget('GET', `${base}/api/upstream/v1/companies${nextSerialised}`)).toMatchObject({
      ok: true,
      query,
    });
    expect(canonicalQuery('?')).toBe('');
    expect(canonicalQuery('?flag')).toBe('?flag=');
  });

  it('refuses dot segments, encoded or not, with 400 bad_path', () => {
    expectRefused('bad_path', [
      '/api/upstream/v1/../..',
      '/api/upstream/v1/companies/..',
      '/api/upstream/v1/%2e%2e/admin',
      '/api/upstream/v1/%2E%2E/%2e%2e',
      '/api/upstream/v1/companies/%2e',
      '/api/upstream/v1/./companies',
      '/api/upstream/v1/companies%2F1',
      '/api/upstream/v1/companies%5c1',
      '/api/upstream/v1//companies',
      '/api/upstream/v1/companies/',
      '/api/upstream//evil.example/v1/companies',
      '/api/upstream/http://evil.example/v1/companies',
      '/api/upstream/v1/companies/%zz',
    ]);
  });

  it('never lets a double-encoded or otherwise encoded segment match an operation', () => {
    expectRefused('operation_not_allowed', [
      '/api/upstream/v1/%252e%252e/companies',
      '/api/upstream/v1/companies/%252e%252e',
      '/api/upstream/v1/%63ompanies',
      '/api/upstream/v1/companies/1%2e',
      '/api/upstream/v1/companies/%31',
    ]);
  });

  it('refuses unlisted paths and methods with 404 operation_not_allowed', () => {
    expectRefused('operation_not_allowed', [
      ['GET', '/api/upstream/v1/customers'],
      ['GET', '/api/upstream/v2/companies'],
      ['GET', '/api/upstream/companies'],
      ['DELETE', '/api/upstream/v1/companies/1'],
      ['PATCH', '/api/upstream/v1/companies/1'],
      ['GET', '/api/upstream/v1/companies/batch'],
      ['POST', '/api/upstream/v1/point-balances/batch'],
      ['GET', '/api/upstream/v1/companies/0'],
      ['GET', '/api/upstream/v1/companies/-1'],
      ['GET', '/api/upstream/v1'],
    ]);
  });

  it('refuses anything outside the proxy prefix', () => {
    expect(resolveTarget('GET', `${base}/v1/companies`)).toEqual({ ok: false, code: 'bad_path' });
    expect(resolveTarget('GET', `${base}/api/upstreamx/v1/companies`)).toEqual({ ok: false, code: 'bad_path' });
    expect(resolveTarget('GET', 'not a url')).toEqual({ ok: false, code: 'bad_path' });
  });

  it('ignores the host of the request URL: the target is a path only', () => {
    const target = resolveTarget('GET', 'http://evil.example:8080/api/upstream/v1/skus/7');
    expect(target).toMatchObject({ ok: true, path: '/v1/skus/7', operation: 'GET /v1/skus/{id}' });
  });
});
