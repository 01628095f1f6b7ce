import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { idResponse, type CompanyWrite } from '@/lib/contract';
import { ApiError } from './errors';
import { backoffDelay, DEFAULT_RETRY_POLICY } from './retry';
import { jsonBytes } from './signed-fetch';
import {
  clientFor,
  coreFor,
  listReply,
  startTestUpstream,
  type RecordedRequest,
  type TestUpstream,
} from './testing/test-server';

let upstream: TestUpstream;
beforeEach(async () => {
  upstream = await startTestUpstream();
});
afterEach(() => upstream.close());

const companyRow = (id: number) => ({
  id,
  outerSysCode: null,
  name: null,
  shortName: null,
  cellPhone: null,
  shippingAddress: null,
  internalUserId: 1,
  status: 'Active',
});
const okBatch = (req: RecordedRequest) => ({
  status: 200,
  json: {
    items: (JSON.parse(req.body.toString()) as unknown[]).map((_, index) => ({
      index,
      status: 'updated',
      id: index + 1,
      errors: [],
    })),
  },
});
/** A clock that moves 2 s per reading, so each attempt signs with a visibly new timestamp. */
function steppingClock() {
  let t = Date.now();
  return () => (t += 2000);
}

describe('reads', () => {
  it('retries a GET after 503 with a new nonce and timestamp, backing off between attempts', async () => {
    upstream.script = (_, n) => (n < 2 ? { status: 503, text: 'busy' } : { status: 200, json: companyRow(1) });
    const { client, sleeps } = clientFor(upstream, { now: steppingClock() });
    const row = await client.read('company', 1);
    expect(row.id).toBe(1);
    expect(upstream.requests).toHaveLength(3);
    expect(upstream.requests.every((r) => r.authentic)).toBe(true);
    expect(new Set(upstream.requests.map((r) => r.nonce)).size).toBe(3);
    expect(new Set(upstream.requests.map((r) => r.timestamp)).size).toBe(3);
    expect(sleeps).toEqual([
      backoffDelay(0, DEFAULT_RETRY_POLICY, () => 0.5),
      backoffDelay(1, DEFAULT_RETRY_POLICY, () => 0.5),
    ]);
    expect(sleeps[1]).toBeGreaterThan(sleeps[0]!);
  });

  it('gives up after the bounded number of attempts and reports the last error', async () => {
    upstream.script = () => ({ status: 502, text: '<html>bad gateway</html>' });
    const { client } = clientFor(upstream);
    const error = await client.list('companies').catch((e: unknown) => e);
    expect(upstream.requests).toHaveLength(DEFAULT_RETRY_POLICY.attempts);
    expect(error).toMatchObject({ kind: 'http', status: 502, code: 'http_502', outcomeUnknown: false });
  });

  it('retries a GET whose connection dropped without an answer', async () => {
    upstream.script = (req, n) => (n === 0 ? 'destroy' : listReply(1, 100, 1, companyRow));
    const { client } = clientFor(upstream);
    const page = await client.list('companies');
    expect(page.data).toHaveLength(1);
    expect(upstream.requests).toHaveLength(2);
  });

  it('ends a hung request at the timeout with kind timeout', async () => {
    upstream.script = () => 'hang';
    // Long enough for each attempt to reach the test upstream on a busy machine before the client gives up on it.
    const { client } = clientFor(upstream, { timeoutMs: 1000, retry: { attempts: 2 } });
    const started = Date.now();
    const error = await client.read('company', 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', code: 'upstream_timeout', status: null });
    expect(upstream.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('does not retry a 4xx answer', async () => {
    upstream.script = () => ({ status: 400, json: { error: 'invalid_page_size' } });
    const { client } = clientFor(upstream);
    await expect(client.list('companies', { pageSize: 500 })).rejects.toMatchObject({ code: 'invalid_page_size' });
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('writes', () => {
  const unkeyed: CompanyWrite[] = [{ name: 'New A' }, { name: 'New B', outerSysCode: '' }];
  const keyed: CompanyWrite[] = [
    { id: 4, name: 'A' },
    { outerSysCode: 'C-9', name: 'B' },
  ];

  it('never re-sends a batch whose items lack an id or code after a 503, and reports them unknown', async () => {
    upstream.script = () => ({ status: 503, json: { code: 'unavailable', message: 'maintenance' } });
    const { client, sleeps } = clientFor(upstream);
    const results = await client.batch('companies', unkeyed);
    expect(upstream.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(results).toEqual([
      { index: 0, status: 'unknown', id: null, errors: ['outcome_unknown'] },
      { index: 1, status: 'unknown', id: null, errors: ['outcome_unknown'] },
    ]);
  });

  it('never re-sends an unkeyed batch whose connection dropped, and reports it unknown', async () => {
    upstream.script = () => 'destroy';
    const { client } = clientFor(upstream);
    const results = await client.batch('companies', unkeyed);
    expect(upstream.requests).toHaveLength(1);
    expect(results.map((r) => r.status)).toEqual(['unknown', 'unknown']);
  });

  it('never re-sends an unkeyed batch that timed out, and reports it unknown', async () => {
    upstream.script = () => 'hang';
    const { client } = clientFor(upstream, { timeoutMs: 150 });
    const results = await client.batch('companies', unkeyed);
    expect(upstream.requests).toHaveLength(1);
    expect(results.map((r) => r.errors)).toEqual([['outcome_unknown'], ['outcome_unknown']]);
  });

  it('does not re-send when only some items are keyed', async () => {
    upstream.script = () => ({ status: 500, json: { code: 'boom', message: 'x' } });
    const { client } = clientFor(upstream);
    const results = await client.batch('companies', [keyed[0]!, unkeyed[0]!]);
    expect(upstream.requests).toHaveLength(1);
    expect(results.map((r) => r.status)).toEqual(['unknown', 'unknown']);
  });

  it('retries a batch where every item has an id or a non-empty outerSysCode (an idempotent upsert)', async () => {
    upstream.script = (req, n) => (n === 0 ? { status: 503, text: '' } : okBatch(req));
    const { client } = clientFor(upstream, { now: steppingClock() });
    const results = await client.batch('companies', keyed);
    expect(upstream.requests).toHaveLength(2);
    expect(upstream.requests[1]!.nonce).not.toBe(upstream.requests[0]!.nonce);
    expect(upstream.requests[1]!.timestamp).toBeGreaterThan(upstream.requests[0]!.timestamp);
    expect(Buffer.compare(upstream.requests[0]!.body, upstream.requests[1]!.body)).toBe(0);
    expect(results.map((r) => r.status)).toEqual(['updated', 'updated']);
  });

  it('reports a keyed batch as unknown once its retries are exhausted', async () => {
    upstream.script = () => ({ status: 503, text: '' });
    const { client } = clientFor(upstream);
    const results = await client.batch('companies', keyed);
    expect(upstream.requests).toHaveLength(3);
    expect(results.map((r) => r.errors)).toEqual([['outcome_unknown'], ['outcome_unknown']]);
  });

  it('never re-sends a non-idempotent single create and says its outcome is unknown', async () => {
    upstream.script = () => 'destroy';
    const { core } = coreFor(upstream);
    const body = { account: 'amy', name: 'Amy', email: 'a@example.com', password: 'password1', roleId: 2 };
    const error = (await core
      .request({ method: 'POST', pathAndQuery: '/v1/internal-users', body, schema: idResponse, idempotent: false })
      .catch((e: unknown) => e)) as ApiError;
    expect(upstream.requests).toHaveLength(1);
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: true });
  });

  it('retries a PUT to a path id after a 500 (a partial merge sent twice leaves the same record)', async () => {
    upstream.script = (_, n) =>
      n === 0 ? { status: 500, json: { code: 'x', message: 'y' } } : { status: 200, json: { id: 3 } };
    const { core } = coreFor(upstream);
    const sent = core.request({
      method: 'PUT',
      pathAndQuery: '/v1/companies/3',
      body: { name: 'Renamed' },
      schema: idResponse,
      idempotent: true,
    });
    expect((await sent).data).toEqual({ id: 3 });
    expect(upstream.requests).toHaveLength(2);
  });
});

describe('429', () => {
  it('waits Retry-After seconds, then re-sends even a non-idempotent write (a 429 was not processed)', async () => {
    upstream.script = (req, n) =>
      n === 0 ? { status: 429, json: { error: 'rate_limited' }, headers: { 'Retry-After': '2' } } : okBatch(req);
    const { client, sleeps } = clientFor(upstream);
    const results = await client.batch('companies', [{ name: 'no key' }]);
    expect(sleeps).toEqual([2000]);
    expect(upstream.requests).toHaveLength(2);
    expect(results[0]?.status).toBe('updated');
  });

  it('understands Retry-After as an HTTP date', async () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    upstream.script = (_, n) =>
      n === 0
        ? {
            status: 429,
            json: { error: 'rate_limited' },
            headers: { 'Retry-After': new Date(now + 3000).toUTCString() },
          }
        : { status: 200, json: companyRow(1) };
    // Keep the signed timestamps real (the server checks them) while Retry-After is read against `now`.
    const { client, sleeps } = clientFor(upstream, { now: () => now });
    upstream.clockOffsetMs = now - Date.now();
    await client.read('company', 1);
    expect(sleeps).toEqual([3000]);
  });

  it('returns the 429 when Retry-After is longer than it is worth waiting', async () => {
    upstream.script = () => ({ status: 429, json: { error: 'rate_limited' }, headers: { 'Retry-After': '3600' } });
    const { client, sleeps } = clientFor(upstream);
    await expect(client.read('company', 1)).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfterMs: 3_600_000,
    });
    expect(sleeps).toEqual([]);
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('clock skew', () => {
  it('adopts the Date header offset after a 401 when the clocks differ by more than 240 s, retries once, and reports it', async () => {
    upstream.clockOffsetMs = 10 * 60_000; // the upstream is 10 minutes ahead; our timestamps fall outside its window
    upstream.script = () => ({ status: 200, json: companyRow(1) });
    const { client } = clientFor(upstream);
    expect((await client.read('company', 1)).id).toBe(1);

    expect(upstream.requests).toHaveLength(2);
    expect(upstream.requests[0]!.authentic).toBe(false);
    expect(upstream.requests[1]!.authentic).toBe(true);
    expect(upstream.requests[1]!.timestamp - upstream.requests[0]!.timestamp).toBeGreaterThanOrEqual(598);
    const skew = client.skew.snapshot();
    expect(Math.abs(skew.adoptedOffsetMs - 600_000)).toBeLessThan(2000);
    expect(Math.abs(skew.lastObservedMs! - 600_000)).toBeLessThan(2000);

    // The adopted offset is kept: the next call is signed right the first time.
    await client.read('company', 1);
    expect(upstream.requests).toHaveLength(3);
    expect(upstream.requests[2]!.authentic).toBe(true);
  });

  it('retries only once: a second 401 is returned, not retried again', async () => {
    upstream.clockOffsetMs = -10 * 60_000;
    upstream.script = () => ({ status: 401, json: { error: 'unauthorized' } }); // e.g. a wrong secret as well
    const { client } = clientFor(upstream);
    await expect(client.read('company', 1)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(upstream.requests).toHaveLength(2);
  });

  it('drops an offset adopted from a lying Date header when the retry is refused too, so calls keep working', async () => {
    // The upstream's clock is right, but one answer carries a Date header 10 minutes off (a broken proxy or cache).
    let lie = true;
    upstream.script = () => {
      if (lie) {
        lie = false;
        return {
          status: 401,
          json: { error: 'unauthorized' },
          headers: { Date: new Date(Date.now() + 10 * 60_000).toUTCString() },
        };
      }
      return { status: 200, json: companyRow(1) };
    };
    const { client } = clientFor(upstream);
    // The first call gets the lying 401; the retry, signed 10 minutes ahead, is refused by the real clock check.
    await expect(client.read('company', 1)).rejects.toMatchObject({ status: 401 });
    expect(upstream.requests).toHaveLength(2);
    expect(client.skew.snapshot().adoptedOffsetMs).toBe(0);
    expect(Math.abs(client.skew.snapshot().lastObservedMs!)).toBeGreaterThan(0);
    // The next call is signed with the true clock and works.
    expect((await client.read('company', 1)).id).toBe(1);
    expect(upstream.requests[2]!.authentic).toBe(true);
  });

  it('does not retry a 401 when the clocks agree', async () => {
    const { client } = clientFor(upstream, { clientSecret: 'wrong-secret' });
    await expect(client.read('company', 1)).rejects.toMatchObject({ status: 401 });
    expect(upstream.requests).toHaveLength(1);
    expect(client.skew.snapshot().adoptedOffsetMs).toBe(0);
  });

  it('applies to the raw send() used by the proxy as well', async () => {
    upstream.clockOffsetMs = 6 * 60_000;
    upstream.script = () => ({ status: 200, json: { items: [] } });
    const { client } = clientFor(upstream);
    const response = await client.send({
      method: 'POST',
      pathAndQuery: '/v1/companies/batch',
      bodyBytes: jsonBytes([{ name: 'x' }]),
    });
    expect(response.status).toBe(200);
    expect(upstream.requests.map((r) => r.authentic)).toEqual([false, true]);
  });
});
