import { useMemo } from 'react';
import { checkRows, type RowIssue } from '@/lib/imports/check';
import { FAMILIES, type FamilyName } from '@/lib/imports/families';
import { carriesLiveAmount, REVERT_AMOUNT_CARRIED } from '@/lib/contract/console/reverts';

/** A row of the fix grid, and the live check of its cells (the same checkRows the import uses). */
export interface GridRow {
  rowNo: number;
  /** What the row is called: its line in the file, or its index in a sync body. */
  label: string;
  cells: string[];
  /** Why it failed: the service's codes, or the first check's. */
  issues: RowIssue[];
  status?: string;
}

export type LiveCheck = { errors: RowIssue[]; changed: boolean };

/** The live check of every row's current cells (edited or not). */
export function useLiveCheck(
  family: FamilyName,
  headers: readonly string[],
  mapping: readonly (string | null)[],
  rows: readonly GridRow[],
  edits: Readonly<Record<number, string[]>>,
  /** The import's origin: a revert's quota row keeping the live amount is named so, as the resend names it. */
  origin?: string,
) {
  return useMemo(() => {
    const fam = FAMILIES[family];
    const out = new Map<number, LiveCheck>();
    for (const row of rows) {
      const cells = edits[row.rowNo] ?? row.cells;
      const changed = cells.some((c, i) => c !== (row.cells[i] ?? ''));
      const checked = checkRows(fam, headers, mapping as (string | null)[], [{ line: 1, cells }]).rows[0]!;
      const carried = carriesLiveAmount({ family, origin, mapping }, cells);
      out.set(row.rowNo, { errors: carried ? [{ code: REVERT_AMOUNT_CARRIED }] : checked.errors, changed });
    }
    return out;
  }, [family, headers, mapping, rows, edits, origin]);
}
