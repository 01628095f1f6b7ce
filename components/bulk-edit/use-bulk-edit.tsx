'use client';

import { useCurrentUser } from '@/components/session/current-user';
import { can } from '@/lib/contract/roles';
import { BulkEdit, type BulkField } from './bulk-edit';
import { useBulkSelection } from './use-bulk-selection';

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
