import { queryOptions, useQuery } from '@tanstack/react-query';
import { salespeopleApi } from '@/lib/contract/console/salespeople';
import { isSalespeople, type Salesperson } from '@/lib/contract/salespeople';
import { ApiError, INVALID_RESPONSE_SENTENCE } from './api-error';
import { consoleFetch } from './console-fetch';

/** Query key of the salesperson list (ids and names), read by pickers and by names shown in lists. */
export const salespeopleKey = ['salespeople'] as const;

async function getSalespeople(signal?: AbortSignal): Promise<Salesperson[]> {
  const rows = await consoleFetch(salespeopleApi.list, { signal });
  // Checked here too: names from this list are shown in every list page, and a wrong shape must not render.
  if (!isSalespeople(rows)) {
    throw new ApiError({
      status: 200,
      code: 'invalid_response',
      kind: 'invalid_response',
      sentence: INVALID_RESPONSE_SENTENCE,
    });
  }
  return rows;
}

function salespeopleQueryOptions() {
  return queryOptions({
    queryKey: salespeopleKey,
    queryFn: ({ signal }) => getSalespeople(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSalespeopleQuery() {
  return useQuery(salespeopleQueryOptions());
}
