import { z } from 'zod';
import type { HistoryValue } from '../history';
import { endpoint, file, json } from './endpoint';
import { EXPORT_FORMATS } from './export-kinds';
import { FAMILY_NAMES, type FamilyName } from './import-files';

/**
 * The rows an ERP sync could not apply (issue 53, app/api/rejections): what the /v1 relay or an uploaded
 * integration log recorded (lib/server/rejections reads it), grouped by cause, then by sync and by record;
 * the items for the fix grid, dismissal with a reason, the upload of a log, the report for the ERP's team.
 */

/** open: still to fix; closed: fixed by the ERP, fixed in the console or dismissed. */
export const REJECTION_STATES = ['open', 'closed'] as const;
export type RejectionState = (typeof REJECTION_STATES)[number];
/** How a rejection was closed: the same record later applied through the relay, by the console, or dismissed. */
export type ClosedHow = 'erp' | 'console' | 'dismissed';

export const DISMISS_REASON_MAX = 500;
/** Rejections one request names (a group's or a selection's items, a dismissal). */
export const REJECTIONS_PER_REQUEST_MAX = 1000;
/** An uploaded integration log, as text. */
export const LOG_UPLOAD_MAX_CHARS = 20_000_000;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const rejectionId = z.string().regex(/^[1-9][0-9]{0,17}$/);
const ids = z.array(rejectionId).min(1).max(REJECTIONS_PER_REQUEST_MAX);

export const rejectionFilters = z.object({
  state: z.enum(REJECTION_STATES).optional(),
  family: z.enum(FAMILY_NAMES).optional(),
  error: z.string().min(1).max(200).optional(),
  client: z.string().max(200).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type RejectionFilters = z.output<typeof rejectionFilters>;

export interface RejectionRow {
  id: string;
  /** The record's ERP code as the ERP sent it (`id:12` for an item naming an id; '' for none). */
  recordKey: string;
  itemIndex: number;
  /** The value the ERP sent in the field the error names (null: the error names no field, or none sent). */
  value: HistoryValue;
  receivedAt: string;
  closedHow: ClosedHow | null;
  closedAt: string | null;
  /** Who closed or dismissed it (an e-mail), and why (a dismissal's reason). */
  closedBy: string | null;
  note: string | null;
}

export interface RejectionSync {
  callId: string;
  receivedAt: string;
  /** The ERP's credential id, as it sent it. */
  clientId: string;
  source: 'relay' | 'upload' | 'paste';
  rows: RejectionRow[];
}

export interface RejectionCause {
  /** `family|code|field`: the group's id on the page and in the report. */
  key: string;
  family: FamilyName;
  errorCode: string;
  /** The ERP's field name the error is about, null for the record as a whole. */
  field: string | null;
  count: number;
  /** The newest rejection's value and record, for the cause's sentence. */
  example: { value: HistoryValue; recordKey: string };
  newestAt: string;
  syncs: RejectionSync[];
}

export interface RejectionsView {
  causes: RejectionCause[];
  total: number;
  /** More rejections matched than one page reads (REJECTIONS_READ_MAX): narrow the filters. */
  truncated: boolean;
  /** What the filters can choose from (every recorded value). */
  choices: { families: FamilyName[]; errors: string[]; clients: string[] };
}

/** Items for the fix grid: the ERP's own items, with the errors the answer gave. */
export interface RejectionItems {
  family: FamilyName;
  items: { id: string; index: number; item: unknown; codes: string[] }[];
}

export interface LogUploadResult {
  calls: number;
  rejected: number;
  /** Lines (or HAR entries) that could not be read, 1-based. */
  unreadable: number[];
  /** Calls that were not to /v1 (a HAR's other traffic). */
  skipped: number;
  /** The uploaded log's open rejections, newest first: what opens in the grid. */
  ids: string[];
}

export const rejectionsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/rejections',
    access: { kind: 'session', permission: 'runImports' },
    query: rejectionFilters,
    answer: json<RejectionsView>(),
  }),
  /** The items of a group or a selection, for the fix grid (all of one family). */
  items: endpoint({
    method: 'POST',
    path: '/api/rejections/items',
    access: { kind: 'session', permission: 'runImports' },
    body: z.object({ ids }),
    answer: json<RejectionItems>(),
    errors: { rejection_not_found: 404, rejections_mixed: 400 },
    // A read with its ids in a body (a selection can be long): nothing is written.
    audit: 'none',
  }),
  dismiss: endpoint({
    method: 'POST',
    path: '/api/rejections/dismiss',
    access: { kind: 'session', permission: 'runImports' },
    body: z.object({ ids, reason: z.string().trim().min(1).max(DISMISS_REASON_MAX) }),
    answer: json<{ dismissed: number }>(),
    // lib/server/rejections records the dismissal with who, which records and why.
    audit: 'domain',
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/rejections/upload',
    access: { kind: 'session', permission: 'runImports' },
    body: z.object({ text: z.string().min(1).max(LOG_UPLOAD_MAX_CHARS), fileName: z.string().max(300) }),
    answer: json<LogUploadResult>(),
    errors: { log_unreadable: 400 },
  }),
  report: endpoint({
    method: 'GET',
    path: '/api/rejections/report',
    access: { kind: 'session', permission: 'runImports' },
    query: rejectionFilters.extend({ format: z.enum(EXPORT_FORMATS) }),
    answer: file(),
    plainGet: true,
  }),
};
