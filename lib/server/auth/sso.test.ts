import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectConsoleDb, type ConsoleDbConnection } from '../db/connect';
import type { SsoProvider } from '../env';
import { DEMO_PASSWORD, ensureAccounts } from './bootstrap';
import { createConsoleAuth, type ConsoleAuth } from './create';
import { consoleAuthHandler } from './http';
import { migrateConsoleDb } from './migrate';
import type { AuthConfig } from './options';
import { amrSatisfiesSecondFactor } from './second-factor';
import { readCurrentUser, readSession } from './session';
import { parseAmr } from './amr';

// Single sign-on against a real OpenID Connect provider on loopback: discovery, the authorization redirect, the
// code exchange and a signed ID token, through the console's own /api/auth handler.
const BASE = 'http://console.test';
// The address as server.ts proves it to the auth handler (lib/server/http/client-address.ts).
process.env.CONSOLE_CLIENT_ADDRESS_PROOF ??= 'sso-test-proof';
const FROM = {
  'x-console-client-address': '198.51.100.7',
  'x-console-client-address-proof': process.env.CONSOLE_CLIENT_ADDRESS_PROOF,
};
const idp = new OAuth2Server();
let conn: ConsoleDbConnection;
let auth: ConsoleAuth;
let claims: Record<string, unknown> = {};

function provider(overrides: Partial<SsoProvider> = {}): SsoProvider {
  return {
    id: 'corp',
    name: 'Corp',
    issuer: idp.issuer.url!,
    clientId: 'console',
    clientSecret: 'console-secret',
    domains: ['example.com'],
    googleHostedDomain: null,
    entraTenant: null,
    createRole: null,
    passwordSignIn: false,
    ...overrides,
  };
}

/** "Sign in with Corp" as a browser does it: start, the provider's redirect, the return to the console. */
async function signInWithProvider(id = 'corp'): Promise<{ location: string; cookie: string | null }> {
  const handler = consoleAuthHandler(auth);
  const start = await handler(
    new Request(`${BASE}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE, ...FROM },
      body: JSON.stringify({ provider: id, callbackURL: '/', errorCallbackURL: '/sign-in' }),
    }),
  );
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const stateCookies = start.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const authorize = await fetch(url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = await handler(
    new Request(authorize.headers.get('location')!, {
      headers: { cookie: stateCookies, ...FROM },
    }),
  );
  expect(back.status).toBe(302);
  const session = back.headers.getSetCookie().find((c) => c.includes('session_token='));
  return { location: back.headers.get('location')!, cookie: session ? session.split(';')[0]! : null };
}

beforeAll(async () => {
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
  // A Google Workspace that lets a first sign-in create a steward, and an Entra ID tenant, on the same provider.
  const workspace = provider({
    id: 'workspace',
    domains: ['example.org'],
    googleHostedDomain: 'example.org',
    createRole: 'steward',
    passwordSignIn: true,
  });
  const entra = provider({ id: 'entra', domains: ['example.net'], entraTenant: 'tenant-1', passwordSignIn: true });
  const config: AuthConfig = { secret: 's'.repeat(40), baseURL: BASE, sso: [provider(), workspace, entra] };
  conn = connectConsoleDb({ dataDir: 'memory://' });
  await migrateConsoleDb(conn.db, config);
  auth = createConsoleAuth(conn.db, config);
  await ensureAccounts(auth, conn.db, { demoMode: true, initialAdmin: null });
});

afterAll(async () => {
  await idp.stop();
  await conn?.close();
});

beforeEach(() => {
  claims = {};
});

describe('single sign-on', () => {
  it('links a first sign-in to the console account with the same verified e-mail, keeping its role', async () => {
    claims = { sub: 'idp-steward', email: 'Steward@Example.com', email_verified: true, amr: ['pwd'] };
    const { location, cookie } = await signInWithProvider();
    expect(location).toBe('/');
    const user = await readCurrentUser(auth, new Headers({ cookie: cookie! }));
    expect(user).toMatchObject({ email: 'steward@example.com', role: 'steward' });
    const linked = await conn.db
      .selectFrom('account')
      .select('userId')
      .where('providerId', '=', 'corp')
      .where('userId', '=', user!.id)
      .execute();
    expect(linked).toHaveLength(1);
    const audit = await conn.db
      .selectFrom('audit_log')
      .select(['operation', 'user_email', 'client_address'])
      .where('operation', 'like', 'account sso-link%')
      .execute();
    expect(audit).toEqual([
      { operation: 'account sso-link (corp)', user_email: 'steward@example.com', client_address: '198.51.100.7' },
    ]);
  });

  it("puts the ID token's amr on the session: multi-factor at the provider counts as the second factor", async () => {
    claims = { sub: 'idp-admin', email: 'admin@example.com', email_verified: true, amr: ['pwd', 'mfa'] };
    const withMfa = await signInWithProvider();
    claims = { sub: 'idp-admin', email: 'admin@example.com', email_verified: true, amr: ['pwd'] };
    const withoutMfa = await signInWithProvider();
    const amrOf = async (cookie: string) => {
      const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
      const row = await conn.db.selectFrom('session').select('amr').where('token', '=', token).executeTakeFirst();
      return parseAmr(row?.amr);
    };
    expect(await amrOf(withMfa.cookie!)).toEqual(['pwd', 'mfa']);
    expect(amrSatisfiesSecondFactor(await amrOf(withMfa.cookie!))).toBe(true);
    expect(amrSatisfiesSecondFactor(await amrOf(withoutMfa.cookie!))).toBe(false);
    // What the console's session check reads for the second factor.
    expect(await readCurrentUser(auth, new Headers({ cookie: withMfa.cookie! }))).toMatchObject({
      amr: ['pwd', 'mfa'],
    });
    // Outside demo mode an admin must have a second factor: without multi-factor at the provider it is still owed,
    // and the session is taken to enrolment before anything else.
    expect(await readCurrentUser(auth, new Headers({ cookie: withoutMfa.cookie! }))).toBeNull();
    expect(await readSession(auth, new Headers({ cookie: withoutMfa.cookie! }))).toMatchObject({
      secondFactor: 'enrol',
      user: { amr: ['pwd'] },
    });
  });

  it('refuses an e-mail outside the allowed domains, and an unverified one, without a session', async () => {
    // A console account outside the provider's domains: the provider may not sign anyone in as it.
    await auth.api.createUser({ body: { email: 'partner@elsewhere.test', name: 'Partner', password: DEMO_PASSWORD } });
    claims = { sub: 'idp-outsider', email: 'partner@elsewhere.test', email_verified: true };
    const outside = await signInWithProvider();
    expect(outside.cookie).toBeNull();
    expect(outside.location).toMatch(/^\/sign-in\?error=sso_domain_not_allowed/);
    claims = { sub: 'idp-viewer', email: 'viewer@example.com', email_verified: false };
    const unverified = await signInWithProvider();
    expect(unverified.cookie).toBeNull();
    expect(unverified.location).toMatch(/^\/sign-in\?error=/);
  });

  it('signs no disabled account in through its provider', async () => {
    await auth.api.createUser({ body: { email: 'gone@example.com', name: 'Gone', password: DEMO_PASSWORD } });
    await conn.db.updateTable('user').set({ banned: true }).where('email', '=', 'gone@example.com').execute();
    claims = { sub: 'idp-gone', email: 'gone@example.com', email_verified: true };
    const refused = await signInWithProvider();
    expect(refused.cookie).toBeNull();
    expect(refused.location).toMatch(/^\/sign-in\?error=BANNED_USER(&|$)/);
  });

  it('creates no account for an unknown e-mail unless a role is configured for it', async () => {
    claims = { sub: 'idp-new', email: 'new.person@example.com', email_verified: true };
    const refused = await signInWithProvider();
    expect(refused.cookie).toBeNull();
    const row = await conn.db.selectFrom('user').select('id').where('email', '=', 'new.person@example.com').execute();
    expect(row).toHaveLength(0);
  });

  it("creates an account with the operator's role where allowed, only for the Workspace's own hd", async () => {
    claims = { sub: 'ws-1', email: 'mei@example.org', email_verified: true };
    const noHd = await signInWithProvider('workspace');
    expect(noHd.location).toMatch(/^\/sign-in\?error=sso_domain_not_allowed/);
    claims = { sub: 'ws-1', email: 'mei@example.org', email_verified: true, hd: 'example.org', role: 'admin' };
    const created = await signInWithProvider('workspace');
    // The provider's claims never set a role: the operator's choice does.
    expect(await readCurrentUser(auth, new Headers({ cookie: created.cookie! }))).toMatchObject({
      email: 'mei@example.org',
      role: 'steward',
    });
  });

  it('refuses an Entra ID sign-in from another tenant than the configured one', async () => {
    await auth.api.createUser({ body: { email: 'kai@example.net', name: 'Kai', password: DEMO_PASSWORD } });
    // Entra ID sends no email_verified: its sign-in name, inside the tenant, is what makes the e-mail verified.
    claims = { sub: 'entra-1', email: 'kai@example.net', preferred_username: 'kai@example.net', tid: 'another-tenant' };
    expect((await signInWithProvider('entra')).cookie).toBeNull();
    claims = { ...claims, tid: 'tenant-1' };
    const inTenant = await signInWithProvider('entra');
    expect(await readCurrentUser(auth, new Headers({ cookie: inTenant.cookie! }))).toMatchObject({
      email: 'kai@example.net',
      role: 'viewer',
    });
  });

  it('turns password sign-in off for the SSO domain when configured', async () => {
    const response = await consoleAuthHandler(auth)(
      new Request(`${BASE}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BASE, 'x-console-client-address': '198.51.100.9' },
        body: JSON.stringify({ email: 'viewer@example.com', password: DEMO_PASSWORD }),
      }),
    );
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('PASSWORD_SIGN_IN_OFF');
  });
});
