import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../auth/bootstrap';
import { readCurrentUser, type CurrentUser } from '../auth/session';
import { touchSession, ACTIVITY_EVERY_MS } from '../auth/session-activity';
import { sessionEndReason } from '../auth/session-ends';
import { signInRequest } from '../auth/testing/sign-in';
import { createProxyHarness, consoleRequest, CONSOLE_ORIGIN, type ProxyHarness } from '../testing/proxy-harness';
import { changeRole, completePasswordReset, endSessions, issuePasswordReset, listSessions, setDisabled } from './index';

// A role change, a deactivation and a password reset end the person's sessions at once: through the real proxy
// (with its session cache) and better-auth on PGlite, the other session's next request is refused well inside
// the same second.
let h: ProxyHarness;
let admin: { headers: Headers; user: CurrentUser };

const get = (cookie: string) => h.proxy(consoleRequest('GET', '/v1/companies?limit=1', { cookie }));
/** What the sign-in page tells the browser holding `cookie` about why it was signed out. */
const reasonFor = (cookie: string) => sessionEndReason(h.db, new Headers({ cookie }));

async function personWithTwoSessions(email: string) {
  const first = await h.signIn(email);
  const second = await h.signIn(email);
  // Both answered once, so the proxy holds both sessions in its cache.
  expect((await get(first)).status).toBe(200);
  expect((await get(second)).status).toBe(200);
  const user = (await readCurrentUser(h.auth, new Headers({ cookie: first })))!;
  return { first, second, user };
}

/** The next request of each cookie after `change`, and how long after the change it was refused. */
async function refusedAfter(change: () => Promise<{ ok: boolean }>, cookies: string[]) {
  const started = performance.now();
  expect((await change()).ok).toBe(true);
  const statuses = [];
  for (const cookie of cookies) statuses.push((await get(cookie)).status);
  return { statuses, ms: performance.now() - started };
}

beforeAll(async () => {
  h = await createProxyHarness({ record: false });
  const headers = new Headers({ cookie: h.cookies.admin, origin: CONSOLE_ORIGIN });
  admin = { headers, user: (await readCurrentUser(h.auth, headers))! };
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('ending sessions', () => {
  it("an admin's role change ends both of the person's sessions on their next request", async () => {
    const steward = await personWithTwoSessions('steward@example.com');
    const deps = { auth: h.auth, db: h.db };
    const { statuses, ms } = await refusedAfter(
      () => changeRole(deps, admin.headers, admin.user, steward.user.id, 'viewer'),
      [steward.first, steward.second],
    );
    expect(statuses).toEqual([401, 401]);
    expect(ms).toBeLessThan(1000);
    expect(await readCurrentUser(h.auth, new Headers({ cookie: steward.second }))).toBeNull();
    // Both browsers are told why on the sign-in page; the admin's own session is untouched.
    expect([await reasonFor(steward.first), await reasonFor(steward.second)]).toEqual(['roleChanged', 'roleChanged']);
    expect(await reasonFor(h.cookies.admin)).toBeNull();
    expect((await get(h.cookies.admin)).status).toBe(200);
  });

  it('a deactivation does the same', async () => {
    const viewer = await personWithTwoSessions('viewer@example.com');
    const { statuses, ms } = await refusedAfter(
      () => setDisabled({ auth: h.auth, db: h.db }, admin.headers, admin.user, viewer.user.id, true),
      [viewer.first, viewer.second],
    );
    expect(statuses).toEqual([401, 401]);
    expect(ms).toBeLessThan(1000);
    expect(await reasonFor(viewer.second)).toBe('disabled');
    await setDisabled({ auth: h.auth, db: h.db }, admin.headers, admin.user, viewer.user.id, false);
  });

  it('a password reset does the same, and its one-time link sets a new password once', async () => {
    const person = await personWithTwoSessions('steward@example.com');
    let url = '';
    const context = { currentSessionId: null, address: '192.0.2.10', consoleUrl: CONSOLE_ORIGIN };
    const { statuses, ms } = await refusedAfter(async () => {
      const issued = await issuePasswordReset({ auth: h.auth, db: h.db }, admin.user, person.user.id, context);
      if (issued.ok) url = issued.value.url;
      return issued;
    }, [person.first, person.second]);
    expect(statuses).toEqual([401, 401]);
    expect(ms).toBeLessThan(1000);
    expect(await reasonFor(person.first)).toBe('passwordReset');
    const token = new URLSearchParams(new URL(url).hash.slice(1)).get('token')!;
    expect(await completePasswordReset(h.auth, token, 'a-new-password-1')).toEqual({ ok: true, value: undefined });
    expect(await completePasswordReset(h.auth, token, 'another-password-2')).toMatchObject({
      ok: false,
      error: 'resetLinkInvalid',
    });
    const audit = await h.db
      .selectFrom('audit_log')
      .select(['user_email', 'target_ids', 'client_address', 'outcome'])
      .where('operation', '=', 'account password-reset')
      .execute();
    expect(audit).toEqual([
      {
        user_email: 'admin@example.com',
        target_ids: ['steward@example.com'],
        client_address: '192.0.2.10',
        outcome: 'applied',
      },
    ]);
  });

  it('a person lists their sessions and ends the others, keeping the one they use; nobody else may', async () => {
    const first = await h.signIn('admin@example.com');
    const second = await h.signIn('admin@example.com');
    const me = (await readCurrentUser(h.auth, new Headers({ cookie: first })))!;
    const token = decodeURIComponent(first.split('=')[1]!).split('.')[0]!;
    const current = (await h.db.selectFrom('session').select('id').where('token', '=', token).executeTakeFirst())!.id;
    const listed = await listSessions(h.db, me, me.id, { currentSessionId: current });
    expect(listed.ok && listed.value.filter((s) => s.current).map((s) => s.id)).toEqual([current]);

    const viewer = await personWithTwoSessions('viewer@example.com');
    expect(await listSessions(h.db, viewer.user, me.id, { currentSessionId: null })).toMatchObject({
      ok: false,
      error: 'forbidden',
    });
    expect(await endSessions(h.db, viewer.user, me.id, null, { currentSessionId: null, address: null })).toMatchObject({
      ok: false,
      error: 'forbidden',
    });

    // The whole address of each session (better-auth's own value keeps only an IPv6 /64).
    const fromV6 = await h.auth.handler(
      signInRequest(CONSOLE_ORIGIN, '2001:db8::1234', 'admin@example.com', DEMO_PASSWORD),
    );
    expect(fromV6.status).toBe(200);
    const again = await listSessions(h.db, me, me.id, { currentSessionId: current });
    expect(again.ok && again.value.map((s) => s.address)).toContain('2001:db8::1234');

    const ended = await endSessions(h.db, me, me.id, null, { currentSessionId: current, address: '192.0.2.11' });
    expect(ended.ok).toBe(true);
    expect((await get(second)).status).toBe(401);
    expect((await get(first)).status).toBe(200);
    expect(await reasonFor(second)).toBe('ended');
    // Signing out oneself is no ending by someone else: nothing to explain.
    expect(await reasonFor(first)).toBeNull();
  });

  it('"Last active" moves with use, at most a few minutes behind, without a write per request', async () => {
    const cookie = await h.signIn('admin@example.com'); // The steward's password was reset above.
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const session = (await h.db
      .selectFrom('session')
      .select(['id', 'userId'])
      .where('token', '=', token)
      .executeTakeFirst())!;
    const person = (await readCurrentUser(h.auth, new Headers({ cookie })))!;
    const lastSeen = async () => {
      const listed = await listSessions(h.db, person, session.userId, { currentSessionId: session.id });
      return listed.ok ? listed.value.find((s) => s.id === session.id)!.lastSeenAt.getTime() : 0;
    };
    const later = Date.now() + 10 * 60_000;
    await touchSession(h.db, session.id, later);
    expect(await lastSeen()).toBe(later);
    // Within the interval nothing is written; after it, the new time is.
    expect(touchSession(h.db, session.id, later + ACTIVITY_EVERY_MS - 1)).toBeNull();
    await touchSession(h.db, session.id, later + ACTIVITY_EVERY_MS);
    expect(await lastSeen()).toBe(later + ACTIVITY_EVERY_MS);
  });
});
