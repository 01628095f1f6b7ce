import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../../db';
import type { RowIssue } from '@/lib/imports/check';
import type { PredictedKind } from '@/lib/contract/console/import-files';

/**
 * The imports tables (migration 0050): an import, its rows with their outcomes, and saved column mappings.
 * Raw SQL on purpose: the bulk statements (a part of 5,000 rows, a chunk's 200 outcomes) are one statement
 * each over jsonb_to_recordset, the same on PGlite and Postgres.
 */

export type Db = Kysely<ConsoleDatabase>;

// What the endpoints answer is the contract's (lib/contract/console/imports.ts).
export {
  ROW_STATUSES,
  type ImportMeta,
  type ImportOrigin,
  type ImportView,
  type RowAttempt,
  type RowOutcomeStatus,
  type RowStatus,
  type RowView,
} from '@/lib/contract/console/imports';

export interface UploadRow {
  rowNo: number;
  line: number;
  cells: string[];
  /** Null when the check held the row back. */
  item: Record<string, unknown> | null;
  errors: RowIssue[];
  warnings: RowIssue[];
  /** "Compare with live data" found that the row changes nothing and the user chose to skip such rows. */
  skip?: boolean;
  /** The record's values the console read before sending (comparison, bulk edit's review); {} when none matched. */
  before?: Record<string, unknown> | null;
  /** What "Compare with live data" said the row would do (it was sent expecting to succeed). */
  predicted?: PredictedKind;
}

export const json = (value: unknown) => JSON.stringify(value);
