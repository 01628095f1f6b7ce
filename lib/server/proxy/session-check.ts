import 'server-only';
import { logger } from '../log';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getSessionCookie } from 'better-auth/cookies';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '@/lib/server/db';
import { LRUCache } from 'lru-cache';
import { isRole } from '@/lib/contract/roles';
import { amrOf, secondFactorState, touchSession, type TwoFactorMode } from '../auth';
import type { ProxyUser } from './handler';

/**
 * better-call's cookie signature: base64 HMAC-SHA256 of the token, keyed with the auth secret. Checked with
 * node:crypto synchronously and in constant time: Web Crypto would cost two thread-pool round trips
 * (importKey, verify) on every proxied request.
 */
function validSignature(secret: string, token: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/]{43}=$/.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(token, 'utf8').digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Subscribes to every change of the session and user tables. Resolves to true only when each change is
 * reported before the statement that made it returns (see ConsoleDbConnection.watch); otherwise false, and
 * nothing is cached.
 */
export type WatchAuthChanges = (onChange: () => void) => Promise<boolean>;

type Cached = { user: ProxyUser; sessionId: string; expiresAt: number };

/** Sessions kept at most; past that the least recently used go first. */
const CACHE_SIZE = 10_000;

/**
 * The proxy's session check. It runs on every /v1 call a page makes, so it is one indexed read (session by
 * its unique token, joined to its user) and one of its second-factor state, instead of better-auth's full
 * getSession pipeline, and with
 * `watchChanges` not even that: a valid session read once is served from memory until the database reports
 * a change to any session or account (a trigger's NOTIFY, migration 0030).
 *
 * Same rules as lib/server/auth/session.ts: the cookie must carry better-auth's signature (HMAC-SHA256 of the
 * token with the auth secret, the scheme of better-call's signed cookies), the session must not have expired,
 * the account must not be disabled and its role must be a console role. A disabled account, a changed role or
 * a sign-out applies on the next request, cached or not. Only valid sessions are cached, so unknown tokens
 * cannot fill the cache. Sessions are refreshed by the pages (getCurrentUser), not here; their use is noted here too.
 */
export function createSessionReader(
  getDb: () => Promise<Kysely<ConsoleDatabase>>,
  secret: string,
  watchChanges?: WatchAuthChanges,
  twoFactorMode: TwoFactorMode = { demoMode: false },
): (headers: Headers) => Promise<ProxyUser | null> {
  const cache = new LRUCache<string, Cached>({ max: CACHE_SIZE });
  let watching: 'no' | 'starting' | 'yes' | 'never' = 'no';
  // Bumped by every change notice: a read that a change overlapped may hold the old answer and is not kept.
  let generation = 0;

  function startWatching() {
    if (!watchChanges || watching !== 'no') return;
    watching = 'starting';
    watchChanges(() => {
      generation++;
      cache.clear();
    }).then(
      (ok) => {
        // A database that cannot promise the order gets no cache, for good; a failure is tried again later.
        watching = ok ? 'yes' : 'never';
      },
      (error: unknown) => {
        watching = 'no';
        logger().warn(
          { source: 'proxy', error: error instanceof Error ? error.message : error },
          'session cache off, cannot listen for changes',
        );
      },
    );
  }

  return async (headers) => {
    const value = getSessionCookie(headers);
    if (!value) return null;

    startWatching();
    const caching = watching === 'yes';
    // Keyed by the whole signed value (token and signature): only a value whose signature was checked is ever
    // stored, so a hit needs no second HMAC (about a third of this check's time, bench:proxy).
    if (caching) {
      const hit = cache.get(value);
      if (hit && hit.expiresAt > Date.now()) {
        // "Last active" in Settings: a map look-up here, a write every few minutes (lib/server/auth/session-activity.ts).
        touchSession(getDb, hit.sessionId);
        return hit.user;
      }
    }

    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const token = value.slice(0, dot);
    if (!validSignature(secret, token, value.slice(dot + 1))) return null;

    const seen = generation;
    const db = await getDb();
    const { rows } = await sql<{
      id: string;
      email: string;
      role: string | null;
      banned: boolean | null;
      expiresAt: Date | string;
      sessionId: string;
      amr: unknown;
    }>`
      select u.id, u.email, u.role, u.banned, s."expiresAt", s.id as "sessionId", to_jsonb(s) -> 'amr' as amr
      from "session" s join "user" u on u.id = s."userId"
      where s.token = ${token} and s."expiresAt" > now()
    `.execute(db);
    const row = rows[0];
    if (!row || row.banned || !isRole(row.role)) return null;
    const user: ProxyUser = { id: row.id, email: row.email, role: row.role };
    // A session that still owes its second factor may do nothing but give it (lib/server/auth/two-factor-state.ts).
    const subject = { userId: row.id, email: row.email, role: row.role, sessionId: row.sessionId, amr: amrOf(row.amr) };
    if ((await secondFactorState(db, subject, twoFactorMode)) !== 'ok') return null;
    touchSession(db, row.sessionId);
    if (caching && generation === seen)
      cache.set(value, { user, sessionId: row.sessionId, expiresAt: new Date(row.expiresAt).getTime() });
    return user;
  };
}
