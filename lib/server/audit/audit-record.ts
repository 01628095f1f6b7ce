import 'server-only';
import type { FieldDiff, RecordType } from '@/lib/contract/history';
import type { OperationId } from '@/lib/contract/operations';
import type { WriteResult } from '../db';

/** What one audit entry records: who, what, on which records, with what outcome. */
export interface AuditRecord {
  userId: string;
  userEmail: string;
  operation: OperationId | AccountOperation | ConsoleOperation;
  targetIds: string[];
  /** Upstream HTTP status, or the proxy's own 504/502 when no answer came. */
  status: number;
  outcome: string;
  /** Null on entries that are not upstream writes, and on rows older than the column. */
  result?: WriteResult | null;
  /** Batch items that failed, and those whose fate is unknown. */
  failedIds?: string[];
  unknownIds?: string[];
  /** The kind of record written (lib/contract/history), null for what is not a record (accounts). */
  recordType?: RecordType | null;
  /** A single write's fields (or a one-item batch's), old → new as the server knew them. */
  changes?: FieldDiff[] | null;
  /** A batch of several items: each record's fields, by the id (or `code:<code>`) the batch names it with. */
  changesByRecord?: Record<string, FieldDiff[]> | null;
  /** The request's id, as in its log line (for support; the page folds it into the details). */
  requestId?: string | null;
  /** A form's save that restores a History entry: that entry's change record id (the proxy checked it is this record's). */
  restores?: string | null;
  /** The client's address, on sign-in events (SSO link, session end, password reset). */
  clientAddress?: string | null;
}

/** Changes to the console's own sign-in accounts (Settings), logged beside the /v1 writes. */
export type AccountOperation =
  | `account create (${string})`
  | `account set-role (${string})`
  | 'account disable'
  | 'account enable'
  | `account sso-link (${string})`
  | 'account session-end'
  | 'account password-reset';

/** A write to the console's own endpoints (`POST /api/imports/[id]/start`) or server actions (`action quotas.apply`). */
export type ConsoleOperation = `${'POST' | 'PUT' | 'DELETE'} /api/${string}` | `action ${string}`;
