import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleAuth, type ConsoleAuth } from '../auth/auth';
import { DEMO_PASSWORD, ensureAccounts } from '../auth/bootstrap';
import type { AuthConfig } from '../auth/options';
import { readCurrentUser, type CurrentUser } from '../auth/session';
import { connectConsoleDb, type ConsoleDbConnection } from '../db/connect';
import { migrateConsoleDb } from '../db/migrate';
import { changeRole, createAccount, listAccounts, setDisabled } from './index';

// The Settings actions' rules against real better-auth on in-memory PGlite.
const BASE = 'http://console.test';
const config: AuthConfig = { secret: 'y'.repeat(40), baseURL: BASE };
let conn: ConsoleDbConnection;
let auth: ConsoleAuth;
let ip = 0;

async function session(email: string, password = DEMO_PASSWORD): Promise<{ headers: Headers; user: CurrentUser }> {
  const response = await auth.handler(
    new Request(`${BASE}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE, 'x-forwarded-for': `203.0.113.${++ip}` },
      body: JSON.stringify({ email, password }),
    }),
  );
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token='))!.split(';')[0]!;
  const headers = new Headers({ cookie, origin: BASE });
  const user = await readCurrentUser(auth, headers);
  return { headers, user: user! };
}

const idOf = async (email: string) =>
  (await conn.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  conn = connectConsoleDb({ dataDir: 'memory://' });
  const db = conn.db;
  await migrateConsoleDb(db, config);
  auth = createConsoleAuth(db, config);
  await ensureAccounts(auth, db, { demoMode: true, initialAdmin: null });
});

afterAll(async () => {
  await conn?.close();
});

describe('console account management', () => {
  it('refuses every change to a steward or viewer and to a signed-out caller, and changes nothing', async () => {
    const viewerId = await idOf('viewer@example.com');
    for (const email of ['viewer@example.com', 'steward@example.com']) {
      const { headers, user } = await session(email);
      expect(await listAccounts(conn.db, user)).toEqual({ ok: false, error: 'forbidden' });
      expect(
        await createAccount(auth, headers, user, { email: 'x@example.com', name: 'X', role: 'admin', password: 'password-1' }),
      ).toEqual({ ok: false, error: 'forbidden' });
      expect(await changeRole(auth, headers, user, viewerId, 'admin')).toEqual({ ok: false, error: 'forbidden' });
      expect(await setDisabled(auth, headers, user, viewerId, true)).toEqual({ ok: false, error: 'forbidden' });
    }
    expect(await changeRole(auth, new Headers(), null, viewerId, 'admin')).toEqual({ ok: false, error: 'unauthenticated' });
    const viewer = await conn.db.selectFrom('user').select(['role', 'banned']).where('id', '=', viewerId).executeTakeFirstOrThrow();
    expect(viewer).toEqual({ role: 'viewer', banned: false });
    expect(await conn.db.selectFrom('user').select('id').where('email', '=', 'x@example.com').execute()).toEqual([]);
  });

  it('maps bad input and a taken email to the field, without creating anything', async () => {
    const { headers, user } = await session('admin@example.com');
    const bad = await createAccount(auth, headers, user, { email: 'not-an-email', name: ' ', role: 'owner', password: 'short' });
    expect(bad).toEqual({
      ok: false,
      error: 'emailInvalid',
      fields: { email: 'emailInvalid', name: 'nameRequired', role: 'roleInvalid', password: 'passwordLength' },
    });
    const taken = await createAccount(auth, headers, user, {
      email: 'Steward@Example.com',
      name: 'Copy',
      role: 'viewer',
      password: 'password-1',
    });
    expect(taken).toMatchObject({ ok: false, error: 'emailTaken', fields: { email: 'emailTaken' } });
    const listed = await listAccounts(conn.db, user);
    expect(listed.ok && listed.value.map((a) => a.email)).toEqual(['admin@example.com', 'steward@example.com', 'viewer@example.com']);
  });

  it('lets an admin create, promote, disable and enable an account, but not change their own', async () => {
    const admin = await session('admin@example.com');
    const created = await createAccount(auth, admin.headers, admin.user, {
      email: ' Lin.Clerk@Example.com ',
      name: 'Lin Clerk',
      role: 'viewer',
      password: 'clerk-password',
    });
    expect(created).toEqual({ ok: true, value: { email: 'lin.clerk@example.com' } });
    const clerk = await session('lin.clerk@example.com', 'clerk-password');
    expect(clerk.user.role).toBe('viewer');

    expect(await changeRole(auth, admin.headers, admin.user, clerk.user.id, 'steward')).toEqual({ ok: true, value: undefined });
    expect(await readCurrentUser(auth, clerk.headers)).toMatchObject({ role: 'steward' });
    expect(await changeRole(auth, admin.headers, admin.user, clerk.user.id, 'owner')).toMatchObject({ ok: false, error: 'roleInvalid' });

    expect(await setDisabled(auth, admin.headers, admin.user, clerk.user.id, true)).toEqual({ ok: true, value: undefined });
    expect(await readCurrentUser(auth, clerk.headers)).toBeNull();
    const listed = await listAccounts(conn.db, admin.user);
    expect(listed.ok && listed.value.find((a) => a.id === clerk.user.id)).toMatchObject({ disabled: true, role: 'steward' });
    expect(await setDisabled(auth, admin.headers, admin.user, clerk.user.id, false)).toEqual({ ok: true, value: undefined });

    expect(await changeRole(auth, admin.headers, admin.user, admin.user.id, 'viewer')).toEqual({ ok: false, error: 'notYourself' });
    expect(await setDisabled(auth, admin.headers, admin.user, admin.user.id, true)).toEqual({ ok: false, error: 'notYourself' });
    expect(await readCurrentUser(auth, admin.headers)).toMatchObject({ role: 'admin' });
  });
});
