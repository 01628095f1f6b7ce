import type { FamilyName } from '@/lib/contract/console/import-files';
import type { RowStatus } from '@/lib/contract/console/imports';

/**
 * Query keys of the console's own endpoints (lib/contract/console), one factory per area as
 * lib/client/query-keys.ts has for /v1: `all` ⊃ `lists()` and `all` ⊃ `details()` ⊃ `detail(id)` ⊃ what is
 * read about that one (an import's rows). A write invalidates exactly the lists and the detail it changed.
 */
export const importKeys = {
  all: ['imports'] as const,
  lists: () => ['imports', 'list'] as const,
  details: () => ['imports', 'detail'] as const,
  detail: (id: string) => ['imports', 'detail', id] as const,
  /** Every page of the import's rows read so far. */
  allRows: (id: string) => ['imports', 'detail', id, 'rows'] as const,
  /** A page of the import's rows, as shown (status filter, how many). */
  rows: (id: string, query: { status: RowStatus | 'mispredicted' | ''; limit: number }) =>
    [...importKeys.allRows(id), query] as const,
  /** The rows "Fix in place" holds: failed, unknown and not sent. */
  toFix: (id: string) => ['imports', 'detail', id, 'to-fix'] as const,
  /** The caller's saved column mapping of a family. */
  mapping: (family: FamilyName) => ['imports', 'mapping', family] as const,
};

export const exportKeys = {
  all: ['exports'] as const,
  lists: () => ['exports', 'list'] as const,
  /** The caller's own export jobs. */
  mine: () => ['exports', 'list', 'mine'] as const,
};

export const quotaKeys = {
  all: ['quotas'] as const,
  /** Every row of a dashboard's filter and sort (`?tab=credit&q=…`), for the CSV export. */
  rows: (search: string) => ['quotas', 'rows', search] as const,
};

/** Jobs of the runtime as the pages follow them: the latest of a kind (the quota snapshot's refresh). */
export const jobKeys = {
  all: ['jobs'] as const,
  latest: (kind: 'quota-refresh') => ['jobs', 'latest', kind] as const,
};

/**
 * A record's History hangs under the record's detail key (lib/client/query-keys), so the write that
 * invalidates the record refreshes its History too.
 */
export const historyKeys = {
  of: (detailKey: readonly unknown[]) => [...detailKey, 'history'] as const,
};

/**
 * "Needs attention": the navigation's count, the home, a rule's findings pages. A record's findings hang under
 * its detail key (as History does), so the save that invalidates the record shows its finding resolved.
 */
export const attentionKeys = {
  all: ['attention'] as const,
  count: () => ['attention', 'count'] as const,
  findings: (rule: string, query: { state: string; page: number; pageSize: number }) =>
    ['attention', 'findings', rule, query] as const,
  ofRecord: (detailKey: readonly unknown[]) => [...detailKey, 'attention'] as const,
};

/** The rows an ERP sync could not apply (the steward's rejections page), by its filters. */
export const rejectionKeys = {
  all: ['rejections'] as const,
  list: (filters: object) => ['rejections', 'list', filters] as const,
};
