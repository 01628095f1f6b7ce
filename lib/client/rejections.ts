import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RejectionFilters } from '@/lib/contract/console/rejection-types';
import { consoleDownload, consoleFetch } from './console-fetch';
import { rejectionKeys } from './console-keys';

// The endpoint entries carry the server's zod schemas: they load with the first call, not with the page.
const api = () => import('@/lib/contract/console/rejections').then((m) => m.rejectionsApi);

/** The rejections the page's filters (its URL) select, grouped by cause. */
export function useRejections(filters: RejectionFilters) {
  return useQuery({
    queryKey: rejectionKeys.list(filters),
    queryFn: async ({ signal }) => consoleFetch((await api()).list, { query: { ...filters }, signal }),
    placeholderData: (previous) => previous,
  });
}

/** The ERP's own items of these rejections, for the fix grid. */
export async function fetchRejectionItems(ids: string[]) {
  return consoleFetch((await api()).items, { body: { ids } });
}

/** Dismisses rejections with a reason; sent once, and the lists are read again after. */
export function useDismiss() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { ids: string[]; reason: string }) =>
      consoleFetch((await api()).dismiss, { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: rejectionKeys.all }),
  });
}

/** Records an uploaded integration log's calls; sent once (a call found twice is recorded once anyway). */
export async function uploadLog(text: string, fileName: string) {
  return consoleFetch((await api()).upload, { body: { text, fileName } });
}

export async function downloadReport(filters: RejectionFilters, format: 'csv' | 'xlsx') {
  await consoleDownload((await api()).report, { query: { ...filters, format } }, `rejections.${format}`);
}
