import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, testCluster, type PostgresServer } from '@/service/testing/postgres';
import { createConsoleAuth, migrateConsoleDb } from '../auth';
import { DEMO_PASSWORD, ensureAccounts } from '../auth/bootstrap';
import { SIGN_IN_LIMIT, type AuthConfig } from '../auth/options';
import { readCurrentUser } from '../auth/session';
import { connectConsoleDb, type ConsoleDbConnection } from './connect';
import { createSessionReader } from '../proxy/session-check';
import { AUTH_CHANGES_CHANNEL } from './migrations/0030-auth-change-notify';

// Two console instances on one real Postgres (DATABASE_URL): they migrate at the same moment, share
// sessions and share the sign-in limit.
const BASE = 'http://console.test';
const config: AuthConfig = { secret: 'z'.repeat(40), baseURL: BASE, demoMode: true };

describe.skipIf(!postgresAvailable())('console database on Postgres', () => {
  let server: PostgresServer;
  let a: ConsoleDbConnection;
  let b: ConsoleDbConnection;

  beforeAll(async () => {
    server = await testCluster();
    const url = await server.createDatabase();
    a = connectConsoleDb({ url });
    b = connectConsoleDb({ url });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await server?.stop();
  });

  it('migrates from two instances at once, then shares accounts, sessions and the sign-in limit', async () => {
    await Promise.all([migrateConsoleDb(a.db, config), migrateConsoleDb(b.db, config)]);
    const authA = createConsoleAuth(a.db, config);
    const authB = createConsoleAuth(b.db, config);
    // Both instances create the demo accounts at the same moment: each exists once.
    await Promise.all([
      ensureAccounts(authA, a.db, { demoMode: true, initialAdmin: null }),
      ensureAccounts(authB, b.db, { demoMode: true, initialAdmin: null }),
    ]);
    const emails = await a.db.selectFrom('user').select('email').orderBy('email').execute();
    expect(emails.map((e) => e.email)).toEqual([
      'admin@example.com',
      'manager@example.com',
      'steward@example.com',
      'viewer@example.com',
    ]);

    const signIn = (auth: typeof authA, password: string, email = 'steward@example.com') =>
      auth.handler(
        new Request(`${BASE}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: BASE, 'x-console-client-address': '192.0.2.77' },
          body: JSON.stringify({ email, password }),
        }),
      );

    // A session made on instance A is valid on instance B.
    const ok = await signIn(authA, DEMO_PASSWORD);
    expect(ok.status).toBe(200);
    const cookie = ok.headers
      .getSetCookie()
      .find((c) => c.includes('session_token='))!
      .split(';')[0]!;
    expect(await readCurrentUser(authB, new Headers({ cookie }))).toMatchObject({ role: 'steward' });

    // Failures spread over both instances add up to one limit (the sign-in above does not count; each guess
    // names another account, so the per-account pause is not what stops the last attempts).
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) {
      expect((await signIn(i % 2 ? authB : authA, 'wrong-password', `guess-${i}@example.com`)).status).toBe(401);
    }
    expect((await signIn(authA, DEMO_PASSWORD)).status).toBe(429);
    expect((await signIn(authB, DEMO_PASSWORD)).status).toBe(429);

    // The proxy's session check on instance A follows a role change made on instance B at once: on Postgres
    // a change notice can arrive after the change's commit returns, so nothing is cached there.
    const read = createSessionReader(
      async () => a.db,
      config.secret,
      async (onChange) => (await a.watch(AUTH_CHANGES_CHANNEL, onChange)) !== null,
    );
    const headers = new Headers({ cookie });
    for (let i = 0; i < 3; i++) expect(await read(headers)).toMatchObject({ role: 'steward' });
    await b.db.updateTable('user').set({ role: 'viewer' }).where('email', '=', 'steward@example.com').execute();
    expect(await read(headers)).toMatchObject({ role: 'viewer' });
  });
});
