import { describe, expect, it } from 'vitest';
import { canonicalString, sha256Hex } from '@/lib/signing';
import { signedFetch } from '../testing/client';
import { engines } from '../testing/engines';
import { CREDS } from '../testing/fixtures';
import { stopEnginesAfterAll, useService } from '../testing/harness';

stopEnginesAfterAll();

/**
 * The signature debugger (issue 64): in sandbox mode a signature mismatch answers the canonical string the
 * service built and its body hash, as AWS's SignatureDoesNotMatch does; never the secret or the signature it
 * expected. Outside sandbox mode the answer is the spec's bare 401.
 */
const wrongSecret = { clientId: CREDS.erp.clientId, secret: 'not-the-secret' };
const body = '[{"outerSysCode":"DBG-1","name":"debugger"}]';

describe.each(engines())('the signature debugger on $name', (engine) => {
  const sandbox = useService(engine, { sandbox: true });
  const plain = useService(engine);

  it('in sandbox mode, a mismatch carries the canonical string and body hash the service computed', async () => {
    const res = await signedFetch(sandbox(), 'POST', '/v1/companies/batch?x=%3A', body, {
      creds: wrongSecret,
      nonce: 'debug-nonce-1',
    });
    expect(res.status).toBe(401);
    const answer = await res.json();
    const bodySha256 = await sha256Hex(new TextEncoder().encode(body));
    expect(answer.error).toBe('unauthorized');
    expect(answer.signatureDoesNotMatch.bodySha256).toBe(bodySha256);
    const lines = answer.signatureDoesNotMatch.canonicalString.split('\n');
    expect(lines[0]).toBe('POST');
    expect(lines[1]).toBe('/v1/companies/batch?x=%3A');
    expect(lines[3]).toBe('x-nonce:debug-nonce-1');
    expect(lines[4]).toBe(`body-sha256:${bodySha256}`);
    expect(answer.signatureDoesNotMatch.canonicalString).toBe(
      canonicalString({
        method: 'POST',
        pathAndQuery: '/v1/companies/batch?x=%3A',
        timestamp: lines[2].slice('x-timestamp:'.length),
        nonce: 'debug-nonce-1',
        bodySha256,
      }),
    );
    // Never the secret, nor anything that could be the expected signature.
    const text = JSON.stringify(answer);
    expect(text).not.toContain(CREDS.erp.secret);
    expect(Object.keys(answer.signatureDoesNotMatch).sort()).toEqual(['bodySha256', 'canonicalString', 'hint']);
    // Nothing was written.
    const check = await signedFetch(sandbox(), 'GET', '/v1/companies?outerSysCode=DBG-1');
    expect((await check.json()).data).toEqual([]);
  });

  it('in sandbox mode, other 401s stay bare (unknown client, stale timestamp)', async () => {
    const unknown = await signedFetch(sandbox(), 'GET', '/v1/companies', undefined, {
      creds: { clientId: 'nobody', secret: 'x' },
    });
    expect([unknown.status, await unknown.json()]).toEqual([401, { error: 'unauthorized' }]);
    const stale = await signedFetch(sandbox(), 'GET', '/v1/companies', undefined, { nowMs: Date.now() - 3_600_000 });
    expect([stale.status, await stale.json()]).toEqual([401, { error: 'unauthorized' }]);
  });

  it('outside sandbox mode, a mismatch is the spec’s plain 401', async () => {
    const res = await signedFetch(plain(), 'POST', '/v1/companies/batch', body, { creds: wrongSecret });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'unauthorized' });
  });
});
