import { sql } from 'kysely';
import * as OTPAuth from 'otpauth';
import { normaliseBackupCode } from '@/lib/contract/two-factor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectConsoleDb, type ConsoleDbConnection } from '../db/connect';
import { createSessionReader } from '../proxy/session-check';
import { migrateConsoleDb, createConsoleAuth, type ConsoleAuth } from '.';
import { ensureAccounts } from './bootstrap';
import type { AuthConfig } from './options';
import { amrSatisfiesSecondFactor } from './second-factor';
import { readSession } from './session';
import { writeTwoFactorPolicy } from './two-factor-state';

// The real better-auth with its two-factor plugin on a real (in-memory) PGlite, over its HTTP handler as a browser
// drives it; the console's session check (pages and proxy) read the same database.
const BASE = 'http://console.test';
const SECRET = 'y'.repeat(40);
const config: AuthConfig = { secret: SECRET, baseURL: BASE, demoMode: true };
const PASSWORD = 'steward-password-1';

let conn: ConsoleDbConnection;
let auth: ConsoleAuth;
let ip = 0;

/** A browser's cookie jar: what the answers set, sent back with the next request. */
class Browser {
  jar = new Map<string, string>();
  readonly address = `203.0.113.${++ip}`;
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async send(method: string, path: string, body?: unknown) {
    const response = await auth.handler(
      new Request(`${BASE}/api/auth${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          origin: BASE,
          'x-console-client-address': this.address,
          cookie: this.cookie,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const [name, ...value] = pair!.split('=');
      if (/max-age=0/i.test(set)) this.jar.delete(name!);
      else this.jar.set(name!, value.join('='));
    }
    return response;
  }
  state() {
    return readSession(auth, new Headers({ cookie: this.cookie }));
  }
}

const proxyReader = () => createSessionReader(async () => conn.db, SECRET, undefined, { demoMode: true });

async function newAccount(email: string, role: 'steward' | 'admin') {
  await auth.api.createUser({ body: { email, name: email.split('@')[0]!, password: PASSWORD, role } });
}

function codeOf(totpURI: string, offset = 0) {
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

async function enrol(browser: Browser) {
  const enabled = await browser.send('POST', '/two-factor/enable', { password: PASSWORD });
  expect(enabled.status).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const verified = await browser.send('POST', '/two-factor/verify-totp', { code: codeOf(totpURI) });
  expect(verified.status).toBe(200);
  return { totpURI, backupCodes };
}

beforeAll(async () => {
  conn = connectConsoleDb({ dataDir: 'memory://' });
  await migrateConsoleDb(conn.db, config);
  auth = createConsoleAuth(conn.db, config);
  await ensureAccounts(auth, conn.db, { demoMode: true, initialAdmin: null });
  await writeTwoFactorPolicy(conn.db, 'steward', true, 'test');
});

afterAll(async () => {
  await conn?.close();
});

describe('two-factor (better-auth twoFactor + the console session check)', () => {
  it('keeps better-auth 1.6+ two_factor.verified in the migrated schema', async () => {
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = 'twoFactor'
    `.execute(conn.db);
    expect(rows.map((r) => r.column_name)).toEqual(expect.arrayContaining(['secret', 'backupCodes', 'verified']));
  });

  it('sends a steward without two-factor to enrolment, and lets nothing else through until it is done', async () => {
    await newAccount('enrol.steward@example.com', 'steward');
    const browser = new Browser();
    expect(
      (await browser.send('POST', '/sign-in/email', { email: 'enrol.steward@example.com', password: PASSWORD })).status,
    ).toBe(200);
    expect(await browser.state()).toMatchObject({ secondFactor: 'enrol' });
    expect(await proxyReader()(new Headers({ cookie: browser.cookie }))).toBeNull();

    const { backupCodes } = await enrol(browser);
    expect(backupCodes).toHaveLength(10);
    // Two groups of five, none of the characters read as one another (I l 1 O 0), all different.
    for (const code of backupCodes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(new Set(backupCodes).size).toBe(10);
    expect(await browser.state()).toMatchObject({ secondFactor: 'ok', user: { role: 'steward' } });
    expect(await proxyReader()(new Headers({ cookie: browser.cookie }))).toMatchObject({ role: 'steward' });

    const { rows } = await sql<{ operation: string; client_address: string; target_ids: string[] }>`
      select operation, client_address, target_ids from audit_log where user_email = 'enrol.steward@example.com'
    `.execute(conn.db);
    expect(rows).toEqual([
      {
        operation: 'account two-factor-enrol',
        client_address: browser.address,
        target_ids: ['enrol.steward@example.com'],
      },
    ]);
  });

  it('asks the code after the password; a backup code works once and not twice', async () => {
    await newAccount('code.steward@example.com', 'steward');
    const first = new Browser();
    await first.send('POST', '/sign-in/email', { email: 'code.steward@example.com', password: PASSWORD });
    const { totpURI, backupCodes } = await enrol(first);

    const second = new Browser();
    const password = await second.send('POST', '/sign-in/email', {
      email: 'code.steward@example.com',
      password: PASSWORD,
    });
    expect(await password.json()).toMatchObject({ twoFactorRedirect: true });
    expect(await second.state()).toBeNull();
    // The code of the next period has not come yet: wrong.
    expect((await second.send('POST', '/two-factor/verify-totp', { code: codeOf(totpURI, 3) })).status).toBe(401);
    expect((await second.send('POST', '/two-factor/verify-totp', { code: codeOf(totpURI) })).status).toBe(200);
    expect(await second.state()).toMatchObject({ secondFactor: 'ok' });

    const third = new Browser();
    await third.send('POST', '/sign-in/email', { email: 'code.steward@example.com', password: PASSWORD });
    // As a person may type it from paper: lower case, the way the sign-in page sends it (normaliseBackupCode).
    const typed = normaliseBackupCode(backupCodes[0]!.toLowerCase());
    expect((await third.send('POST', '/two-factor/verify-backup-code', { code: typed })).status).toBe(200);
    expect(await third.state()).toMatchObject({ secondFactor: 'ok' });

    const fourth = new Browser();
    await fourth.send('POST', '/sign-in/email', { email: 'code.steward@example.com', password: PASSWORD });
    expect((await fourth.send('POST', '/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(401);
    expect(await fourth.state()).toBeNull();

    const { rows } = await sql<{ operation: string }>`
      select operation from audit_log where user_email = 'code.steward@example.com' order by id
    `.execute(conn.db);
    expect(rows.map((r) => r.operation)).toEqual(['account two-factor-enrol', 'account backup-code-use']);
  });

  it('pauses the account after five wrong codes, a right password between them included: the sixth and the password are refused', async () => {
    await newAccount('pause.steward@example.com', 'steward');
    const first = new Browser();
    await first.send('POST', '/sign-in/email', { email: 'pause.steward@example.com', password: PASSWORD });
    const { totpURI } = await enrol(first);

    const guesser = new Browser();
    await guesser.send('POST', '/sign-in/email', { email: 'pause.steward@example.com', password: PASSWORD });
    const wrong = String((Number(codeOf(totpURI)) + 1) % 1_000_000).padStart(6, '0');
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      // The right password again halfway (a fresh challenge) does not clear the count: only a full sign-in does.
      if (i === 3)
        await guesser.send('POST', '/sign-in/email', { email: 'pause.steward@example.com', password: PASSWORD });
      statuses.push((await guesser.send('POST', '/two-factor/verify-totp', { code: wrong })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const again = await new Browser().send('POST', '/sign-in/email', {
      email: 'pause.steward@example.com',
      password: PASSWORD,
    });
    expect(again.status).toBe(429);
  });

  it('keeps the one-step sign-in of the demo accounts in demo mode, whatever the policy', async () => {
    const browser = new Browser();
    await browser.send('POST', '/sign-in/email', { email: 'steward@example.com', password: 'demo-password' });
    expect(await browser.state()).toMatchObject({ secondFactor: 'ok' });
  });

  it('counts an identity provider that asserted multi-factor as the second factor', () => {
    expect(amrSatisfiesSecondFactor(['pwd', 'mfa'])).toBe(true);
    expect(amrSatisfiesSecondFactor(['hwk'])).toBe(true);
    expect(amrSatisfiesSecondFactor(['pwd'])).toBe(false);
    expect(amrSatisfiesSecondFactor(null)).toBe(false);
  });
});
