import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InternalUser } from '@/lib/contract/internal-users';
import { fetchAllPages } from '../lists';
import { internalUserKeys } from '../query-keys';

export function internalUsersQueryOptions() {
  return queryOptions({
    queryKey: internalUserKeys.everything(),
    // Every back-office user, all pages: user pages read a single user from this list (there is no single-user GET).
    queryFn: ({ signal }) => fetchAllPages('internalUsers', {}, { signal }),
    staleTime: 5 * 60_000,
  });
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
