'use client';

import { useCurrentUser } from '@/components/session/current-user';
import { can } from '@/lib/contract/roles';
import { BulkEdit, type BulkField } from './bulk-edit';
import { useBulkSelection, useListFilters } from './use-bulk-selection';
import { fetchAllPages } from '@/lib/client/lists';
import type { ListItem } from '@/lib/contract/endpoints';

/**
 * Bulk edit on a list (issue 15): stewards and admins tick rows, or take every row matching the filters. Gives
 * the list its selection column and the toolbar's "Bulk edit" action (null for other roles).
 */
export function useBulkEdit<Row extends { id: number; outerSysCode: string | null; name?: string | null }>(
  fields: BulkField<Row>[],
  fetchAllMatching: () => Promise<Row[]>,
) {
  const user = useCurrentUser();
  const bulk = useBulkSelection<Row>(can(user.role, 'runImports'));
  const action = bulk.enabled ? (
    <BulkEdit fields={fields} selected={bulk.selected} onClear={bulk.clear} fetchAllMatching={fetchAllMatching} />
  ) : null;
  return { withSelection: bulk.withSelection, selection: bulk.selection, action };
}

/**
 * Bulk edit on a master-data list: "every row matching the filters" reads all of the list's pages as the URL
 * filters it now.
 */
export function useListBulkEdit<L extends 'companies' | 'products' | 'skus'>(
  list: L,
  fields: BulkField<ListItem<L>>[],
) {
  const filters = useListFilters(list);
  return useBulkEdit(fields, () => fetchAllPages(list, filters));
}
