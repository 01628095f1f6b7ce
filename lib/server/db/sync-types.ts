import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** bigint ids arrive as strings. */
type BigId = ColumnType<string, never, never>;
/** jsonb: read as parsed JSON, written as JSON text. */
type Json = ColumnType<unknown, string, string>;

/** One /v1 write the ERP sent through the relay, or read from its log (migration 0500, lib/server/sync). */
export interface SyncCallTable {
  id: BigId;
  /** relay | upload | paste */
  source: ColumnType<string, string | undefined, string>;
  /** X-Client-Id as sent; '' when absent. */
  client_id: string;
  /** The contract's operation id, e.g. `POST /v1/skus/batch`. */
  operation: string;
  /** The import family of a write (lib/imports/family-columns), null for other operations. */
  family: string | null;
  received_at: Timestamp;
  duration_ms: number | null;
  added_ms: number | null;
  /** The upstream's HTTP status; null when no answer came (timeout, lost connection). */
  status: number | null;
  /** applied | partial | refused | unknown */
  outcome: string;
  item_count: Generated<number>;
  applied_count: Generated<number>;
  rejected_count: Generated<number>;
  nonce: string | null;
  request_id: string | null;
  /** A refused or unknown call's own error code (`unauthorized`, `rate_limited`, …), null otherwise. */
  error_code: string | null;
}

/** One batch item (or single write) of a sync call that did not apply (migration 0500). */
export interface SyncRejectionTable {
  id: BigId;
  call_id: ColumnType<string, string | number, never>;
  family: string;
  /** 0-based index in the request body (0 for a single write). */
  item_index: number;
  /** The item's ERP key as its family defines it (lib/relay record-key); '' if none. */
  record_key: string;
  /** The item exactly as the ERP sent it. */
  item: Json;
  /** The answer's first error code for the item. */
  error_code: string;
  error_field: string | null;
  /** The answer's whole error(s) for the item, as sent. */
  errors: Json;
  received_at: Timestamp;
  closed_at: Timestamp | null;
  /** null (open) | erp | console | dismissed */
  closed_how: string | null;
  closed_by: string | null;
  close_note: string | null;
}

/** Calls the relay counted instead of storing, per client id, minute and status (migration 0660). */
export interface SyncCallCountTable {
  /** X-Client-Id as sent (cut to 64 characters), '' when absent, '*' for the clients past a minute's first 20. */
  client_id: string;
  minute: Timestamp;
  /** The upstream's (or the relay's own 413) status; 0: no answer. */
  status: number;
  /** refused: refused as a whole; over_cap: beyond the stored-calls cap of that client's minute. */
  reason: string;
  calls: number;
}

/** How many of a client's calls of a minute the stored-calls cap applied to (migration 0660). */
export interface SyncCallMinuteTable {
  client_id: string;
  minute: Timestamp;
  calls: number;
}

/** The relay's tables (lib/server/sync), part of ConsoleDatabase. */
export interface SyncTables {
  sync_call: SyncCallTable;
  sync_rejection: SyncRejectionTable;
  sync_call_count: SyncCallCountTable;
  sync_call_minute: SyncCallMinuteTable;
}
