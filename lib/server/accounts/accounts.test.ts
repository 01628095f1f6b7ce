import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleAuth, type ConsoleAuth, migrateConsoleDb } from '../auth';
import { DEMO_PASSWORD, ensureAccounts } from '../auth/bootstrap';
import type { AuthConfig } from '../auth/options';
import { readCurrentUser, type CurrentUser } from '../auth/session';
import { connectConsoleDb, type ConsoleDbConnection } from '../db/connect';
import { changeRole, createAccount, listAccounts, setDisabled } from './index';

// The Settings actions' rules against real better-auth on in-memory PGlite.
const BASE = 'http://console.test';
// Demo mode, like the demo accounts it signs in with: no role requires two-factor.
const config: AuthConfig = { secret: 'y'.repeat(40), baseURL: BASE, demoMode: true };
let conn: ConsoleDbConnection;
let auth: ConsoleAuth;
let ip = 0;

async function session(email: string, password = DEMO_PASSWORD): Promise<{ headers: Headers; user: CurrentUser }> {
  const response = await auth.handler(
    new Request(`${BASE}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE, 'x-console-client-address': `203.0.113.${++ip}` },
      body: JSON.stringify({ email, password }),
    }),
  );
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.includes('session_token='))!
    .split(';')[0]!;
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
        await createAccount({ auth, db: conn.db }, headers, user, {
          email: 'x@example.com',
          name: 'X',
          role: 'admin',
          password: 'password-1',
        }),
      ).toEqual({ ok: false, error: 'forbidden' });
      expect(await changeRole({ auth, db: conn.db }, headers, user, viewerId, 'admin')).toEqual({
        ok: false,
        error: 'forbidden',
      });
      expect(await setDisabled({ auth, db: conn.db }, headers, user, viewerId, true)).toEqual({
        ok: false,
        error: 'forbidden',
      });
    }
    expect(await changeRole({ auth, db: conn.db }, new Headers(), null, viewerId, 'admin')).toEqual({
      ok: false,
      error: 'unauthenticated',
    });
    const viewer = await conn.db
      .selectFrom('user')
      .select(['role', 'banned'])
      .where('id', '=', viewerId)
      .executeTakeFirstOrThrow();
    expect(viewer).toEqual({ role: 'viewer', banned: false });
    expect(await conn.db.selectFrom('user').select('id').where('email', '=', 'x@example.com').execute()).toEqual([]);
  });

  it('maps bad input and a taken email to the field, without creating anything', async () => {
    const { headers, user } = await session('admin@example.com');
    const bad = await createAccount({ auth, db: conn.db }, headers, user, {
      email: 'not-an-email',
      name: ' ',
      role: 'owner',
      password: 'short',
    });
    expect(bad).toEqual({
      ok: false,
      error: 'emailInvalid',
      fields: { email: 'emailInvalid', name: 'nameRequired', role: 'roleInvalid', password: 'passwordLength' },
    });
    const taken = await createAccount({ auth, db: conn.db }, headers, user, {
      email: 'Steward@Example.com',
      name: 'Copy',
      role: 'viewer',
      password: 'password-1',
    });
    expect(taken).toMatchObject({ ok: false, error: 'emailTaken', fields: { email: 'emailTaken' } });
    const listed = await listAccounts(conn.db, user);
    expect(listed.ok && listed.value.map((a) => a.email)).toEqual([
      'admin@example.com',
      'manager@example.com',
      'steward@example.com',
      'viewer@example.com',
    ]);
  });

  it('lets an admin create, promote, disable and enable an account, but not change their own', async () => {
    const admin = await session('admin@example.com');
    const created = await createAccount({ auth, db: conn.db }, admin.headers, admin.user, {
      email: ' Lin.Clerk@Example.com ',
      name: 'Lin Clerk',
      role: 'viewer',
      password: 'clerk-password',
    });
    expect(created).toEqual({ ok: true, value: { email: 'lin.clerk@example.com' } });
    const clerk = await session('lin.clerk@example.com', 'clerk-password');
    expect(clerk.user.role).toBe('viewer');

    expect(await changeRole({ auth, db: conn.db }, admin.headers, admin.user, clerk.user.id, 'steward')).toEqual({
      ok: true,
      value: undefined,
    });
    // The change ends the session it was made under; the next sign-in carries the new role.
    expect(await readCurrentUser(auth, clerk.headers)).toBeNull();
    const promoted = await session('lin.clerk@example.com', 'clerk-password');
    expect(promoted.user.role).toBe('steward');
    expect(await changeRole({ auth, db: conn.db }, admin.headers, admin.user, clerk.user.id, 'owner')).toMatchObject({
      ok: false,
      error: 'roleInvalid',
    });

    expect(await setDisabled({ auth, db: conn.db }, admin.headers, admin.user, clerk.user.id, true)).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await readCurrentUser(auth, promoted.headers)).toBeNull();
    const listed = await listAccounts(conn.db, admin.user);
    expect(listed.ok && listed.value.find((a) => a.id === clerk.user.id)).toMatchObject({
      disabled: true,
      role: 'steward',
    });
    expect(await setDisabled({ auth, db: conn.db }, admin.headers, admin.user, clerk.user.id, false)).toEqual({
      ok: true,
      value: undefined,
    });

    expect(await changeRole({ auth, db: conn.db }, admin.headers, admin.user, admin.user.id, 'viewer')).toEqual({
      ok: false,
      error: 'notYourself',
    });
    expect(await setDisabled({ auth, db: conn.db }, admin.headers, admin.user, admin.user.id, true)).toEqual({
      ok: false,
      error: 'notYourself',
    });
    expect(await readCurrentUser(auth, admin.headers)).toMatchObject({ role: 'admin' });
  });

  it('audits every account change with who, when, what and on whom, refusals included', async () => {
    const admin = await session('admin@example.com');
    const since = new Date(Date.now() - 1000);
    const last = await sql<{ id: string }>`select coalesce(max(id), 0)::text as id from audit_log`.execute(conn.db);
    const after = last.rows[0]!.id;
    await createAccount({ auth, db: conn.db }, admin.headers, admin.user, {
      email: 'audit.clerk@example.com',
      name: 'Audit Clerk',
      role: 'viewer',
      password: 'clerk-password',
    });
    const clerkId = await idOf('audit.clerk@example.com');
    await changeRole({ auth, db: conn.db }, admin.headers, admin.user, clerkId, 'steward');
    await setDisabled({ auth, db: conn.db }, admin.headers, admin.user, clerkId, true);
    await setDisabled({ auth, db: conn.db }, admin.headers, admin.user, clerkId, false);
    const viewer = await session('viewer@example.com');
    await changeRole({ auth, db: conn.db }, viewer.headers, viewer.user, clerkId, 'admin');

    const rows = await sql<{ at: Date; user_email: string; operation: string; target_ids: string[]; outcome: string }>`
      select at, user_email, operation, target_ids, outcome from audit_log where id > ${after}::bigint order by id
    `.execute(conn.db);
    expect(rows.rows.map((r) => [r.user_email, r.operation, r.target_ids, r.outcome])).toEqual([
      ['admin@example.com', 'account create (viewer)', ['audit.clerk@example.com'], 'applied'],
      ['admin@example.com', 'account set-role (steward)', ['audit.clerk@example.com'], 'applied'],
      ['admin@example.com', 'account disable', ['audit.clerk@example.com'], 'applied'],
      ['admin@example.com', 'account enable', ['audit.clerk@example.com'], 'applied'],
      ['viewer@example.com', 'account set-role (admin)', ['audit.clerk@example.com'], 'refused'],
    ]);
    for (const row of rows.rows) expect(new Date(row.at).getTime()).toBeGreaterThanOrEqual(since.getTime());
  });
});
