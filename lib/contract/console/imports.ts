import { z } from 'zod';
import { endpoint, file, json, none } from './endpoint';
import { idParam } from './params';
import {
  createImportBody,
  FAMILY_NAMES,
  resendBody,
  saveMappingBody,
  uploadRowsBody,
  type FamilyName,
  type ImportOrigin,
  type PredictedKind,
  type RowIssue,
} from './import-files';
import { EXPORT_FORMATS } from './exports';
import type { JobState } from './jobs';

/** CSV imports (app/api/imports): create, upload rows in parts, start, follow, cancel, resend, download. */

/** `proposed`: a credit or point row the approval policy caught, stored as a proposal and not sent. */
export const ROW_STATUSES = [
  'created',
  'updated',
  'ok',
  'failed',
  'unknown',
  'not_sent',
  'skipped',
  'proposed',
] as const;
/** What a sent row records as its outcome: every status but `skipped` (a row left out is never sent). */
export type RowOutcomeStatus = Exclude<(typeof ROW_STATUSES)[number], 'skipped'>;
/** What a row shows: its outcome, or pending/sending while the job runs. */
export type RowStatus = (typeof ROW_STATUSES)[number] | 'pending' | 'sending';
export const ROW_FILTER_STATUSES: readonly RowStatus[] = [...ROW_STATUSES, 'pending', 'sending'];

/** Every status at 0, written out so that a new status fails to compile here until it is counted. */
export function noRowCounts(): Record<RowStatus, number> {
  return {
    pending: 0,
    sending: 0,
    created: 0,
    updated: 0,
    ok: 0,
    failed: 0,
    unknown: 0,
    not_sent: 0,
    skipped: 0,
    proposed: 0,
  };
}

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

export type { ImportOrigin } from './import-files';

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
  /** Rows "Compare with live data" predicted to succeed (create, update, same) that the service refused. */
  mispredicted: number;
  /** Rows sent that the comparison said change nothing, answered "updated": told as "changed nothing". */
  unchanged: number;
  /** A revert (origin `revert`): the import it undoes (issue 56). */
  revertsImportId?: string | null;
  /** The import it undoes is a bulk edit: "Reverts bulk edit …". */
  revertsBulk?: boolean;
}

/** A line of the imports history. */
export interface ImportListItem {
  id: string;
  family: FamilyName;
  fileName: string;
  totalRows: number;
  state: ImportView['state'];
  /** The job's state (running, succeeded, cancelled…); null before it started or with nothing to send. */
  jobState: string | null;
  jobId: string | null;
  createdByEmail: string;
  createdAt: string;
  counts: Record<RowStatus, number>;
  attempts: number;
  succeeded: number;
  notSucceeded: number;
  /** Rows the comparison predicted to succeed that the service refused. */
  mispredicted: number;
}

export interface RowAttempt {
  attempt: number;
  cells: string[];
  status: RowStatus;
  recordId: number | null;
  errors: RowIssue[];
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
  /** What the comparison predicted the latest attempt would do; null when it was not compared. */
  predicted: PredictedKind | null;
}

/** One send of an import: the first, then each "resend failed rows". */
export interface AttemptView {
  no: number;
  jobId: string | null;
  rows: number;
  createdByEmail: string;
  createdAt: string;
}

export interface ImportProgress {
  /**
   * The job's state; 'uploading' before the start, 'abandoned' when the start never came (closeAbandoned),
   * 'succeeded' for an import with nothing to send.
   */
  state: 'uploading' | 'abandoned' | JobState;
  rowsToSend: number;
  rowsDone: number;
  rowsPerSecond: number | null;
  secondsLeft: number | null;
  /**
   * While running: seconds until the service's Retry-After ends, when it answered 429 (rate limited). The
   * job waits and sends again; nothing failed. Null or absent: not waiting.
   */
  waitingForServiceSeconds?: number | null;
}

export interface ImportStatus {
  import: ImportView;
  progress: ImportProgress;
}

export type ImportDetail = ImportStatus & { attempts: AttemptView[] };

const importParams = z.object({ id: idParam });
const mappingParams = z.object({ family: z.enum(FAMILY_NAMES) });
const oneOrMany = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));
const wholeOr = (fallback: number) => z.coerce.number().int().catch(fallback);

/**
 * The error file's and the results' format: `?format=xlsx` an Excel workbook (the page's default choice),
 * `csv` or none the CSV (the file's own delimiter and encoding for the error file), as before workbooks.
 */
const fileFormat = z.object({ format: z.enum(EXPORT_FORMATS).optional().catch(undefined) });

const runImports = { kind: 'session', permission: 'runImports' } as const;
const STATE_ERRORS = { import_not_found: 404, import_not_uploading: 409, import_already_running: 409 } as const;

export const importsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/imports',
    access: runImports,
    answer: json<{ imports: ImportListItem[] }>(),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/imports',
    access: runImports,
    body: createImportBody,
    answer: json<{ id: string }>(),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/imports/[id]',
    access: runImports,
    params: importParams,
    answer: json<ImportDetail>(),
    errors: { import_not_found: 404 },
  }),
  rows: endpoint({
    method: 'GET',
    path: '/api/imports/[id]/rows',
    access: runImports,
    params: importParams,
    // `?status=failed&status=unknown&after=<rowNo>&limit=100`: an unknown status is left out, a bad number is the default.
    // `mispredicted=1`: only the refused rows the comparison predicted to succeed.
    query: z.object({
      mispredicted: z.literal('1').optional().catch(undefined),
      status: oneOrMany
        .optional()
        .transform((all) =>
          (all ?? []).filter((s): s is RowStatus => (ROW_FILTER_STATUSES as readonly string[]).includes(s)),
        ),
      after: wholeOr(-1).optional(),
      limit: wholeOr(100).optional(),
    }),
    answer: json<{ rows: RowView[] }>(),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/imports/[id]/rows',
    access: runImports,
    params: importParams,
    body: uploadRowsBody,
    answer: none(),
    errors: { ...STATE_ERRORS, invalid_parameter: 400 },
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/imports/[id]/start',
    access: runImports,
    params: importParams,
    answer: none(),
    errors: STATE_ERRORS,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/imports/[id]/cancel',
    access: runImports,
    params: importParams,
    answer: json<{ cancelled: boolean }>(),
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/imports/[id]/resend',
    access: runImports,
    params: importParams,
    body: resendBody,
    answer: json<{ attempt: number; jobId: string }>(),
    errors: {
      ...STATE_ERRORS,
      import_running: 409,
      row_not_resendable: 409,
      rows_invalid: 422,
      nothing_to_resend: 409,
    },
  }),
  errorFile: endpoint({
    method: 'GET',
    path: '/api/imports/[id]/error-file',
    access: runImports,
    params: importParams,
    query: fileFormat,
    answer: file(),
    errors: { import_not_found: 404 },
  }),
  results: endpoint({
    method: 'GET',
    path: '/api/imports/[id]/results',
    access: runImports,
    params: importParams,
    query: fileFormat,
    answer: file(),
    errors: { import_not_found: 404 },
  }),
  mapping: endpoint({
    method: 'GET',
    path: '/api/imports/mappings/[family]',
    access: runImports,
    params: mappingParams,
    answer: json<{ mapping: Record<string, string> }>(),
  }),
  saveMapping: endpoint({
    method: 'PUT',
    path: '/api/imports/mappings/[family]',
    access: runImports,
    params: mappingParams,
    body: saveMappingBody,
    answer: none(),
    // The person's own column layout for next time, not a change to shared data.
    audit: 'none',
  }),
};
