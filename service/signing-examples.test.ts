import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from './app';
import { CREDS, testSeed } from './testing/fixtures';

const run = promisify(execFile);

/** Mono's C# compiler, which .ci/run installs from Debian (mono-mcs); null when this machine has none. */
function monoCompiler(): string | null {
  try {
    execFileSync('mcs', ['--version'], { stdio: 'ignore' });
    execFileSync('mono', ['--version'], { stdio: 'ignore' });
    return 'mcs';
  } catch {
    return null;
  }
}
const csharp = monoCompiler();
if (!csharp) console.warn('C# signing example skipped: no mcs/mono here (.ci/run installs mono-mcs from Debian)');

/**
 * The copy-paste signing examples in docs/signing (curl with openssl, Python, Node, Java, C#) each sign a real
 * request and get 200 from the standalone service over HTTP. The page /developers shows these same files.
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

  it.skipIf(!csharp)(
    'C# (compiled with Mono) gets 200',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'sign-cs-'));
      try {
        const exe = join(dir, 'Sign.exe');
        await run('mcs', ['-r:System.Net.Http', `-out:${exe}`, 'docs/signing/Sign.cs'], { timeout: 90_000 });
        const env = { ...process.env, BASE: base, CLIENT_ID: CREDS.erp.clientId, SECRET: CREDS.erp.secret };
        const { stdout } = await run('mono', [exe], { env, timeout: 90_000 });
        expect(stdout.trim()).toBe('200');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
