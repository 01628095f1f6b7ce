import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from './app';
import { CREDS, testSeed } from './testing/fixtures';

const run = promisify(execFile);

/**
 * The copy-paste signing examples in docs/signing (curl with openssl, Python, Node, Java) each sign a real request
 * and get 200 from the standalone service over HTTP. C#: not here (no .NET or Mono on these machines).
 */
describe('the signing examples', () => {
  let service: Service;
  let server: ServerType;
  let base = '';
  beforeAll(async () => {
    service = await createService({ memory: true, seed: testSeed() });
    server = serve({ fetch: service.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await service?.close();
  });

  it.each([
    ['curl + openssl', 'sh', ['docs/signing/sign.sh']],
    ['Python', 'python3', ['docs/signing/sign.py']],
    ['Node', process.execPath, ['docs/signing/sign.mjs']],
    ['Java 17', 'java', ['docs/signing/Sign.java']],
  ])(
    '%s gets 200',
    async (_name, command, args) => {
      const env = { ...process.env, BASE: base, CLIENT_ID: CREDS.erp.clientId, SECRET: CREDS.erp.secret };
      const { stdout } = await run(command, args, { env, timeout: 90_000 });
      expect(stdout.trim()).toBe('200');
    },
    120_000,
  );
});
