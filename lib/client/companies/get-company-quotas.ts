import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditQuota, pointQuota } from '@/lib/contract/resources';
import { apiFetch } from '../fetcher';
import { companyKeys } from '../query-keys';

export function getCreditQuota(companyId: number, signal?: AbortSignal) {
  return apiFetch({ path: `/v1/companies/${companyId}/credit-quota`, schema: creditQuota, signal });
}

export function getPointQuota(companyId: number, signal?: AbortSignal) {
  return apiFetch({ path: `/v1/companies/${companyId}/point-quota`, schema: pointQuota, signal });
}

export function creditQuotaQueryOptions(companyId: number) {
  return queryOptions({ queryKey: companyKeys.creditQuota(companyId), queryFn: ({ signal }) => getCreditQuota(companyId, signal) });
}

export function pointQuotaQueryOptions(companyId: number) {
  return queryOptions({ queryKey: companyKeys.pointQuota(companyId), queryFn: ({ signal }) => getPointQuota(companyId, signal) });
}

export function useCreditQuota(companyId: number) {
  return useQuery(creditQuotaQueryOptions(companyId));
}

export function usePointQuota(companyId: number) {
  return useQuery(pointQuotaQueryOptions(companyId));
}
