import { describe, expect, it } from 'vitest';
import { canonicalString, sha256Hex, sign, signRequest } from '@/lib/signing';
import { createService } from '../app';
import { call, signedFetch, signedRequest } from '../testing/client';
import { engines } from '../testing/engines';
import { CREDS } from '../testing/fixtures';
import { stopEnginesAfterAll, useService } from '../testing/harness';

stopEnginesAfterAll();

// The service clock is pinned so the ±300 s window and the nonce memory can be tested exactly.
const T0 = Date.UTC(2026, 10, 1, 12, 0, 0);
let clock = T0;
const now = () => clock;

async function status(res: Response | Promise<Response>) {
  const r = await res;
  return { status: r.status, body: await r.json() };
}

const UNAUTHORIZED = { status: 401, body: { error: 'unauthorized' } };

describe.each(engines())('authentication on $name', (engine) => {
  const lines: string[] = [];
  const service = useService(engine, { now, log: (line) => lines.push(line) });
  const get = (options: Parameters<typeof signedFetch>[4] = {}, path = '/v1/companies') =>
    status(signedFetch(service(), 'GET', path, undefined, { nowMs: clock, ...options }));

  it('accepts a correctly signed request', async () => {
    clock = T0;
    expect((await get()).status).toBe(200);
  });

  it.each(['X-Client-Id', 'X-Timestamp', 'X-Nonce', 'X-Signature'])(
    '401 without %s, and with it empty',
    async (header) => {
      expect(await get({ override: { [header]: undefined } })).toEqual(UNAUTHORIZED);
      expect(await get({ override: { [header]: '' } })).toEqual(UNAUTHORIZED);
    },
  );

  it('401 for a timestamp that is not 1 to 10 digits (ISO, milliseconds, decimal point, sign)', async () => {
    const seconds = String(Math.floor(clock / 1000));
    for (const bad of [new Date(clock).toISOString(), String(clock), `${seconds}.5`, `+${seconds}`, `${seconds}x`]) {
      // Signed over the bad value itself, so only the format rule can reject it.
      const nonce = `n-${Math.random()}`;
      const canonical = canonicalString({
        method: 'GET',
        pathAndQuery: '/v1/companies',
        timestamp: bad,
        nonce,
        bodySha256: await sha256Hex(''),
      });
      const signature = await sign(CREDS.erp.secret, canonical);
      const res = await get({ override: { 'X-Timestamp': bad, 'X-Nonce': nonce, 'X-Signature': signature } });
      expect(res, bad).toEqual(UNAUTHORIZED);
    }
  });

  it('accepts a timestamp exactly 300 s off either way, and 401 one second further', async () => {
    clock = T0;
    expect((await get({ nowMs: T0 - 300_000 })).status).toBe(200);
    expect((await get({ nowMs: T0 + 300_000 })).status).toBe(200);
    expect(await get({ nowMs: T0 - 301_000 })).toEqual(UNAUTHORIZED);
    expect(await get({ nowMs: T0 + 301_000 })).toEqual(UNAUTHORIZED);
  });

  it('401 for an unknown client id, a client id in another case, a pending and a revoked credential', async () => {
    clock = T0;
    expect(await get({ creds: { clientId: 'nobody', secret: 'x' } })).toEqual(UNAUTHORIZED);
    expect(await get({ creds: { clientId: 'ACME-ERP', secret: CREDS.erp.secret } })).toEqual(UNAUTHORIZED);
    expect(await get({ creds: CREDS.pending })).toEqual(UNAUTHORIZED);
    expect(await get({ creds: CREDS.revoked })).toEqual(UNAUTHORIZED);
  });

  it('a credential revoked or re-keyed in the database takes effect on the very next request', async () => {
    clock = T0;
    const db = service().db;
    const erp = { creds: CREDS.erp, nowMs: clock };
    try {
      expect((await get(erp)).status).toBe(200);
      await db.query("update credentials set status = 'revoked' where client_id = $1", [CREDS.erp.clientId]);
      expect(await get(erp)).toEqual(UNAUTHORIZED);
      await db.query("update credentials set status = 'active', secret = 'rotated-secret' where client_id = $1", [
        CREDS.erp.clientId,
      ]);
      expect(await get(erp)).toEqual(UNAUTHORIZED);
      expect(
        (await get({ creds: { clientId: CREDS.erp.clientId, secret: 'rotated-secret' }, nowMs: clock })).status,
      ).toBe(200);
      // Re-keyed again while the new secret is remembered: the old signature is refused, the newest accepted.
      await db.query('update credentials set secret = $2 where client_id = $1', [CREDS.erp.clientId, CREDS.erp.secret]);
      expect(await get({ creds: { clientId: CREDS.erp.clientId, secret: 'rotated-secret' }, nowMs: clock })).toEqual(
        UNAUTHORIZED,
      );
      expect((await get(erp)).status).toBe(200);
    } finally {
      await db.query("update credentials set status = 'active', secret = $2 where client_id = $1", [
        CREDS.erp.clientId,
        CREDS.erp.secret,
      ]);
    }
  });

  it('401 for a signature made with the wrong secret, or with a newline added to the secret', async () => {
    expect(await get({ creds: { clientId: CREDS.erp.clientId, secret: 'wrong' } })).toEqual(UNAUTHORIZED);
    expect(await get({ creds: { clientId: CREDS.erp.clientId, secret: `${CREDS.erp.secret}\n` } })).toEqual(
      UNAUTHORIZED,
    );
  });

  it('401 when the body sent differs from the body signed, and nothing is written', async () => {
    const signed = await signRequest({
      method: 'POST',
      pathAndQuery: '/v1/companies',
      body: '{"outerSysCode":"AUTH-1"}',
      clientId: CREDS.erp.clientId,
      secret: CREDS.erp.secret,
      nowMs: clock,
    });
    const res = await service().fetch(
      new Request('http://service.test/v1/companies', {
        method: 'POST',
        headers: { ...signed, 'content-type': 'application/json' },
        body: '{"outerSysCode": "AUTH-1"}',
      }),
    );
    expect(await status(res)).toEqual(UNAUTHORIZED);
    const list = await call(service(), 'GET', '/v1/companies?outerSysCode=AUTH-1', undefined, { nowMs: clock });
    expect(list.body.totalCount).toBe(0);
  });

  it('signs the path and query exactly as sent: reordered parameters or other percent-encoding are 401', async () => {
    const path = '/v1/companies?name=a%3Ab&page=1';
    expect((await get({}, path)).status).toBe(200);
    const signed = await signRequest({
      method: 'GET',
      pathAndQuery: '/v1/companies?page=1&name=a%3Ab',
      clientId: CREDS.erp.clientId,
      secret: CREDS.erp.secret,
      nowMs: clock,
    });
    expect(await status(service().fetch(new Request(`http://service.test${path}`, { headers: signed })))).toEqual(
      UNAUTHORIZED,
    );
    const lower = await signRequest({
      method: 'GET',
      pathAndQuery: '/v1/companies?name=a%3ab&page=1',
      clientId: CREDS.erp.clientId,
      secret: CREDS.erp.secret,
      nowMs: clock,
    });
    expect(await status(service().fetch(new Request(`http://service.test${path}`, { headers: lower })))).toEqual(
      UNAUTHORIZED,
    );
  });

  it('rejects a reused nonce, even 598 s later after a purge of old nonces', async () => {
    clock = T0;
    const nonce = 'replay-me-0001';
    // Signed at T0 + 299 s, first used when the service clock reads T0 (inside the window)…
    expect((await get({ nowMs: T0 + 299_000, nonce })).status).toBe(200);
    expect(await get({ nowMs: T0 + 299_000, nonce })).toEqual(UNAUTHORIZED);
    // …and replayed at T0 + 598 s, the last moment the timestamp is still inside the window.
    clock = T0 + 598_000;
    expect(await get({ nowMs: T0 + 299_000, nonce })).toEqual(UNAUTHORIZED);
    // Another client may use the same nonce: memory is per client id.
    expect((await get({ creds: CREDS.limited, nowMs: clock, nonce })).status).toBe(200);
    clock = T0;
  });

  it('shares the nonce memory between two instances on one database', async () => {
    const second = await createService({ db: service().db, now });
    try {
      const request = () => signedRequest('GET', '/v1/companies', undefined, { nowMs: clock, nonce: 'shared-nonce-1' });
      expect((await service().fetch(await request())).status).toBe(200);
      expect(await status(second.fetch(await request()))).toEqual(UNAUTHORIZED);
    } finally {
      await second.close();
    }
  });

  it('accepts a 128-character printable nonce and rejects 129 characters or a control character', async () => {
    expect((await get({ nonce: 'x'.repeat(127) + '~' })).status).toBe(200);
    expect(await get({ nonce: 'y'.repeat(129) })).toEqual(UNAUTHORIZED);
    expect(await get({ nonce: 'tab\there' })).toEqual(UNAUTHORIZED);
  });

  it('answers 401 before routing: unsigned requests to unknown paths and to non-/v1 paths', async () => {
    expect(await status(service().fetch(new Request('http://service.test/v1/nowhere')))).toEqual(UNAUTHORIZED);
    expect(await status(service().fetch(new Request('http://service.test/')))).toEqual(UNAUTHORIZED);
    expect(
      await status(service().fetch(new Request('http://service.test/v1/companies', { method: 'DELETE' }))),
    ).toEqual(UNAUTHORIZED);
  });

  it('signed: 404 not_found for an unknown path, 405 method_not_allowed for a known path with another method', async () => {
    expect(await get({}, '/v1/nowhere')).toEqual({ status: 404, body: { error: 'not_found' } });
    expect(await get({}, '/v1/customers')).toEqual({ status: 404, body: { error: 'not_found' } });
    expect(await get({}, '/v1/companies/abc')).toEqual({ status: 404, body: { error: 'not_found' } });
    expect(await status(signedFetch(service(), 'DELETE', '/v1/companies/1', undefined, { nowMs: clock }))).toEqual({
      status: 405,
      body: { error: 'method_not_allowed' },
    });
    expect(await get({}, '/v1/companies/batch')).toEqual({ status: 405, body: { error: 'method_not_allowed' } });
  });

  it('403 forbidden when the credential is not enabled for the operation; allowed operations pass', async () => {
    expect((await get({ creds: CREDS.reader })).status).toBe(200);
    expect(await get({ creds: CREDS.reader }, '/v1/skus')).toEqual({ status: 403, body: { error: 'forbidden' } });
    expect(
      await status(
        signedFetch(service(), 'POST', '/v1/companies/batch', [{ outerSysCode: 'FORBID' }], {
          creds: CREDS.reader,
          nowMs: clock,
        }),
      ),
    ).toEqual({
      status: 403,
      body: { error: 'forbidden' },
    });
  });

  it('429 rate_limited with Retry-After above rateLimitPerSecond, and accepts again the next second', async () => {
    clock = T0 + 10_000;
    expect((await get({ creds: CREDS.limited })).status).toBe(200);
    expect((await get({ creds: CREDS.limited })).status).toBe(200);
    const limited = await signedFetch(service(), 'GET', '/v1/companies', undefined, {
      creds: CREDS.limited,
      nowMs: clock,
    });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Credentials without a limit are not limited.
    for (let i = 0; i < 5; i++) expect((await get()).status).toBe(200);
    clock = T0 + 11_000;
    expect((await get({ creds: CREDS.limited })).status).toBe(200);
    clock = T0;
  });

  it('logs one line per request: method, path, status, milliseconds, client id; never the signature, nonce or secret', async () => {
    clock = T0;
    lines.length = 0;
    const res = await get({ nonce: 'nonce-in-log-check' }, '/v1/companies?name=x');
    expect(res.status).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/v1\/companies 200 \d+(\.\d+)?ms acme-erp$/);
    await get({ override: { 'X-Signature': 'c2lnbmF0dXJl' } });
    expect(lines[1]).toMatch(/^GET \/v1\/companies 401 \d+(\.\d+)?ms acme-erp$/);
    const all = lines.join('\n');
    expect(all).not.toContain('nonce-in-log-check');
    expect(all).not.toContain('c2lnbmF0dXJl');
    expect(all).not.toContain(CREDS.erp.secret);
  });
});
