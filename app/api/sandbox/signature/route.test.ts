import { describe, expect, it, vi } from 'vitest';
import type { SignatureCheck } from '@/lib/contract/console/sandbox';
import { canonicalString, sha256Hex } from '@/lib/signing';

// The console's configuration as demo mode parses it (sandbox on), or with the sandbox off as anywhere else.
const sandbox = vi.hoisted(() => ({ on: true }));
vi.mock('@/lib/server/env', async (original) => {
  const real = await original<typeof import('@/lib/server/env')>();
  const demo = real.parseEnv({ DEMO_MODE: '1' });
  return { ...real, getEnv: () => ({ ...demo, service: { ...demo.service, sandbox: sandbox.on } }) };
});
const { POST } = await import('./route');

async function ask(body: unknown) {
  const request = new Request('http://localhost:3000/api/sandbox/signature', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-console-request': '1' },
    body: JSON.stringify(body),
  });
  return POST(request, { params: Promise.resolve({}) });
}

/** The debugger's route (issue 64, point 3): unsigned, in sandbox mode only; lib/server/developers tests its answer. */
describe('POST /api/sandbox/signature', () => {
  it('answers the canonical string of a pasted request and the lines that differ, in sandbox mode', async () => {
    const bodySha256 = await sha256Hex('');
    const signed = canonicalString({
      method: 'GET',
      pathAndQuery: '/v1/skus?page=1',
      timestamp: '1',
      nonce: 'n',
      bodySha256,
    });
    const response = await ask({
      method: 'GET',
      pathAndQuery: '/v1/skus?page=2',
      headers: 'X-Client-Id: demo-erp\nX-Timestamp: 1\nX-Nonce: n\nX-Signature: c2ln',
      body: '',
      signed,
    });
    expect(response.status).toBe(200);
    const check = (await response.json()) as SignatureCheck;
    expect(check.canonicalString).toBe(signed.replace('page=1', 'page=2'));
    expect(check.differingLines).toEqual([2]);
  });

  it('does not exist outside sandbox mode (404)', async () => {
    sandbox.on = false;
    try {
      const response = await ask({ method: 'GET', pathAndQuery: '/v1/skus', headers: '', body: '' });
      expect(response.status).toBe(404);
      expect(JSON.stringify(await response.json())).not.toContain('body-sha256');
    } finally {
      sandbox.on = true;
    }
  });

  it('refuses what is not a request (400 invalid_parameter)', async () => {
    const response = await ask({ method: 'TRACE', pathAndQuery: '/v1/skus', headers: '', body: '' });
    expect([response.status, ((await response.json()) as { error: string }).error]).toEqual([400, 'invalid_parameter']);
  });
});
