import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { company } from '@/lib/contract/resources';
import type { ListFilters } from '@/lib/contract/lists';
import { fetchAllPages, fetchListPage, type AllPagesProgress, type ListQuery } from '../lists';
import { companyKeys } from '../query-keys';

export function getCompanies(query: ListQuery<'companies'>, signal?: AbortSignal) {
  return fetchListPage('companies', '/v1/companies', company, query, signal);
}

export function getAllCompanies(
  filters: ListFilters<'companies'>,
  options?: { signal?: AbortSignal; onProgress?: (p: AllPagesProgress) => void },
) {
  return fetchAllPages('companies', '/v1/companies', company, filters, options);
}

export function companiesQueryOptions(query: ListQuery<'companies'>) {
  return queryOptions({
    queryKey: companyKeys.list(query),
    queryFn: ({ signal }) => getCompanies(query, signal),
    // Keep the current rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(query: ListQuery<'companies'>) {
  return useQuery(companiesQueryOptions(query));
}
