import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildQuery } from '@/lib/signing';
import { createCore } from './core';
import { jsonBytes } from './signed-fetch';
import { SkewTracker } from './skew';
import { startTestUpstream, type TestUpstream } from './testing/test-server';

let upstream: TestUpstream;
beforeEach(async () => {
  upstream = await startTestUpstream();
});
afterEach(async () => {
  await upstream.close();
});

function core() {
  return createCore({
    baseUrl: upstream.baseUrl,
    clientId: upstream.clientId,
    clientSecret: upstream.secret,
    skew: new SkewTracker(),
    sleep: async () => {},
  });
}

describe('send (the proxy path)', () => {
  it('signs the exact URL bytes of a strictly encoded query, and the server accepts them', async () => {
    upstream.script = () => ({ status: 200, json: { ok: true } });
    const pathAndQuery = `/v1/companies${buildQuery([
      ['name', "O'Brien & Sons (tea)*"],
      ['updatedSince', '2026-01-01T00:00:00+08:00'],
    ])}`;
    const response = await core().send({ method: 'GET', pathAndQuery });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const [req] = upstream.requests;
    expect(req?.authentic).toBe(true);
    expect(req?.rawUrl).toBe(pathAndQuery);
    expect(req?.rawUrl).toContain('%2B08%3A00');
    expect(req?.rawUrl).toContain('O%27Brien');
  });

  it('sends the body bytes it signed, byte for byte, with a JSON content type', async () => {
    const bytes = jsonBytes([{ outerSysCode: 'C-1', name: '台北 “quoted” é' }]);
    const response = await core().send({ method: 'POST', pathAndQuery: '/v1/companies/batch', bodyBytes: bytes });
    expect(response.status).toBe(200);
    const [req] = upstream.requests;
    expect(req?.authentic).toBe(true);
    expect(Buffer.compare(req!.body, Buffer.from(bytes))).toBe(0);
    expect(req?.headers['content-type']).toBe('application/json');
  });

  it('returns upstream error statuses unchanged and never resends a failed write', async () => {
    upstream.script = () => ({ status: 503, json: { code: 'unavailable', message: 'down' } });
    const response = await core().send({
      method: 'POST',
      pathAndQuery: '/v1/companies/batch',
      bodyBytes: jsonBytes([{}]),
    });
    expect(response.status).toBe(503);
    expect(upstream.requests).toHaveLength(1);
  });

  it('signs the full transmitted path when the base URL carries a path prefix', async () => {
    const prefixed = createCore({
      baseUrl: `${upstream.baseUrl}/erp-gateway/`,
      clientId: upstream.clientId,
      clientSecret: upstream.secret,
      skew: new SkewTracker(),
    });
    await prefixed.send({ method: 'GET', pathAndQuery: '/v1/companies?page=2' });
    expect(upstream.requests[0]).toMatchObject({ rawUrl: '/erp-gateway/v1/companies?page=2', authentic: true });
  });

  it('refuses a path the URL parser would rewrite, since its signature could not match what is sent', async () => {
    await expect(core().send({ method: 'GET', pathAndQuery: '/v1/companies/../skus' })).rejects.toMatchObject({
      kind: 'invalid_request',
      code: 'bad_path',
    });
    expect(upstream.requests).toHaveLength(0);
  });
});
