import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '../http/request-id';
import type { ProxyFacts } from './handler';
import { consoleRequest, createProxyHarness, type ProxyHarness } from '../testing/proxy-harness';

// The real proxy, upstream client and reference service: one request id from the browser's answer through
// the log facts to the signed request the service received.
let h: ProxyHarness;
const observed: ProxyFacts[] = [];

beforeAll(async () => {
  h = await createProxyHarness({ observe: (facts) => observed.push(facts) });
});

afterAll(async () => {
  await h?.close();
});

describe('request ids and log facts of the proxy', () => {
  it('gives a read and a write one id each, returned to the browser, sent upstream and logged', async () => {
    for (const [method, path, body] of [
      ['GET', '/v1/companies?pageSize=5', undefined],
      ['PUT', '/v1/companies/1', JSON.stringify({ shortName: 'Logged' })],
    ] as const) {
      observed.length = 0;
      const reachedBefore = h.reached.length;
      const response = await h.proxy(consoleRequest(method, path, { cookie: h.cookies.steward, body }));
      expect(response.status).toBe(200);
      const id = response.headers.get(REQUEST_ID_HEADER);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      // The extra header is outside the signature: the service accepted the request.
      const sent = h.reached.slice(reachedBefore).filter((r) => r.method === method);
      expect(sent.map((r) => r.headers.get(REQUEST_ID_HEADER))).toEqual([id]);
      expect(observed).toHaveLength(1);
      expect(observed[0]).toMatchObject({ requestId: id, method, status: 200, upstreamStatus: 200 });
      expect(observed[0]!.operation).toMatch(/^(GET|PUT) \/v1\/companies/);
      expect(observed[0]!.userId).toEqual(expect.any(String));
      expect(observed[0]!.durationMs).toBeGreaterThan(0);
    }
  });

  it('keeps a well-formed id from a load balancer and replaces one that could forge log text', async () => {
    const kept = await h.proxy(
      consoleRequest('GET', '/v1/companies?pageSize=1', {
        cookie: h.cookies.viewer,
        headers: { [REQUEST_ID_HEADER]: 'lb-0123456789' },
      }),
    );
    expect(kept.headers.get(REQUEST_ID_HEADER)).toBe('lb-0123456789');
    const replaced = await h.proxy(
      consoleRequest('GET', '/v1/companies?pageSize=1', {
        cookie: h.cookies.viewer,
        headers: { [REQUEST_ID_HEADER]: 'x"} {"level":"fatal' },
      }),
    );
    expect(replaced.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs a refusal with its code, no user and nothing sent upstream', async () => {
    observed.length = 0;
    const reachedBefore = h.reached.length;
    const response = await h.proxy(consoleRequest('GET', '/v1/companies'));
    expect(response.status).toBe(401);
    expect(h.reached.length).toBe(reachedBefore);
    expect(observed).toEqual([
      expect.objectContaining({
        requestId: response.headers.get(REQUEST_ID_HEADER),
        status: 401,
        code: 'unauthenticated',
      }),
    ]);
    expect(observed[0]!.userId).toBeUndefined();
    expect(observed[0]!.upstreamStatus).toBeUndefined();
  });
});
