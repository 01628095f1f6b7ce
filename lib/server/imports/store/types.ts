import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../../db/types';
import type { RowIssue } from '@/lib/csv/check';
import type { FamilyName } from '@/lib/csv/families';

/**
 * The imports tables (migration 0050): an import, its rows with their outcomes, and saved column mappings.
 * Raw SQL on purpose: the bulk statements (a part of 5,000 rows, a chunk's 200 outcomes) are one statement
 * each over jsonb_to_recordset, the same on PGlite and Postgres.
 */

export type Db = Kysely<ConsoleDatabase>;

export const ROW_STATUSES = ['created', 'updated', 'ok', 'failed', 'unknown', 'not_sent', 'skipped'] as const;
/** What a row shows: its outcome, or pending/sending while the job runs. */
export type RowStatus = (typeof ROW_STATUSES)[number] | 'pending' | 'sending';

export type { ImportOrigin } from '@/lib/csv/import-api';
import type { ImportOrigin } from '@/lib/csv/import-api';

export interface ImportMeta {
  family: FamilyName;
  fileName: string;
  encoding: string;
  delimiter: string;
  headers: string[];
  mapping: (string | null)[];
  totalRows: number;
  /** Where the rows came from (file, bulk edit, pasted failed sync): how History files the writes. */
  origin?: ImportOrigin;
}

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
}

export interface ImportView extends ImportMeta {
  id: string;
  /** abandoned: never started, and closed when its start did not come (closeAbandoned). */
  state: 'uploading' | 'started' | 'settled' | 'abandoned';
  jobId: string | null;
  createdBy: string;
  createdByEmail: string;
  createdAt: string;
  counts: Record<RowStatus, number>;
  uploadedRows: number;
  /** No more parts are taken; below totalRows, the rest of the file never arrived. */
  uploadClosed: boolean;
}

export interface RowView {
  rowNo: number;
  line: number;
  cells: string[];
  status: RowStatus;
  recordId: number | null;
  errors: RowIssue[];
  warnings: RowIssue[];
  /** The attempt that gave the row its outcome (1: the first send). */
  attempt: number;
  /** The row's earlier attempts, oldest first, with the cells it was sent with. */
  history: RowAttempt[];
}

export interface RowAttempt {
  attempt: number;
  cells: string[];
  status: RowStatus;
  recordId: number | null;
  errors: RowIssue[];
}


export const json = (value: unknown) => JSON.stringify(value);
