import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FindingState } from '@/lib/contract/attention';
import { attentionCount } from '@/lib/contract/console/attention-count';
import { consoleFetch } from './console-fetch';
import { attentionKeys } from './console-keys';

// The endpoint entries carry the server's zod schemas: they load with the first call, not with the page. The
// navigation's count, on every page, has a zod-free entry of its own.
const api = () => import('@/lib/contract/console/attention').then((m) => m.attentionApi);

export type FindingsQuery = { state: FindingState; page: number; pageSize: number };

/**
 * The navigation's count of open findings for the person's role. Read again when the person opens another page
 * (`path` changes) once it is a few seconds old, so it follows the page's data.
 */
export function useAttentionCount(path: string) {
  const client = useQueryClient();
  const count = useQuery({
    queryKey: attentionKeys.count(),
    queryFn: async ({ signal }) => (await consoleFetch(attentionCount, { signal })).total,
    staleTime: 5_000,
  });
  useEffect(() => {
    void client.refetchQueries({ queryKey: attentionKeys.count(), stale: true });
  }, [client, path]);
  return count;
}

/** A rule's findings, one page, as the list's URL says. */
export function useFindings(rule: string, query: FindingsQuery) {
  return useQuery({
    queryKey: attentionKeys.findings(rule, query),
    queryFn: async ({ signal }) =>
      consoleFetch((await api()).findings, { params: { rule }, query: { ...query }, signal }),
    placeholderData: (previous) => previous,
    // The server read this page with the document: not again on hydration (the table would dim while it did).
    staleTime: 10_000,
  });
}

/** A record's open and accepted findings, under its detail key: the save that changes the record re-reads them. */
export function useRecordFindings(resource: string, id: number, detailKey: readonly unknown[]) {
  return useQuery({
    queryKey: attentionKeys.ofRecord(detailKey),
    queryFn: async ({ signal }) => consoleFetch((await api()).record, { params: { resource, id }, signal }),
    // What the page's own document brought (prefetchRecordPage) is seconds old: read again at once, it loaded the
    // contract's schemas inside a phone's first seconds. A save re-reads it whatever its age (invalidated).
    staleTime: 5_000,
  });
}

/**
 * Accepts an open finding as an exception, or reopens an accepted one. Sent once: never repeated on failure
 * (the caller says whether it was refused or its outcome is unknown). Every attention read is re-read after.
 */
export function useFindingDecision() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ predicate: (q) => q.queryKey.includes('attention') });
  const accept = useMutation({
    mutationFn: async (input: { id: string; reason: string; expiresAt: string | null }) =>
      consoleFetch((await api()).accept, {
        params: { id: input.id },
        body: { reason: input.reason, expiresAt: input.expiresAt },
      }),
    onSettled: refresh,
  });
  const reopen = useMutation({
    mutationFn: async (id: string) => consoleFetch((await api()).reopen, { params: { id } }),
    onSettled: refresh,
  });
  return { accept, reopen };
}
