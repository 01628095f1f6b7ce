import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { internalUser, type InternalUser } from '@/lib/contract/internal-users';
import type { ListFilters } from '@/lib/contract/lists';
import { fetchAllPages, fetchListPage, type AllPagesProgress, type ListQuery } from '../lists';
import { internalUserKeys } from '../query-keys';

/** One page of the tenant's back-office users (the Users list). */
export function getInternalUsers(query: ListQuery<'internalUsers'>, signal?: AbortSignal) {
  return fetchListPage('internalUsers', '/v1/internal-users', internalUser, query, signal);
}

/**
 * Every back-office user of a filtered list, all pages (the export; unfiltered, the one cached list that
 * user pages read a single user from, as there is no single-user GET).
 */
export function getAllInternalUsers(
  filters: ListFilters<'internalUsers'> = {},
  options?: { signal?: AbortSignal; onProgress?: (p: AllPagesProgress) => void },
) {
  return fetchAllPages('internalUsers', '/v1/internal-users', internalUser, filters, options);
}

export function internalUsersPageQueryOptions(query: ListQuery<'internalUsers'>) {
  return queryOptions({
    queryKey: internalUserKeys.list(query),
    queryFn: ({ signal }) => getInternalUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function internalUsersQueryOptions() {
  return queryOptions({
    queryKey: internalUserKeys.everything(),
    queryFn: ({ signal }) => getAllInternalUsers({}, { signal }),
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
  return useQuery({ ...internalUsersQueryOptions(), staleTime: 0, select: (users: InternalUser[]) => users.find((u) => u.id === id) ?? null });
}

/** "Chen Mei (mei.chen)" — the name people know, with the account to tell namesakes apart. */
export function userLabel(user: InternalUser): string {
  const name = user.name?.trim() || user.account?.trim() || `#${user.id}`;
  return user.account && user.name?.trim() ? `${name} (${user.account})` : name;
}
