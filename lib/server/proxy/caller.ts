import 'server-only';
import { AUTH_CHANGES_CHANNEL } from '../db';
import { getConsoleDb, watchConsoleDb } from '../process';
import { getEnv } from '../env';
import type { ProxyUser } from './handler';
import { createSessionReader } from './session-check';

/**
 * Who is calling, for the signing proxy and the console's own endpoints alike: one session reader (one
 * indexed read, cached until the database reports a change to a session or account) and one list of the
 * console's origins. A page render reads the session through better-auth instead (lib/server/auth/session),
 * which also renews it.
 */

export type SessionUser = ProxyUser;

/** localhost and 127.0.0.1 are the same console to a demo user; both may post. */
export function withLoopbackTwin(origin: string): string[] {
  const url = new URL(origin);
  const out = [url.origin];
  if (url.hostname === 'localhost') out.push(url.origin.replace('//localhost', '//127.0.0.1'));
  else if (url.hostname === '127.0.0.1') out.push(url.origin.replace('//127.0.0.1', '//localhost'));
  return out;
}

/** Where a write may come from besides the request's own origin: CONSOLE_URL and its loopback twin. */
export function consoleOrigins(): string[] {
  return withLoopbackTwin(getEnv().consoleUrl);
}

let reader: ((headers: Headers) => Promise<SessionUser | null>) | null = null;

/** The signed-in person of a request, or null (signed out, expired, disabled, or not a console role). */
export function sessionUser(headers: Headers): Promise<SessionUser | null> {
  reader ??= createSessionReader(
    async () => await getConsoleDb(),
    getEnv().auth.secret,
    async (onChange) => (await watchConsoleDb(AUTH_CHANGES_CHANNEL, onChange)) !== null,
    { demoMode: getEnv().demoMode, adminsByDefault: getEnv().auth.twoFactorAdmins },
  );
  return reader(headers);
}
