import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectConsoleDb, type ConsoleDbConnection } from '../db/connect';
import { migrateConsoleDb, createConsoleAuth, type ConsoleAuth } from '.';
import { DEMO_PASSWORD, ensureAccounts, hasNoAccounts } from './bootstrap';
import { ACCOUNT_LIMIT } from './account-limit';
import { consoleAuthHandler } from './http';
import { SIGN_IN_LIMIT, type AuthConfig } from './options';
import { readCurrentUser } from './session';

// The real better-auth on a real (in-memory) PGlite, driven over its HTTP handler like a browser would.
const BASE = 'http://console.test';
// Demo mode, like the demo accounts it signs in with: no role requires two-factor (lib/server/auth/two-factor.test.ts).
const config: AuthConfig = { secret: 'x'.repeat(40), baseURL: BASE, demoMode: true };

let conn: ConsoleDbConnection;
let auth: ConsoleAuth;
let ipCounter = 0;
/** Each test signs in from its own address so the sign-in limit of one test does not leak into another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

function post(path: string, body: unknown, init: { cookie?: string; ip?: string } = {}) {
  return auth.handler(
    new Request(`${BASE}/api/auth${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: BASE,
        'x-console-client-address': init.ip ?? freshIp(),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: JSON.stringify(body),
    }),
  );
}

/** The `name=value` part of the session cookie, as a browser would send it back. */
function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token='));
  if (!cookie) throw new Error(`no session cookie (status ${response.status})`);
  return cookie.split(';')[0]!;
}

async function signIn(email: string, password = DEMO_PASSWORD, ip?: string) {
  const response = await post('/sign-in/email', { email, password }, { ip });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

async function whoAmI(cookie: string) {
  return readCurrentUser(auth, new Headers({ cookie }));
}

beforeAll(async () => {
  conn = connectConsoleDb({ dataDir: 'memory://' });
  const db = conn.db;
  await migrateConsoleDb(db, config);
  auth = createConsoleAuth(db, config);
  expect(await hasNoAccounts(db)).toBe(true);
  await ensureAccounts(auth, db, {
    demoMode: true,
    initialAdmin: { email: 'owner@example.com', password: 'owner-password-1' },
  });
});

afterAll(async () => {
  await conn?.close();
});

describe('console accounts (better-auth on PGlite)', () => {
  it('creates the first admin and one demo account per role, only once', async () => {
    const db = conn.db;
    await ensureAccounts(auth, db, {
      demoMode: true,
      initialAdmin: { email: 'owner@example.com', password: 'other-password' },
    });
    const rows = await conn.db.selectFrom('user').select(['email', 'role']).orderBy('email').execute();
    expect(rows).toEqual([
      { email: 'admin@example.com', role: 'admin' },
      { email: 'manager@example.com', role: 'manager' },
      { email: 'owner@example.com', role: 'admin' },
      { email: 'steward@example.com', role: 'steward' },
      { email: 'viewer@example.com', role: 'viewer' },
    ]);
    // The second run did not reset the first admin's password.
    expect(await whoAmI(await signIn('owner@example.com', 'owner-password-1'))).toMatchObject({ role: 'admin' });
  });

  it('stores passwords hashed, never as given', async () => {
    const rows = await conn.db.selectFrom('account').select('password').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.password).toMatch(/^\$argon2id\$/);
      expect(row.password).not.toContain(DEMO_PASSWORD);
    }
  });

  it('rejects a wrong password and an unknown email alike, and sets no cookie', async () => {
    for (const body of [
      { email: 'steward@example.com', password: 'wrong-password' },
      { email: 'nobody@example.com', password: DEMO_PASSWORD },
    ]) {
      const response = await post('/sign-in/email', body);
      expect(response.status).toBe(401);
      expect(response.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(false);
    }
  });

  it('signs in with an HttpOnly, SameSite=Lax database session that sign-out ends', async () => {
    const response = await post('/sign-in/email', { email: 'steward@example.com', password: DEMO_PASSWORD });
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.includes('session_token='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // Plain http (localhost): no Secure flag, or the browser would drop it.
    expect(setCookie).not.toMatch(/;\s*Secure/i);
    const cookie = sessionCookie(response);
    const user = await whoAmI(cookie);
    expect(user).toMatchObject({ email: 'steward@example.com', role: 'steward', name: 'Demo Steward' });
    const sessions = await conn.db.selectFrom('session').select('id').where('userId', '=', user!.id).execute();
    expect(sessions.length).toBeGreaterThan(0);

    const out = await post('/sign-out', {}, { cookie });
    expect(out.status).toBe(200);
    expect(await whoAmI(cookie)).toBeNull();
  });

  it('marks the cookie Secure when the console is served over https', async () => {
    const secureConfig = { ...config, baseURL: 'https://console.example.com' };
    const secureAuth = createConsoleAuth(conn.db, secureConfig);
    const response = await secureAuth.handler(
      new Request('https://console.example.com/api/auth/sign-in/email', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'https://console.example.com',
          'x-console-client-address': freshIp(),
        },
        body: JSON.stringify({ email: 'viewer@example.com', password: DEMO_PASSWORD }),
      }),
    );
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.includes('session_token='))!;
    expect(setCookie).toMatch(/^__Secure-/);
    expect(setCookie).toMatch(/;\s*Secure/i);
  });

  it(`allows ${SIGN_IN_LIMIT.max} sign-in attempts per address, then refuses even the right password for ${SIGN_IN_LIMIT.window}s`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) {
      // A different account each time, so only the per-address limit can be what stops the last attempt.
      const response = await post(
        '/sign-in/email',
        { email: `guess-${i}@example.com`, password: `guess-${i}` },
        { ip },
      );
      expect(response.status).toBe(401);
    }
    const blocked = await post('/sign-in/email', { email: 'viewer@example.com', password: DEMO_PASSWORD }, { ip });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('x-retry-after'))).toBeGreaterThan(0);
    // The count lives in the database, so every console instance sees it.
    const stored = await conn.db.selectFrom('rateLimit').select(['key', 'count']).execute();
    expect(stored.some((row) => row.key.includes(ip) && Number(row.count) >= SIGN_IN_LIMIT.max)).toBe(true);
    // Another address is not affected.
    await signIn('viewer@example.com');
  });

  it(`pauses an account after ${ACCOUNT_LIMIT.maxFailures} wrong passwords, whatever address X-Forwarded-For claims`, async () => {
    const email = 'steward@example.com';
    // Each guess claims a new address, as a client talking to `next start` directly can.
    for (let i = 0; i < ACCOUNT_LIMIT.maxFailures; i++) {
      expect((await post('/sign-in/email', { email, password: `guess-${i}` })).status).toBe(401);
    }
    const paused = await post('/sign-in/email', { email: email.toUpperCase(), password: DEMO_PASSWORD });
    expect(paused.status).toBe(429);
    expect(await paused.text()).toMatch(/too many wrong passwords/i);
    // Other accounts are not affected.
    await signIn('viewer@example.com');
    // Once the window has passed, the right password works again and clears the count.
    await sql`update sign_in_failures set window_start = now() - interval '1 hour' where email = ${email}`.execute(
      conn.db,
    );
    await signIn(email);
    const left = await sql<{
      n: number;
    }>`select count(*)::int as n from sign_in_failures where email = ${email}`.execute(conn.db);
    expect(left.rows[0]?.n).toBe(0);
  });

  it('takes the attempt limit from the configuration (AUTH_SIGN_IN_MAX_ATTEMPTS)', async () => {
    const strict = createConsoleAuth(conn.db, { ...config, signInMaxAttempts: 2 });
    const ip = freshIp();
    const attempt = (email: string, password: string) =>
      strict.handler(
        new Request(`${BASE}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: BASE, 'x-console-client-address': ip },
          body: JSON.stringify({ email, password }),
        }),
      );
    // Only wrong passwords count against the address (issue 28: right ones never lock colleagues out).
    expect((await attempt('viewer@example.com', DEMO_PASSWORD)).status).toBe(200);
    expect((await attempt('guess-a@example.com', 'wrong-password')).status).toBe(401);
    expect((await attempt('guess-b@example.com', 'wrong-password')).status).toBe(401);
    expect((await attempt('viewer@example.com', DEMO_PASSWORD)).status).toBe(429);
  });

  it('keeps public sign-up closed: no account is created and no role can be chosen', async () => {
    const response = await post('/sign-up/email', {
      email: 'intruder@example.com',
      password: 'intruder-password',
      name: 'Intruder',
      role: 'admin',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    const row = await conn.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'intruder@example.com')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('does not let a viewer or steward create accounts, change roles or disable accounts', async () => {
    const target = await conn.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'viewer@example.com')
      .executeTakeFirstOrThrow();
    for (const email of ['viewer@example.com', 'steward@example.com']) {
      const cookie = await signIn(email);
      const create = await post(
        '/admin/create-user',
        { email: `made-by-${email}`, password: 'some-password', name: 'X', role: 'admin' },
        { cookie },
      );
      expect(create.status).toBe(403);
      const setRole = await post('/admin/set-role', { userId: target.id, role: 'admin' }, { cookie });
      expect(setRole.status).toBe(403);
      const ban = await post('/admin/ban-user', { userId: target.id }, { cookie });
      expect(ban.status).toBe(403);
    }
    const created = await conn.db.selectFrom('user').select('email').where('email', 'like', 'made-by-%').execute();
    expect(created).toEqual([]);
    expect(await conn.db.selectFrom('user').select('role').where('id', '=', target.id).executeTakeFirst()).toEqual({
      role: 'viewer',
    });
  });

  it('lets an admin create an account; role changes and disabling take effect on the next request', async () => {
    const adminCookie = await signIn('admin@example.com');
    const create = await post(
      '/admin/create-user',
      { email: 'new.clerk@example.com', password: 'clerk-password', name: 'New Clerk', role: 'viewer' },
      { cookie: adminCookie },
    );
    expect(create.status).toBe(200);
    const { user } = (await create.json()) as { user: { id: string } };

    const clerkCookie = await signIn('new.clerk@example.com', 'clerk-password');
    expect(await whoAmI(clerkCookie)).toMatchObject({ role: 'viewer' });

    // An unknown role is refused.
    const bogus = await post('/admin/set-role', { userId: user.id, role: 'superuser' }, { cookie: adminCookie });
    expect(bogus.status).toBe(400);

    const promote = await post('/admin/set-role', { userId: user.id, role: 'steward' }, { cookie: adminCookie });
    expect(promote.status).toBe(200);
    expect(await whoAmI(clerkCookie)).toMatchObject({ role: 'steward' });

    const disable = await post('/admin/ban-user', { userId: user.id }, { cookie: adminCookie });
    expect(disable.status).toBe(200);
    expect(await whoAmI(clerkCookie)).toBeNull();
    const again = await post('/sign-in/email', { email: 'new.clerk@example.com', password: 'clerk-password' });
    expect(again.status).toBe(403);

    const enable = await post('/admin/unban-user', { userId: user.id }, { cookie: adminCookie });
    expect(enable.status).toBe(200);
    expect(await whoAmI(await signIn('new.clerk@example.com', 'clerk-password'))).toMatchObject({ role: 'steward' });
  });
});

describe('better-auth over HTTP, as the console route serves it', () => {
  function viaRoute(method: string, path: string, body?: unknown, cookie?: string) {
    return consoleAuthHandler(auth)(
      new Request(`${BASE}/api/auth${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          origin: BASE,
          'x-console-client-address': freshIp(),
          ...(cookie ? { cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  }

  it('serves sign-in, session and sign-out', async () => {
    const response = await viaRoute('POST', '/sign-in/email', { email: 'viewer@example.com', password: DEMO_PASSWORD });
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response);
    const session = await viaRoute('GET', '/get-session', undefined, cookie);
    expect(((await session.json()) as { user?: { email: string } }).user?.email).toBe('viewer@example.com');
    expect((await viaRoute('POST', '/sign-out', {}, cookie)).status).toBe(200);
  });

  it('answers 404 to every endpoint the console does not use, even for an admin, and changes nothing', async () => {
    const adminCookie = await signIn('admin@example.com');
    const admin = await conn.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow();
    const closed: [string, string, unknown][] = [
      ['POST', '/sign-up/email', { email: 'x@example.com', password: 'password-123', name: 'X' }],
      ['POST', '/request-password-reset', { email: 'admin@example.com', redirectTo: '/' }],
      ['POST', '/reset-password', { newPassword: 'password-123', token: 't' }],
      ['GET', '/verify-email?token=t', undefined],
      ['POST', '/send-verification-email', { email: 'admin@example.com' }],
      ['POST', '/change-password', { currentPassword: DEMO_PASSWORD, newPassword: 'password-123' }],
      // The admin plugin would let an admin demote or disable themselves, which the console forbids.
      ['POST', '/admin/set-role', { userId: admin.id, role: 'viewer' }],
      ['POST', '/admin/ban-user', { userId: admin.id }],
      ['POST', '/admin/create-user', { email: 'y@example.com', password: 'password-123', name: 'Y', role: 'admin' }],
      ['GET', '/admin/list-users', undefined],
      ['POST', '/admin/impersonate-user', { userId: admin.id }],
      ['POST', '/sign-in/email/../../admin/set-role', { userId: admin.id, role: 'viewer' }],
    ];
    for (const [method, path, body] of closed) {
      expect((await viaRoute(method, path, body, adminCookie)).status, `${method} ${path}`).toBe(404);
    }
    expect(await whoAmI(adminCookie)).toMatchObject({ role: 'admin' });
    const made = await conn.db
      .selectFrom('user')
      .select('id')
      .where('email', 'in', ['x@example.com', 'y@example.com'])
      .execute();
    expect(made).toEqual([]);
  });
});
