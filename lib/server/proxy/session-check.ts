import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getSessionCookie } from 'better-auth/cookies';
import { sql, type Kysely } from 'kysely';
import { isRole } from '@/lib/contract/roles';
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
 * The proxy's session check: ONE indexed read (session by its unique token, joined to its user) instead of
 * better-auth's full getSession pipeline, because it runs on every /v1 call a page makes.
 * Same rules as lib/server/auth/session.ts: the cookie must carry better-auth's signature (HMAC-SHA256 of
 * the token with the auth secret, the scheme of better-call's signed cookies), the session must not have
 * expired, the account must not be disabled and its role must be a console role, all read from the database
 * on every request, so a disabled account or a changed role applies at once. Sessions are refreshed by the
 * pages (getCurrentUser), not here.
 */
export function createSessionReader(
  getDb: () => Promise<Kysely<unknown>>,
  secret: string,
): (headers: Headers) => Promise<ProxyUser | null> {
  return async (headers) => {
    const value = getSessionCookie(headers);
    if (!value) return null;
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const token = value.slice(0, dot);
    if (!validSignature(secret, token, value.slice(dot + 1))) return null;

    const db = await getDb();
    const { rows } = await sql<{ id: string; email: string; role: string | null; banned: boolean | null }>`
      select u.id, u.email, u.role, u.banned
      from "session" s join "user" u on u.id = s."userId"
      where s.token = ${token} and s."expiresAt" > now()
    `.execute(db);
    const user = rows[0];
    if (!user || user.banned || !isRole(user.role)) return null;
    return { id: user.id, email: user.email, role: user.role };
  };
}
