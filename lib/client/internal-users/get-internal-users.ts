import { queryOptions, useQuery } from '@tanstack/react-query';
import { internalUser, type InternalUser } from '@/lib/contract/resources';
import { fetchAllPages } from '../lists';
import { internalUserKeys } from '../query-keys';

/**
 * The tenant's back-office users, all pages. There is no single-user GET, so salesperson names and the
 * salesperson picker both read this one cached list.
 */
export function getAllInternalUsers(signal?: AbortSignal) {
  return fetchAllPages('internalUsers', '/v1/internal-users', internalUser, {}, { signal });
}

export function internalUsersQueryOptions() {
  return queryOptions({
    queryKey: internalUserKeys.everything(),
    queryFn: ({ signal }) => getAllInternalUsers(signal),
    staleTime: 5 * 60_000,
  });
}

export function useInternalUsers() {
  return useQuery(internalUsersQueryOptions());
}

/** "Chen Mei (mei.chen)" — the name people know, with the account to tell namesakes apart. */
export function userLabel(user: InternalUser): string {
  const name = user.name?.trim() || user.account?.trim() || `#${user.id}`;
  return user.account && user.name?.trim() ? `${name} (${user.account})` : name;
}
