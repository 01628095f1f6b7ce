import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectConsoleDb, type ConsoleDbConnection } from '../db/connect';
import { migrateConsoleDb, createConsoleAuth, type ConsoleAuth } from '.';
import { ACCOUNT_LIMIT } from './account-limit';
import { DEMO_PASSWORD, ensureAccounts } from './bootstrap';
import { SIGN_IN_LIMIT, type AuthConfig } from './options';

// Issue 28's figures, on the real better-auth and a real (in-memory) PGlite, over its HTTP handler.
const BASE = 'http://console.test';
// Demo mode, like the demo accounts it signs in with: no role requires two-factor (lib/server/auth/two-factor.test.ts).
const config: AuthConfig = { secret: 'x'.repeat(40), baseURL: BASE, demoMode: true };
const STAFF = ['admin@example.com', 'steward@example.com', 'viewer@example.com'];

let conn: ConsoleDbConnection;
let auth: ConsoleAuth;

function signIn(email: string, password: string, ip: string) {
  return auth.handler(
    new Request(`${BASE}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE, 'x-console-client-address': ip },
      body: JSON.stringify({ email, password }),
    }),
  );
}

beforeAll(async () => {
  conn = connectConsoleDb({ dataDir: 'memory://' });
  await migrateConsoleDb(conn.db, config);
  auth = createConsoleAuth(conn.db, config);
  await ensureAccounts(auth, conn.db, { demoMode: true, initialAdmin: null });
});

afterAll(async () => {
  await conn?.close();
});

describe('sign-in limits that fit an office', () => {
  it('lets 60 colleagues behind one address sign in within a minute, a few typos and bursts included', async () => {
    const office = '203.0.113.10';
    const statuses: number[] = [];
    // Fifteen waves of four at once (a slot is held while a password is checked, see address-limit.ts); in five
    // of them somebody first mistypes, then gets it right.
    for (let wave = 0; wave < 15; wave++) {
      if (wave % 3 === 0) expect((await signIn(STAFF[wave % 3]!, 'typo-password', office)).status).toBe(401);
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) => signIn(STAFF[(wave + i) % 3]!, DEMO_PASSWORD, office)),
      );
      statuses.push(...results.map((r) => r.status));
    }
    expect(statuses).toHaveLength(60);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it(`stops password spraying from one address after ${SIGN_IN_LIMIT.max} wrong passwords`, async () => {
    const sprayer = '203.0.113.20';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await signIn(`person-${i}@example.com`, 'Summer2026!', sprayer)).status);
    expect(statuses.slice(0, SIGN_IN_LIMIT.max).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(SIGN_IN_LIMIT.max)).toEqual([429, 429]);
    // The address waits even with a right password; another address does not.
    const refused = await signIn('viewer@example.com', DEMO_PASSWORD, sprayer);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('x-retry-after'))).toBeGreaterThan(0);
    expect((await signIn('viewer@example.com', DEMO_PASSWORD, '203.0.113.21')).status).toBe(200);
  });

  it('counts parallel guesses as they arrive: a burst gets no more than the limit', async () => {
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(`burst-${i}@example.com`, 'wrong-password', '203.0.113.30')),
    );
    expect(burst.filter((r) => r.status === 401)).toHaveLength(SIGN_IN_LIMIT.max);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(30 - SIGN_IN_LIMIT.max);
  });

  it(`pauses an account after ${ACCOUNT_LIMIT.maxFailures} wrong passwords from as many addresses`, async () => {
    const email = 'steward@example.com';
    const statuses: number[] = [];
    for (let i = 0; i <= ACCOUNT_LIMIT.maxFailures; i++) {
      statuses.push((await signIn(email, `guess-${i}`, `198.51.100.${100 + i}`)).status);
    }
    expect(statuses).toEqual([...Array(ACCOUNT_LIMIT.maxFailures).fill(401), 429]);
    const paused = await signIn(email, DEMO_PASSWORD, '198.51.100.200');
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('x-retry-after'))).toBeGreaterThan(ACCOUNT_LIMIT.window - 60);
    // Those guesses were spread thin: none of the addresses is limited for the other accounts.
    expect((await signIn('viewer@example.com', DEMO_PASSWORD, '198.51.100.100')).status).toBe(200);
  });
});
