import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleAuth, migrateConsoleDb } from '../auth';
import { ensureAccounts } from '../auth/bootstrap';
import { consoleAuthHandler } from '../auth/http';
import { CLIENT_ADDRESS_HEADER, clientAddress, installClientAddress, withProvenClientAddress } from './client-address';
import { connectConsoleDb, type ConsoleDbConnection } from '../db/connect';

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('10.0.0.5', '203.0.113.9', 0)).toBe('10.0.0.5');
    expect(clientAddress('10.0.0.5', undefined, 0)).toBe('10.0.0.5');
  });

  it('takes the entry written by the last trusted proxy, ignoring what the client put left of it', () => {
    // client forged "1.1.1.1"; our one proxy appended the address it saw, 198.51.100.7.
    expect(clientAddress('10.0.0.2', '1.1.1.1, 198.51.100.7', 1)).toBe('198.51.100.7');
    expect(clientAddress('10.0.0.2', ['1.1.1.1', '198.51.100.7, 10.0.0.9'], 2)).toBe('198.51.100.7');
    expect(clientAddress('10.0.0.2', '198.51.100.7', 3)).toBe('198.51.100.7');
    expect(clientAddress('10.0.0.2', '', 1)).toBe('10.0.0.2');
  });
});

// better-auth behind a real Node HTTP server, as under `next start`: the request event gets the socket's address.
describe('sign-in limit over real HTTP', () => {
  let conn: ConsoleDbConnection;
  let server: http.Server;
  let port: number;
  const BASE = 'http://console.test';

  beforeAll(async () => {
    conn = connectConsoleDb({ dataDir: 'memory://' });
    const db = conn.db;
    const config = { secret: 'y'.repeat(40), baseURL: BASE, signInMaxAttempts: 3, demoMode: true };
    await migrateConsoleDb(db, config);
    const auth = createConsoleAuth(db, config);
    await ensureAccounts(auth, db, { demoMode: true, initialAdmin: null });
    const handle = consoleAuthHandler(auth);
    server = http.createServer(async (req, res) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const response = await handle(
        new Request(`${BASE}${req.url}`, {
          method: req.method,
          headers,
          body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
        }),
      );
      res.writeHead(response.status, { 'content-type': 'application/json' });
      res.end(await response.text());
    });
    installClientAddress(server, 0);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await conn?.close();
  });

  function attempt(i: number) {
    return fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: BASE,
        // A new forged address on every attempt, in both headers the console could read.
        'x-forwarded-for': `203.0.113.${i + 1}`,
        [CLIENT_ADDRESS_HEADER]: `198.51.100.${i + 1}`,
      },
      body: JSON.stringify({ email: `guess-${i}@example.com`, password: 'wrong-password' }),
    });
  }

  it('still throttles a client that forges X-Forwarded-For on every attempt', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt(i)).status).toBe(401);
    expect((await attempt(3)).status).toBe(429);
  });

  it('ignores an address header that the start-up hook did not write (a request that arrived before it)', () => {
    const forged = new Request('http://console.test/api/auth/sign-in/email', {
      method: 'POST',
      headers: { [CLIENT_ADDRESS_HEADER]: '198.51.100.1', 'x-console-client-address-proof': 'guess' },
      body: '{}',
    });
    const seen = withProvenClientAddress(forged);
    expect(seen.headers.get(CLIENT_ADDRESS_HEADER)).toBeNull();
    expect(seen.headers.get('x-console-client-address-proof')).toBeNull();
  });
});
