'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Role } from '@/lib/contract/roles';

export type CurrentUser = { id: string; email: string; name: string; role: Role };

const CurrentUserContext = createContext<CurrentUser | null>(null);

/** Filled once by the console layout from the server session. */
export function CurrentUserProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

/**
 * The signed-in staff member, for showing and hiding what their role may use. Only a convenience: the
 * server checks the role again on every request.
 */
export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is used outside the console layout (no CurrentUserProvider).');
  return user;
}
