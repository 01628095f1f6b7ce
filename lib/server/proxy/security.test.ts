import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage } from '@/lib/i18n/error-messages';
import { buildQuery, verify, canonicalString, sha256Hex } from '@/lib/signing';
import { encodeReview, REVIEW_HEADER, REVIEW_HEADER_MAX } from '@/lib/contract/history';
import { listAudit, listHistory } from '../audit/audit-log';
import {
  CONSOLE_ORIGIN,
  consoleRequest,
  createProxyHarness,
  UPSTREAM_CREDS,
  type ProxyHarness,
} from '../testing/proxy-harness';

let h: ProxyHarness;
/** Every response body seen in this file, checked for the secret at the end. */
const seen: string[] = [];

async function call(request: Request) {
  const response = await h.proxy(request);
  const text = await response.text();
  seen.push(text, JSON.stringify([...response.headers]));
  return { status: response.status, text, json: text ? JSON.parse(text) : null, headers: response.headers };
}

beforeAll(async () => {
  h = await createProxyHarness({ timeoutMs: 300, bodyLimitBytes: 64 * 1024 });
});

afterAll(async () => {
  await h?.close();
});

beforeEach(() => {
  h.setFault(null);
  h.reached.length = 0;
});

describe('browser checks (CSRF)', () => {
  it('refuses a cross-origin write with 403 and sends nothing', async () => {
    const r = await call(
      consoleRequest('PUT', '/v1/companies/1', {
        cookie: h.cookies.steward,
        body: '{"name":"x"}',
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      }),
    );
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ error: 'forbidden', message: errorMessage('forbidden') });
    expect(h.reached).toHaveLength(0);
  });

  it('refuses a text/plain form POST (no custom header, form content type) with 403', async () => {
    const form = new Request(`${CONSOLE_ORIGIN}/api/upstream/v1/companies/batch`, {
      method: 'POST',
      headers: { cookie: h.cookies.admin, 'content-type': 'text/plain', origin: 'https://evil.example' },
      body: '[{"outerSysCode":"X","name":"forged"}]',
    });
    expect((await call(form)).status).toBe(403);
    // Even same-origin with the header, a text/plain body is not accepted as a write.
    const sameOrigin = consoleRequest('POST', '/v1/companies/batch', {
      cookie: h.cookies.admin,
      body: '[]',
      headers: { 'content-type': 'text/plain' },
    });
    expect((await call(sameOrigin)).status).toBe(403);
    expect(h.reached).toHaveLength(0);
  });

  it('refuses a write without the console header with 403', async () => {
    const request = new Request(`${CONSOLE_ORIGIN}/api/upstream/v1/companies/1`, {
      method: 'PUT',
      headers: { cookie: h.cookies.admin, origin: CONSOLE_ORIGIN, 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await call(request)).status).toBe(403);
    expect(h.reached).toHaveLength(0);
  });
});

describe('what reaches the upstream', () => {
  it('forwards no browser header but the content type, and signs with the server-held secret', async () => {
    const r = await call(
      consoleRequest('PUT', '/v1/companies/1', {
        cookie: h.cookies.steward,
        body: '{"shortName":"First"}',
        headers: {
          'x-signature': 'forged-signature',
          'x-nonce': 'forged-nonce',
          'x-client-id': 'someone-else',
          'x-timestamp': '1',
          authorization: 'Bearer stolen',
          'x-forwarded-host': 'evil.example',
          'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware',
        },
      }),
    );
    expect(r.status).toBe(200);
    // The record's old values read for History (signed the same way), then the write itself.
    expect(h.reached.map((x) => x.method)).toEqual(['GET', 'PUT']);
    for (const x of h.reached) expect(x.headers.get('x-nonce')).not.toBe('forged-nonce');
    const sent = h.reached[1]!;
    expect(sent.headers.get('cookie')).toBeNull();
    expect(sent.headers.get('authorization')).toBeNull();
    expect(sent.headers.get('x-forwarded-host')).toBeNull();
    expect(sent.headers.get('x-middleware-subrequest')).toBeNull();
    expect(sent.headers.get('origin')).toBeNull();
    expect(sent.headers.get('x-nonce')).not.toBe('forged-nonce');
    expect(sent.headers.get('x-client-id')).toBe(UPSTREAM_CREDS.clientId);
    expect(sent.headers.get('content-type')).toBe('application/json');
    // The signature is the server's own, over exactly what was sent.
    const canonical = canonicalString({
      method: 'PUT',
      pathAndQuery: sent.pathAndQuery,
      timestamp: sent.headers.get('x-timestamp')!,
      nonce: sent.headers.get('x-nonce')!,
      bodySha256: await sha256Hex(sent.body),
    });
    expect(await verify(UPSTREAM_CREDS.secret, canonical, sent.headers.get('x-signature')!)).toBe(true);
    expect(sent.body).toBe('{"shortName":"First"}');
  });

  it('forwards the query the browser built, byte for byte, and the signature covers it', async () => {
    const query = buildQuery([
      ['name', '100% s'],
      ['pageSize', 5],
      ['updatedSince', '2020-01-01T00:00:00+08:00'],
    ]);
    const r = await call(consoleRequest('GET', `/v1/companies${query}`, { cookie: h.cookies.viewer }));
    expect(r.status).toBe(200);
    expect(h.reached[0]!.pathAndQuery).toBe(`/v1/companies${query}`);
    expect(r.json.data.map((c: { name: string }) => c.name)).toEqual(['Second 100% Shop']);
  });

  it('always sends to the configured host, whatever host the request names', async () => {
    const request = new Request('http://evil.example:666/api/upstream/v1/companies/1', {
      headers: { 'x-console-request': '1', cookie: h.cookies.viewer, host: 'evil.example' },
    });
    const r = await call(request);
    expect(r.status).toBe(200);
    expect(new URL(h.reached[0]!.url).origin).toBe('http://embedded.invalid');
  });

  it('refuses traversal, encoded, double-encoded and absolute-URL paths and sends nothing', async () => {
    const paths = [
      '/api/upstream/v1/../..',
      '/api/upstream/v1/companies/..%2F..%2Fadmin',
      '/api/upstream/v1/%2e%2e/%2e%2e/secret',
      '/api/upstream/v1/companies/%252e%252e/1',
      '/api/upstream/v1/%2F%2Fevil.example/v1/companies',
      '/api/upstream//evil.example/v1/companies',
      '/api/upstream/https://evil.example/v1/companies',
      '/api/upstream/v1/companies%5C..%5C',
      '/api/upstream/v1/customers',
    ];
    for (const path of paths) {
      // Build the Request from a raw string so the WHATWG parser cannot be blamed for hiding anything:
      // what Next hands over is a parsed URL too, and the handler must be safe either way.
      const r = await call(
        new Request(`${CONSOLE_ORIGIN}${path}`, { headers: { 'x-console-request': '1', cookie: h.cookies.admin } }),
      );
      expect([400, 404], path).toContain(r.status);
      expect(['bad_path', 'operation_not_allowed'], path).toContain(r.json.error);
    }
    expect(h.reached).toHaveLength(0);
  });
});

describe('body limit', () => {
  it('refuses a declared oversize body with 413 before sending', async () => {
    const big = `[${'{"name":"x"},'.repeat(6000)}{}]`;
    const r = await call(consoleRequest('POST', '/v1/companies/batch', { cookie: h.cookies.steward, body: big }));
    expect(r.status).toBe(413);
    expect(r.json.error).toBe('payload_too_large');
    expect(h.reached).toHaveLength(0);
  });

  it('refuses an undeclared (streamed) oversize body with 413, never a cut-short one', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const request = new Request(`${CONSOLE_ORIGIN}/api/upstream/v1/companies/batch`, {
      method: 'POST',
      headers: {
        'x-console-request': '1',
        origin: CONSOLE_ORIGIN,
        'content-type': 'application/json',
        cookie: h.cookies.steward,
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect((await call(request)).status).toBe(413);
    expect(h.reached).toHaveLength(0);
  });
});

describe('upstream faults', () => {
  it('ends a slow request with 504 and a clear message, and audits the write as unknown', async () => {
    h.setFault(() => new Promise<Response>(() => {}));
    const started = Date.now();
    const r = await call(consoleRequest('PUT', '/v1/skus/1', { cookie: h.cookies.steward, body: '{"name":"slow"}' }));
    expect(r.status).toBe(504);
    expect(r.json).toEqual({ error: 'upstream_timeout', message: errorMessage('upstream_timeout') });
    expect(Date.now() - started).toBeLessThan(5_000);
    const { entries } = await listAudit(h.db, { pageSize: 1 });
    expect(entries[0]).toMatchObject({
      operation: 'PUT /v1/skus/{id}',
      targetIds: ['1'],
      status: 504,
      result: 'unknown',
      unknownIds: ['1'],
    });
    expect(entries[0]!.outcome).toBe('unknown: no answer in time');
  });

  it('answers 502 when the upstream cannot be reached', async () => {
    h.setFault(async () => {
      throw new TypeError('fetch failed');
    });
    const r = await call(consoleRequest('GET', '/v1/companies', { cookie: h.cookies.viewer }));
    expect(r.status).toBe(502);
    expect(r.json.error).toBe('upstream_unreachable');
  });

  it('passes the upstream status and body unchanged, but no Set-Cookie or hop-by-hop header', async () => {
    h.setFault(async (request) => {
      const real = await h.service.fetch(request);
      const headers = new Headers(real.headers);
      headers.append('set-cookie', 'upstream=1; Path=/');
      headers.set('connection', 'close');
      headers.set('keep-alive', 'timeout=5');
      headers.set('x-upstream-internal', 'secret-ish');
      return new Response(real.body, { status: real.status, headers });
    });
    const r = await call(consoleRequest('GET', '/v1/companies/999999', { cookie: h.cookies.viewer }));
    h.setFault(null);
    const direct = await h.proxy(consoleRequest('GET', '/v1/companies/999999', { cookie: h.cookies.viewer }));
    expect(r.status).toBe(404);
    expect(r.text).toBe(await direct.text());
    expect(r.headers.get('set-cookie')).toBeNull();
    expect(r.headers.get('connection')).toBeNull();
    expect(r.headers.get('keep-alive')).toBeNull();
    expect(r.headers.get('x-upstream-internal')).toBeNull();
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
});

describe('audit log', () => {
  it('records who, operation, targets and outcome of each write, and nothing for reads', async () => {
    const before = (await listAudit(h.db)).totalCount;
    await call(consoleRequest('GET', '/v1/companies', { cookie: h.cookies.steward }));
    const batch = JSON.stringify([
      { outerSysCode: 'C001', name: 'First Tea House (renamed)' },
      { outerSysCode: 'AUD-1', name: 'Audit Co', internalUserId: 1 },
      { outerSysCode: 'AUD-2', name: 'n'.repeat(51) },
    ]);
    const r = await call(consoleRequest('POST', '/v1/companies/batch', { cookie: h.cookies.steward, body: batch }));
    expect(r.status).toBe(200);
    const page = await listAudit(h.db);
    expect(page.totalCount).toBe(before + 1);
    const ids = r.json.items
      .filter((i: { id: number | null }) => i.id !== null)
      .map((i: { id: number }) => String(i.id));
    expect(page.entries[0]).toMatchObject({
      userEmail: 'steward@example.com',
      operation: 'POST /v1/companies/batch',
      status: 200,
      outcome: '1 created, 1 updated, 1 failed',
      result: 'applied',
      // The failed item has no id yet, so its ERP code names it.
      targetIds: [...ids, 'code:AUD-2'],
      failedIds: ['code:AUD-2'],
      unknownIds: [],
    });
  });

  it('records a refused write with its code', async () => {
    await call(consoleRequest('PUT', '/v1/companies/424242', { cookie: h.cookies.admin, body: '{"name":"x"}' }));
    const { entries } = await listAudit(h.db, { pageSize: 1 });
    expect(entries[0]).toMatchObject({
      userEmail: 'admin@example.com',
      operation: 'PUT /v1/companies/{id}',
      targetIds: ['424242'],
      status: 404,
      result: 'refused',
      // A 404 is a 404: the update endpoint's own text ('company not found') does not change the record.
      outcome: 'refused: not_found',
    });
  });
});

describe('forged old values (a page or a script holding a session sends its own review)', () => {
  const put = (body: unknown, review: string) =>
    call(
      consoleRequest('PUT', '/v1/companies/2', {
        cookie: h.cookies.steward,
        body: JSON.stringify(body),
        headers: { [REVIEW_HEADER]: review },
      }),
    );

  it('never records a forged review as the old value, whatever its shape, and never for a field not sent', async () => {
    const held = (await call(consoleRequest('GET', '/v1/companies/2', { cookie: h.cookies.viewer }))).json as {
      name: string;
    };
    const forgeries = [
      // JSON's own "__proto__" key is a plain key once parsed: it must not reach the old values either.
      encodeURIComponent('{"name":"FORGED-a","shortName":"FORGED-b","__proto__":{"name":"FORGED-c"}}'),
      encodeReview({ name: { from: 'FORGED-d' } })!,
      // Too long to be read at all: ignored, and the old value is still the platform's.
      encodeReview({ name: 'FORGED-e'.padEnd(REVIEW_HEADER_MAX, 'x') }) ??
        `%7B%22name%22%3A%22FORGED-e${'x'.repeat(REVIEW_HEADER_MAX)}`,
    ];
    let previous = held.name;
    for (const [i, review] of forgeries.entries()) {
      const next = `Probe ${i}`;
      expect((await put({ name: next }, review)).status).toBe(200);
      const [entry] = await listHistory(h.db, 'companies', '2');
      expect(entry!.changes).toEqual([expect.objectContaining({ field: 'name', from: previous, to: next })]);
      previous = next;
    }
    const changes = (await listHistory(h.db, 'companies', '2')).flatMap((e) => e.changes ?? []);
    for (const c of changes) expect(JSON.stringify(c.from)).not.toContain('FORGED');
    expect(changes.map((c) => c.field)).not.toContain('shortName');
  });
});

describe('the secret', () => {
  it('occurs in no response this file received', () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const text of seen) expect(text).not.toContain(UPSTREAM_CREDS.secret);
  });
});
