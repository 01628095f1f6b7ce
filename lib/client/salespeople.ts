import { queryOptions, useQuery } from '@tanstack/react-query';
import { isSalespeople, SALESPEOPLE_PATH, type Salesperson } from '@/lib/contract/salespeople';
import { ApiError, errorFromBody, INVALID_RESPONSE_SENTENCE, NETWORK_ERROR_SENTENCE } from './api-error';

/** Query key of the salesperson list (ids and names), read by pickers and by names shown in lists. */
export const salespeopleKey = ['salespeople'] as const;

async function getSalespeople(signal?: AbortSignal): Promise<Salesperson[]> {
  let response: Response;
  try {
    response = await fetch(SALESPEOPLE_PATH, { signal, credentials: 'same-origin', cache: 'no-store' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network_error', kind: 'network', sentence: NETWORK_ERROR_SENTENCE });
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw errorFromBody(response.status, json);
  if (!isSalespeople(json)) {
    throw new ApiError({ status: response.status, code: 'invalid_response', kind: 'invalid_response', sentence: INVALID_RESPONSE_SENTENCE });
  }
  return json;
}

function salespeopleQueryOptions() {
  return queryOptions({ queryKey: salespeopleKey, queryFn: ({ signal }) => getSalespeople(signal), staleTime: 5 * 60_000 });
}

export function useSalespeopleQuery() {
  return useQuery(salespeopleQueryOptions());
}
