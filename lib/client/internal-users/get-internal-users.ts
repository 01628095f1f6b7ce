import { useQuery } from '@tanstack/react-query';
import type { InternalUser } from '@/lib/contract/internal-users';
import { wholeListQueryOptions } from '../queries';

// Every back-office user: user pages read a single user from this list (there is no single-user GET).
export function internalUsersQueryOptions() {
  return wholeListQueryOptions('internalUsers');
}

export function useInternalUsers() {
  return useQuery(internalUsersQueryOptions());
}

/**
 * One back-office user, read from the full list (there is no single-user GET); `null` when no user has
 * that id. Re-read on every visit: an admin acting on a user must see the user as it is now.
 */
export function useInternalUser(id: number) {
  return useQuery({
    ...internalUsersQueryOptions(),
    staleTime: 0,
    select: (users: InternalUser[]) => users.find((u) => u.id === id) ?? null,
  });
}

/** "Chen Mei (mei.chen)" — the name people know, with the account to tell namesakes apart. */
export function userLabel(user: InternalUser): string {
  const name = user.name?.trim() || user.account?.trim() || `#${user.id}`;
  return user.account && user.name?.trim() ? `${name} (${user.account})` : name;
}
