import 'server-only';
import { headers as requestHeaders } from 'next/headers';
import { cache } from 'react';
import { isRole, type Role } from '@/lib/contract/roles';
import { parseAmr } from './amr';
import type { ConsoleAuth } from './create';
import { getAuth } from './instance';

export type CurrentUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The session's `amr` from an SSO sign-in's ID token (none for a password sign-in): see ./second-factor.ts. */
  amr?: string[];
};

/**
 * Reads a session through the given auth instance. A disabled account or an unknown role counts as signed
 * out: the role is read from the user row on every request (no cookie cache), so changes apply at once.
 */
export async function readCurrentUser(auth: ConsoleAuth, headers: Headers): Promise<CurrentUser | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const { user } = result;
  if (user.banned || !isRole(user.role)) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, amr: parseAmr(result.session.amr) };
}

/**
 * The signed-in staff member of this request, or null. Works in route handlers, server actions and server
 * components; pass the request's headers where they are at hand.
 */
export async function getCurrentUser(headers?: Headers): Promise<CurrentUser | null> {
  if (headers) return readCurrentUser(await getAuth(), headers);
  return currentRequestUser();
}

/** Layout and page of one render ask once (React's per-request cache; a plain call elsewhere). */
const currentRequestUser = cache(async (): Promise<CurrentUser | null> => {
  // Headers first: reading them marks the render as per-request, so `next build` never opens the database.
  const source = await requestHeaders();
  return readCurrentUser(await getAuth(), source);
});
