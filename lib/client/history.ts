import { useInfiniteQuery } from '@tanstack/react-query';
import type { HistoryPage, RecordType } from '@/lib/contract/history';
import { consoleFetch } from './console-fetch';
import { historyKeys } from './console-keys';

// The endpoint entries carry the server's zod schemas: they load with the first call, not with the page.
const history = () => import('@/lib/contract/console/history').then((m) => m.historyApi);

/** One page of the record's history, read from the console's audit log (app/api/history); `older` continues. */
export async function getRecordHistory(
  type: RecordType,
  id: number,
  older: string | null,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const page = await consoleFetch((await history()).record, { params: { type, id }, query: { older }, signal });
  return { entries: page.entries ?? [], older: page.older ?? null };
}

/**
 * `detailKey` is the record's detail key (lib/client/query-keys), so a write that invalidates the record
 * refreshes its history too. Always re-read on opening the page: the write may have come from another tab.
 * Pages: "Show older" reads the next one.
 */
export function useRecordHistory(type: RecordType, id: number, detailKey: readonly unknown[], enabled: boolean) {
  return useInfiniteQuery({
    queryKey: historyKeys.of(detailKey),
    queryFn: ({ signal, pageParam }) => getRecordHistory(type, id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.older,
    staleTime: 0,
    enabled,
  });
}
