import 'server-only';
import { headers as requestHeaders } from 'next/headers';
import { cache } from 'react';
import { isRole, type Role } from '@/lib/contract/roles';
import type { SecondFactorState } from '@/lib/contract/two-factor';
import { parseAmr } from './amr';
import { builtOn, type ConsoleAuth } from './create';
import { getAuth } from './instance';
import { secondFactorState } from './two-factor-state';
import { touchSession } from './session-activity';

export type CurrentUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The session's `amr` from an SSO sign-in's ID token (none for a password sign-in): see ./second-factor.ts. */
  amr?: string[];
};

/** A signed-in session and what it still owes: `ok`, or enrolment / a code before anything else. */
export type SessionRead = { user: CurrentUser; secondFactor: SecondFactorState };

/**
 * Reads a session through the given auth instance. A disabled account or an unknown role counts as signed
 * out: the role is read from the user row on every request (no cookie cache), so changes apply at once. The
 * second factor is the console's own check, whatever path signed in (password, passkey, SSO).
 */
export async function readSession(auth: ConsoleAuth, headers: Headers): Promise<SessionRead | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const { user, session } = result;
  if (user.banned || !isRole(user.role)) return null;
  const { db, mode } = builtOn(auth);
  void touchSession(db, session.id);
  const amr = parseAmr(session.amr);
  const secondFactor = await secondFactorState(
    db,
    { userId: user.id, email: user.email, role: user.role, sessionId: session.id, amr },
    mode,
  );
  return { user: { id: user.id, email: user.email, name: user.name, role: user.role, amr }, secondFactor };
}

/** The session's person, or null when signed out or while a second factor is still owed. */
export async function readCurrentUser(auth: ConsoleAuth, headers: Headers): Promise<CurrentUser | null> {
  const read = await readSession(auth, headers);
  return read?.secondFactor === 'ok' ? read.user : null;
}

/**
 * The signed-in staff member of this request, or null. Works in route handlers, server actions and server
 * components; pass the request's headers where they are at hand.
 */
export async function getCurrentUser(headers?: Headers): Promise<CurrentUser | null> {
  if (headers) return readCurrentUser(await getAuth(), headers);
  const read = await currentRequestSession();
  return read?.secondFactor === 'ok' ? read.user : null;
}

/** Layout and page of one render ask once (React's per-request cache; a plain call elsewhere). */
export const currentRequestSession = cache(async (): Promise<SessionRead | null> => {
  // Headers first: reading them marks the render as per-request, so `next build` never opens the database.
  const source = await requestHeaders();
  return readSession(await getAuth(), source);
});
