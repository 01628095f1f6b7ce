import { useInfiniteQuery } from '@tanstack/react-query';
import type { HistoryPage, RecordType } from '@/lib/contract/history';
import { ApiError, errorFromBody, NETWORK_ERROR_SENTENCE } from './api-error';

/** One page of the record's history, read from the console's audit log (app/api/history); `older` continues. */
export async function getRecordHistory(type: RecordType, id: number, older: string | null, signal?: AbortSignal): Promise<HistoryPage> {
  let response: Response;
  const query = older ? `?older=${encodeURIComponent(older)}` : '';
  try {
    response = await fetch(`/api/history/${type}/${id}${query}`, { signal, credentials: 'same-origin', cache: 'no-store' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network_error', kind: 'network', sentence: NETWORK_ERROR_SENTENCE });
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw errorFromBody(response.status, json);
  const page = json as Partial<HistoryPage> | undefined;
  return { entries: page?.entries ?? [], older: page?.older ?? null };
}

/**
 * `detailKey` is the record's detail key (lib/client/query-keys), so a write that invalidates the record
 * refreshes its history too. Always re-read on opening the page: the write may have come from another tab.
 * Pages: "Show older" reads the next one.
 */
export function useRecordHistory(type: RecordType, id: number, detailKey: readonly unknown[], enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...detailKey, 'history'],
    queryFn: ({ signal, pageParam }) => getRecordHistory(type, id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.older,
    staleTime: 0,
    enabled,
  });
}
