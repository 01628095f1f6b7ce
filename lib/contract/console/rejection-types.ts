import type { HistoryValue } from '../history';
import type { FamilyName } from './import-files';

/**
 * The rows an ERP sync could not apply, as the console's endpoints answer them (./rejections.ts has the
 * endpoints): no zod here, so a page reads these without loading the schemas.
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

/** What the page's filters select (the URL's query; days in UTC). */
export interface RejectionFilters {
  state?: RejectionState;
  family?: FamilyName;
  error?: string;
  client?: string;
  from?: string;
  to?: string;
}

export interface RejectionRow {
  id: string;
  /** The record's ERP code as the ERP sent it (`id:12` for an item naming an id; '' for none). */
  recordKey: string;
  itemIndex: number;
  /** Every error the service gave the item, each with its field and the value the ERP sent there. */
  errors: RejectionError[];
  receivedAt: string;
  closedHow: ClosedHow | null;
  closedAt: string | null;
  /** Who closed or dismissed it (an e-mail), and why (a dismissal's reason). */
  closedBy: string | null;
  note: string | null;
}

/** One error of a refused item (lib/imports/item-errors): its field, the value sent there, the contract's words. */
export interface RejectionError {
  code: string;
  /** The ERP's field name; null for the record as a whole. */
  field: string | null;
  /** The value the ERP sent in that field, as sent (null: none sent, or the error names no field). */
  value: HistoryValue;
  /** The contract's sentence for the value (`valueIssues.<expect>`: "Name has 412 characters; at most 100"). */
  expect?: string;
  params?: Record<string, string | number>;
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
  /**
   * `family|code|field`: the group's id on the page and in the report. An item with several errors is in the
   * group of each.
   */
  key: string;
  family: FamilyName;
  errorCode: string;
  /** The ERP's field name the error is about, null for the record as a whole. */
  field: string | null;
  count: number;
  /** The newest rejection's error of this cause and its record, for the cause's sentence. */
  example: RejectionError & { recordKey: string };
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
  /** The syncs the items came from, oldest first: a resend is named after them ("ERP sync of …"). */
  syncs: { receivedAt: string; source: RejectionSync['source'] }[];
}

export interface LogUploadResult {
  calls: number;
  rejected: number;
  /** Lines (or HAR entries) that could not be read, 1-based. */
  unreadable: number[];
  /** Calls that were not to /v1 (a HAR's other traffic). */
  skipped: number;
  /** The uploaded log's open rejections of one kind of record (the most), newest first: what opens in the grid. */
  ids: string[];
  /** Its open rejections of other kinds of record (on the rejections page). */
  elsewhere: number;
}
