import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLES } from '@/lib/contract/roles';
import { readCurrentUser } from '../auth/session';
import { connectConsoleDb, type ConsoleDbConnection } from '../db/connect';
import { AUTH_CHANGES_CHANNEL } from '../db/migrations/0030-auth-change-notify';
import { createProxyHarness, HARNESS_AUTH_SECRET, type ProxyHarness } from '../testing/proxy-harness';
import { createSessionReader } from './session-check';

let h: ProxyHarness;
let listening: ConsoleDbConnection['watch'];

beforeAll(async () => {
  h = await createProxyHarness();
  // The harness's own connection: the watcher must listen on the database the changes are made in.
  listening = (channel, onNotify) => h.watch(channel, onNotify);
});

afterAll(async () => {
  await h?.close();
});

const withCookie = (cookie: string) => new Headers({ cookie: `theme=dark; ${cookie}; other=1` });
const STEWARD = 'steward@example.com';

/** A reader as the proxy builds it, counting how often it goes to the database. */
function reader(cached: boolean | 'unordered') {
  const counter = { reads: 0 };
  const read = createSessionReader(
    async () => {
      counter.reads++;
      return h.db;
    },
    HARNESS_AUTH_SECRET,
    cached === 'unordered'
      ? async () => false // what a Postgres connection answers
      : cached
        ? async (onChange) => (await listening(AUTH_CHANGES_CHANNEL, onChange)) !== null
        : undefined,
    // Demo mode, like the harness's demo accounts: no role requires two-factor.
    { demoMode: true },
  );
  return { read, counter };
}

async function resetSteward() {
  await sql`update "user" set role = 'steward', banned = false where email = ${STEWARD}`.execute(h.db);
  await sql`update "session" set "expiresAt" = now() + interval '7 days'
            where "userId" = (select id from "user" where email = ${STEWARD})`.execute(h.db);
}

describe.each([
  ['one read per request', false],
  ['cached until the database reports a change', true],
])('proxy session check (%s) agrees with better-auth', (_name, cached) => {
  const { read } = reader(cached);
  beforeEach(resetSteward);

  it('reads the same user and role as getSession for every role', async () => {
    for (const role of ROLES) {
      const fromAuth = await readCurrentUser(h.auth, withCookie(h.cookies[role]));
      expect(fromAuth?.role).toBe(role);
      expect(await read(withCookie(h.cookies[role]))).toEqual({ id: fromAuth!.id, email: fromAuth!.email, role });
    }
  });

  it('refuses no cookie, a forged signature and an unknown token', async () => {
    expect(await read(new Headers())).toBeNull();
    const [name, value] = h.cookies.admin.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    expect(await read(new Headers({ cookie: `${name}=${token}` }))).toBeNull();
    expect(
      await read(new Headers({ cookie: `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}` })),
    ).toBeNull();
    // Another token under the real signature; the first character must really change (tokens are random).
    const otherToken = `${token.startsWith('x') ? 'y' : 'x'}${token.slice(1)}`;
    const signature = decodeURIComponent(value).split('.')[1];
    expect(
      await read(new Headers({ cookie: `${name}=${encodeURIComponent(`${otherToken}.${signature}`)}` })),
    ).toBeNull();
  });

  it('follows the database at once: role change, disabled account, expired session', async () => {
    const cookie = withCookie(h.cookies.steward);
    expect(await read(cookie)).toMatchObject({ role: 'steward' });
    await sql`update "user" set role = 'viewer' where email = ${STEWARD}`.execute(h.db);
    expect(await read(cookie)).toMatchObject({ role: 'viewer' });
    await sql`update "user" set role = 'steward', banned = true where email = ${STEWARD}`.execute(h.db);
    expect(await read(cookie)).toBeNull();
    expect(await readCurrentUser(h.auth, cookie)).toBeNull();
    await sql`update "user" set banned = false where email = ${STEWARD}`.execute(h.db);
    expect(await read(cookie)).toMatchObject({ role: 'steward' });
    await sql`update "session" set "expiresAt" = now() - interval '1 second'
              where "userId" = (select id from "user" where email = ${STEWARD})`.execute(h.db);
    expect(await read(cookie)).toBeNull();
  });

  it('follows a change committed in a transaction', async () => {
    const cookie = withCookie(h.cookies.steward);
    expect(await read(cookie)).toMatchObject({ role: 'steward' });
    await h.db.transaction().execute(async (tx) => {
      await sql`update "user" set role = 'viewer' where email = ${STEWARD}`.execute(tx);
    });
    expect(await read(cookie)).toMatchObject({ role: 'viewer' });
  });
});

describe('proxy session cache', () => {
  beforeEach(resetSteward);

  it('reads a valid session from the database once, then from memory', async () => {
    const { read, counter } = reader(true);
    const cookie = withCookie(h.cookies.viewer);
    await read(cookie); // starts listening
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = counter.reads;
    for (let i = 0; i < 5; i++) expect(await read(cookie)).toMatchObject({ role: 'viewer' });
    expect(counter.reads - before).toBe(1);
  });

  it('serves from memory only the exact signed value it checked: a cached token under a forged signature is refused', async () => {
    const { read, counter } = reader(true);
    const cookie = withCookie(h.cookies.viewer);
    await read(cookie); // starts listening
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await read(cookie)).toMatchObject({ role: 'viewer' });
    const [name, value] = h.cookies.viewer.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    const before = counter.reads;
    expect(
      await read(new Headers({ cookie: `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}` })),
    ).toBeNull();
    expect(await read(new Headers({ cookie: `${name}=${token}` }))).toBeNull();
    expect(await read(cookie)).toMatchObject({ role: 'viewer' });
    expect(counter.reads - before).toBe(0);
  });

  it('never caches a refusal: each unknown token is read from the database', async () => {
    const { read, counter } = reader(true);
    await read(withCookie(h.cookies.viewer));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [name, value] = h.cookies.admin.split('=') as [string, string];
    const signature = decodeURIComponent(value).split('.')[1];
    // A token with someone else's signature is refused before any read.
    const before = counter.reads;
    expect(await read(new Headers({ cookie: `${name}=${encodeURIComponent(`unknown.${signature}`)}` }))).toBeNull();
    expect(counter.reads - before).toBe(0);
    // A correctly signed cookie for a session that is gone is read every time and refused every time.
    await sql`update "user" set banned = true where email = ${STEWARD}`.execute(h.db);
    const cookie = withCookie(h.cookies.steward);
    expect(await read(cookie)).toBeNull();
    expect(await read(cookie)).toBeNull();
    expect(counter.reads - before).toBe(2);
  });

  it('applies changes made through better-auth: sign-out and the admin plugin', async () => {
    const { read } = reader(true);
    const admin = withCookie(h.cookies.admin);
    const steward = withCookie(h.cookies.steward);
    expect(await read(steward)).toMatchObject({ role: 'steward' });
    const { id: stewardId } = (await read(steward))!;

    await h.auth.api.setRole({ body: { userId: stewardId, role: 'viewer' }, headers: admin });
    expect(await read(steward)).toMatchObject({ role: 'viewer' });
    await h.auth.api.setRole({ body: { userId: stewardId, role: 'steward' }, headers: admin });
    expect(await read(steward)).toMatchObject({ role: 'steward' });

    // A second session for the steward, then signed out through better-auth's own endpoint.
    const second = await h.signIn(STEWARD);
    const secondCookie = withCookie(second);
    expect(await read(secondCookie)).toMatchObject({ role: 'steward' });
    await h.auth.api.signOut({ headers: secondCookie });
    expect(await read(secondCookie)).toBeNull();
    expect(await read(steward)).toMatchObject({ role: 'steward' });
  });

  it('does not keep an answer that a change notice overlapped', async () => {
    // The notice is sent from inside the read, after the row was fetched and before the reader sees it: the
    // order in which a change committed right after the read would be reported.
    let notify = () => {};
    let overlap = false;
    let reads = 0;
    const read = createSessionReader(
      async () => {
        reads++;
        return h.db.withPlugin({
          transformQuery: (args) => args.node,
          transformResult: async (args) => {
            if (overlap) notify();
            return args.result;
          },
        }) as typeof h.db;
      },
      HARNESS_AUTH_SECRET,
      async (onChange) => {
        notify = onChange;
        return true;
      },
      { demoMode: true },
    );
    const cookie = withCookie(h.cookies.steward);
    await read(cookie);
    await new Promise((resolve) => setTimeout(resolve, 5));
    overlap = true;
    expect(await read(cookie)).toMatchObject({ role: 'steward' });
    overlap = false;
    const before = reads;
    await read(cookie);
    await read(cookie);
    expect(reads - before).toBe(1);
  });

  it('drops a cached session when it expires, with no change in the database', async () => {
    const { read } = reader(true);
    const cookie = withCookie(h.cookies.steward);
    await sql`update "session" set "expiresAt" = now() + interval '600 milliseconds'
              where "userId" = (select id from "user" where email = ${STEWARD})`.execute(h.db);
    await read(cookie);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await read(cookie)).toMatchObject({ role: 'steward' });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await read(cookie)).toBeNull();
  });

  it('caches nothing when the database cannot report changes in order', async () => {
    const { read, counter } = reader('unordered');
    const cookie = withCookie(h.cookies.viewer);
    for (let i = 0; i < 3; i++) {
      await read(cookie);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(counter.reads).toBe(3);
  });
});

describe('console database change notices', () => {
  let conn: ConsoleDbConnection;
  afterAll(async () => {
    await conn?.close();
  });

  it('PGlite reports a change before the statement that made it returns', async () => {
    conn = connectConsoleDb({ dataDir: 'memory://' });
    await sql`create table t (id int primary key, v text)`.execute(conn.db);
    await sql`insert into t values (1, 'a')`.execute(conn.db);
    await sql`create function t_changed() returns trigger language plpgsql as $$
              begin perform pg_notify('t_changes', 'x'); return null; end $$`.execute(conn.db);
    await sql`create trigger t_changed after update on t for each statement execute function t_changed()`.execute(
      conn.db,
    );
    let notices = 0;
    const stop = await conn.watch('t_changes', () => notices++);
    expect(stop).not.toBeNull();
    await sql`update t set v = 'b'`.execute(conn.db);
    expect(notices).toBe(1);
    await stop!();
    await sql`update t set v = 'c'`.execute(conn.db);
    expect(notices).toBe(1);
  });
});
