import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalString, sha256Hex, sign } from '@/lib/signing';
import { createService, type Service } from '@/service/app';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import { checkSignature } from './signature-check';

/**
 * The reference page's debugger (issue 64, point 3): what an integrator pastes goes through the service's own
 * canonical-string code, so the string it shows is the one the sandbox's 401 names for the same request.
 */
describe('checkSignature', () => {
  let service: Service;
  beforeAll(async () => {
    service = await createService({ memory: true, seed: testSeed(), sandbox: true });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('names the path line when a request was signed for another path, with the string the sandbox answered', async () => {
    const body = '[{"outerSysCode":"DBG-PAGE-1","name":"debugger"}]';
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = 'page-debug-nonce-1';
    const bodySha256 = await sha256Hex(body);
    // The integrator signed /v1/companies/batch but sent the request with a query.
    const signed = canonicalString({
      method: 'POST',
      pathAndQuery: '/v1/companies/batch',
      timestamp,
      nonce,
      bodySha256,
    });
    const headers = {
      'X-Client-Id': CREDS.erp.clientId,
      'X-Timestamp': timestamp,
      'X-Nonce': nonce,
      'X-Signature': await sign(CREDS.erp.secret, signed),
    };
    const sent = await service.fetch(
      new Request('http://sandbox/v1/companies/batch?dryRun=1', { method: 'POST', headers, body }),
    );
    expect(sent.status).toBe(401);
    const { signatureDoesNotMatch } = (await sent.json()) as { signatureDoesNotMatch: { canonicalString: string } };

    const check = await checkSignature({
      method: 'POST',
      pathAndQuery: '/v1/companies/batch?dryRun=1',
      headers: Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n'),
      body,
      signed,
    });
    expect(check.canonicalString).toBe(signatureDoesNotMatch.canonicalString);
    expect(check.differingLines).toEqual([2]);
    expect(check.lines[1]).toEqual({
      part: 'path',
      service: '/v1/companies/batch?dryRun=1',
      yours: '/v1/companies/batch',
      differs: true,
    });
    expect([check.bodySha256, check.yourBodySha256]).toEqual([bodySha256, bodySha256]);
    expect(check.missingHeaders).toEqual([]);
    expect(check.clockSkewSeconds).toBeNull();
    // Never the secret or a signature.
    const text = JSON.stringify(check);
    expect(text).not.toContain(CREDS.erp.secret);
    expect(text).not.toContain(headers['X-Signature']);
  });

  it('shows the string alone when none is pasted, and names missing headers and a stale timestamp', async () => {
    const check = await checkSignature({
      method: 'GET',
      pathAndQuery: '/v1/companies?page=1',
      headers: 'X-Client-Id: demo-erp\nX-Timestamp: 1000\n',
      body: '',
    });
    expect(check.canonicalString).toBe(
      `GET\n/v1/companies?page=1\nx-timestamp:1000\nx-nonce:\nbody-sha256:${await sha256Hex('')}`,
    );
    expect([check.differingLines, check.yourLineCount, check.yourBodySha256]).toEqual([[], null, null]);
    expect(check.missingHeaders).toEqual(['X-Nonce', 'X-Signature']);
    expect(check.clockSkewSeconds).toBeLessThan(-300);
  });

  it('compares a pasted string with Windows line ends, or a line short, line by line', async () => {
    const bodySha256 = await sha256Hex('');
    const signed = `GET\r\n/v1/skus\r\nx-timestamp:1\r\nx-nonce:n`;
    const check = await checkSignature({
      method: 'GET',
      pathAndQuery: '/v1/skus',
      headers: 'X-Timestamp: 1\nX-Nonce: n',
      body: '',
      signed,
    });
    expect(check.differingLines).toEqual([5]);
    expect(check.yourLineCount).toBe(4);
    expect(check.lines[4]).toMatchObject({ service: `body-sha256:${bodySha256}`, yours: null, differs: true });
  });
});
