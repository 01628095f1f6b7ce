import { useQuery } from '@tanstack/react-query';
import { historyApi } from '@/lib/contract/console/history';
import type { HistoryEntry, RecordType } from '@/lib/contract/history';
import { consoleFetch } from './console-fetch';
import { historyKeys } from './console-keys';

/** The record's history, read from the console's audit log (app/api/history). */
export async function getRecordHistory(type: RecordType, id: number, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return (await consoleFetch(historyApi.record, { params: { type, id }, signal })).entries;
}

/**
 * `detailKey` is the record's detail key (lib/client/query-keys), so a write that invalidates the record
 * refreshes its history too. Always re-read on opening the page: the write may have come from another tab.
 */
export function useRecordHistory(type: RecordType, id: number, detailKey: readonly unknown[], enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.of(detailKey),
    queryFn: ({ signal }) => getRecordHistory(type, id, signal),
    staleTime: 0,
    enabled,
  });
}
