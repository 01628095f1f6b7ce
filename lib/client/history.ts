import { useQuery } from '@tanstack/react-query';
import type { HistoryEntry, RecordType } from '@/lib/contract/history';
import { ApiError, errorFromBody, NETWORK_ERROR_SENTENCE } from './api-error';

/** The record's history, read from the console's audit log (app/api/history). */
export async function getRecordHistory(type: RecordType, id: number, signal?: AbortSignal): Promise<HistoryEntry[]> {
  let response: Response;
  try {
    response = await fetch(`/api/history/${type}/${id}`, { signal, credentials: 'same-origin', cache: 'no-store' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network_error', kind: 'network', sentence: NETWORK_ERROR_SENTENCE });
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw errorFromBody(response.status, json);
  return ((json as { entries?: HistoryEntry[] } | undefined)?.entries ?? []) as HistoryEntry[];
}

/**
 * `detailKey` is the record's detail key (lib/client/query-keys), so a write that invalidates the record
 * refreshes its history too. Always re-read on opening the page: the write may have come from another tab.
 */
export function useRecordHistory(type: RecordType, id: number, detailKey: readonly unknown[], enabled: boolean) {
  return useQuery({
    queryKey: [...detailKey, 'history'],
    queryFn: ({ signal }) => getRecordHistory(type, id, signal),
    staleTime: 0,
    enabled,
  });
}
