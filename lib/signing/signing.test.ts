import { describe, expect, it, vi } from 'vitest';
import { buildQuery, canonicalString, newNonce, sha256Hex, sign, signRequest, unixSeconds, verify } from './index';

// Expected signatures were computed outside this code base (Python hmac/hashlib) so that a bug shared by
// sign() and verify() cannot hide.
const SECRET = 's3cr3t-acme';
const TS = '1767225600';
const EMPTY_SHA = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** What fetch would actually put on the wire for this path and query. */
function transmitted(pathAndQuery: string): string {
  const url = new URL(`http://upstream.test${pathAndQuery}`);
  return url.pathname + url.search;
}

describe('query encoding', () => {
  it('encodes space, +, ~, *, % and Chinese so the URL parser leaves the bytes alone', () => {
    const query = buildQuery([
      ['name', 'a b+c~*%茶'],
      ['page', 1],
    ]);
    expect(query).toBe('?name=a%20b%2Bc~%2A%25%E8%8C%B6&page=1');
    const path = `/v1/skus${query}`;
    expect(transmitted(path)).toBe(path);
  });

  it('never writes a space as + (URLSearchParams would, and + means a literal plus to the service)', () => {
    expect(buildQuery([['name', 'a b']])).toBe('?name=a%20b');
    expect(new URLSearchParams({ name: 'a b' }).toString()).toBe('name=a+b');
  });

  it("escapes ' ( ) ! which encodeURIComponent keeps but a URL parser may rewrite", () => {
    const path = `/v1/companies${buildQuery([['name', "O'Neil (Taipei)!"]])}`;
    expect(path).toBe('/v1/companies?name=O%27Neil%20%28Taipei%29%21');
    expect(transmitted(path)).toBe(path);
  });

  it('keeps the caller order and skips undefined and null', () => {
    expect(
      buildQuery([
        ['z', 1],
        ['a', undefined],
        ['m', null],
        ['b', 'x'],
      ]),
    ).toBe('?z=1&b=x');
    expect(buildQuery([])).toBe('');
  });
});

describe('canonical string and signature', () => {
  it('signs a query with a space, +, ~, *, % and Chinese exactly as sent', async () => {
    const headers = await signRequest({
      method: 'GET',
      pathAndQuery: '/v1/skus?name=a%20b%2Bc~%2A%25%E8%8C%B6&page=1',
      clientId: 'acme-erp',
      secret: SECRET,
      nowMs: Number(TS) * 1000 + 999,
      nonce: '0123456789abcdef0123456789abcdef',
    });
    expect(headers).toEqual({
      'X-Client-Id': 'acme-erp',
      'X-Timestamp': TS,
      'X-Nonce': '0123456789abcdef0123456789abcdef',
      'X-Signature': 'Kb3qOQGNEj8agNEZ5UvBW9qYKKNcS260wgEoGn1Bgso=',
    });
  });

  it('keeps %3A and out-of-order parameters as they are; a GET without body hashes the empty input', async () => {
    const pathAndQuery = '/v1/companies?updatedSince=2026-01-01T00%3A00%3A00Z&pageSize=50&name=Tea';
    const canonical = canonicalString({
      method: 'GET',
      pathAndQuery,
      timestamp: TS,
      nonce: 'n1',
      bodySha256: await sha256Hex(undefined),
    });
    expect(canonical).toBe(
      [
        'GET',
        '/v1/companies?updatedSince=2026-01-01T00%3A00%3A00Z&pageSize=50&name=Tea',
        `x-timestamp:${TS}`,
        'x-nonce:n1',
        `body-sha256:${EMPTY_SHA}`,
      ].join('\n'),
    );
    expect(await sign(SECRET, canonical)).toBe('11ElSf6z2c/4HbAHj0YmLmJJ9CLRKxw3f8ka4uU8hJw=');
  });

  it('hashes a non-ASCII JSON body as its UTF-8 bytes', async () => {
    const body = '[{"name":"台北茶行","shortName":"茶行"}]';
    expect(await sha256Hex(body)).toBe('c8bc5db135209b76a6d2d75a0efa3323633af1d5d70d5252cdf60448b57ddc2b');
    expect(await sha256Hex(new TextEncoder().encode(body))).toBe(await sha256Hex(body));
    const headers = await signRequest({
      method: 'post',
      pathAndQuery: '/v1/companies/batch',
      body,
      clientId: 'acme-erp',
      secret: SECRET,
      nowMs: Number(TS) * 1000,
      nonce: 'n2',
    });
    expect(headers['X-Signature']).toBe('bl5lrVysqPGjDgLeFULxEpWlf8u8IvVTtiQiBnUnyQ4=');
  });

  it('a secret with a trailing newline is a different key', async () => {
    const canonical = canonicalString({
      method: 'GET',
      pathAndQuery: '/v1/companies?updatedSince=2026-01-01T00%3A00%3A00Z&pageSize=50&name=Tea',
      timestamp: TS,
      nonce: 'n1',
      bodySha256: EMPTY_SHA,
    });
    const withNewline = await sign(`${SECRET}\n`, canonical);
    expect(withNewline).toBe('2K6D8/qjCevif6AygweVrU+TTMo3TXjoxnjSUje3Y/s=');
    expect(withNewline).not.toBe(await sign(SECRET, canonical));
  });
});

/** A signed GET of the SKU list: no body. */
const GET_SKUS = { method: 'GET', pathAndQuery: '/v1/skus', timestamp: TS, nonce: 'n', bodySha256: EMPTY_SHA };

describe('verify', () => {
  const canonical = canonicalString(GET_SKUS);

  it('accepts the right signature and rejects a changed byte, a wrong key or garbage', async () => {
    const good = await sign(SECRET, canonical);
    expect(await verify(SECRET, canonical, good)).toBe(true);
    expect(await verify(SECRET, canonical.replace('/v1/skus', '/v1/SKUS'), good)).toBe(false);
    expect(await verify(`${SECRET} `, canonical, good)).toBe(false);
    expect(await verify(SECRET, canonical, 'not base64!')).toBe(false);
    expect(await verify(SECRET, canonical, '')).toBe(false);
    expect(await verify(SECRET, canonical, btoa('short'))).toBe(false);
  });
});

describe('nonce and timestamp', () => {
  it('makes a fresh 128-bit hex nonce each time', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => newNonce()));
    expect(seen.size).toBe(1000);
    for (const n of seen) expect(n).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives whole seconds, never milliseconds', () => {
    expect(unixSeconds(1767225600999)).toBe('1767225600');
    expect(unixSeconds()).toMatch(/^\d{10}$/);
  });

  it('uses a new nonce for every signRequest call', async () => {
    const input = { method: 'GET', pathAndQuery: '/v1/skus', clientId: 'c', secret: SECRET, nowMs: 0 };
    const a = await signRequest(input);
    const b = await signRequest(input);
    expect(a['X-Nonce']).not.toBe(b['X-Nonce']);
    expect(a['X-Signature']).not.toBe(b['X-Signature']);
  });
});

/* eslint-disable n/no-unsupported-features/node-builtins -- hides getBuiltinModule, as Node before 20.16 lacks it */
describe('without Node crypto (browser and edge runtimes use Web Crypto)', () => {
  it('signs, hashes and verifies to the same bytes', async () => {
    // As on Node 20.9–20.15, which has no getBuiltinModule.
    const original = (process as { getBuiltinModule?: unknown }).getBuiltinModule;
    // The module picks its implementation when loaded: load a fresh copy with Node's crypto hidden.
    (process as { getBuiltinModule?: unknown }).getBuiltinModule = undefined;
    vi.resetModules();
    try {
      const web = await import('./index');
      const canonical = canonicalString(GET_SKUS);
      expect(await web.sha256Hex('{"名稱":"茶"}')).toBe(await sha256Hex('{"名稱":"茶"}'));
      const signature = await web.sign(SECRET, canonical);
      expect(signature).toBe(await sign(SECRET, canonical));
      expect(await web.verify(SECRET, canonical, signature)).toBe(true);
      expect(await web.verify(`${SECRET} `, canonical, signature)).toBe(false);
      expect(web.newNonce()).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      (process as { getBuiltinModule?: unknown }).getBuiltinModule = original;
      vi.resetModules();
    }
  });
});
