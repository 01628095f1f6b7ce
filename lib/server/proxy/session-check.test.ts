import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@/lib/contract/roles';
import { readCurrentUser } from '../auth/session';
import { createProxyHarness, HARNESS_AUTH_SECRET, type ProxyHarness } from './harness';
import { createSessionReader } from './session-check';

let h: ProxyHarness;
let read: (headers: Headers) => Promise<unknown>;

beforeAll(async () => {
  h = await createProxyHarness();
  read = createSessionReader(async () => h.db, HARNESS_AUTH_SECRET);
});

afterAll(async () => {
  await h?.close();
});

const withCookie = (cookie: string) => new Headers({ cookie: `theme=dark; ${cookie}; other=1` });

describe('proxy session check (one read) agrees with better-auth', () => {
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
    expect(await read(new Headers({ cookie: `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}` }))).toBeNull();
    // Another token under the real signature; the first character must really change (tokens are random).
    const otherToken = `${token.startsWith('x') ? 'y' : 'x'}${token.slice(1)}`;
    const signature = decodeURIComponent(value).split('.')[1];
    expect(await read(new Headers({ cookie: `${name}=${encodeURIComponent(`${otherToken}.${signature}`)}` }))).toBeNull();
  });

  it('follows the database at once: role change, disabled account, expired session', async () => {
    const cookie = withCookie(h.cookies.steward);
    const email = 'steward@example.com';
    await sql`update "user" set role = 'viewer' where email = ${email}`.execute(h.db);
    expect(await read(cookie)).toMatchObject({ role: 'viewer' });
    await sql`update "user" set role = 'steward', banned = true where email = ${email}`.execute(h.db);
    expect(await read(cookie)).toBeNull();
    expect(await readCurrentUser(h.auth, cookie)).toBeNull();
    await sql`update "user" set banned = false where email = ${email}`.execute(h.db);
    expect(await read(cookie)).toMatchObject({ role: 'steward' });
    await sql`update "session" set "expiresAt" = now() - interval '1 second'
              where "userId" = (select id from "user" where email = ${email})`.execute(h.db);
    expect(await read(cookie)).toBeNull();
  });
});
