import { queryOptions, useQuery } from '@tanstack/react-query';
import { company } from '@/lib/contract/resources';
import { apiFetch } from '../fetcher';
import { companyKeys } from '../query-keys';

export function getCompany(id: number, signal?: AbortSignal) {
  return apiFetch({ path: `/v1/companies/${id}`, schema: company, signal });
}

export function companyQueryOptions(id: number) {
  return queryOptions({ queryKey: companyKeys.detail(id), queryFn: ({ signal }) => getCompany(id, signal) });
}

export function useCompany(id: number) {
  return useQuery(companyQueryOptions(id));
}
