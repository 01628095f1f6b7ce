import type { ColumnType, Generated } from 'kysely';
import type { ImportTables } from './import-types';
import type { SyncTables } from './sync-types';

/**
 * Tables of the console database that console code queries directly. better-auth creates and owns
 * `user`, `session`, `account`, `verification` and `rateLimit` (its own migrations); they are typed here
 * only as far as the console reads them. Console migrations (lib/server/db/migrations) add their tables
 * here too.
 */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: ColumnType<Date, Date | string, Date | string>;
  updatedAt: ColumnType<Date, Date | string, Date | string>;
  /** Console role: viewer | steward | admin (admin plugin field). */
  role: string | null;
  /** A disabled account (admin plugin "ban"). */
  banned: boolean | null;
  banReason: string | null;
  banExpires: ColumnType<Date, Date | string, Date | string> | null;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: ColumnType<Date, Date | string, Date | string>;
  updatedAt: ColumnType<Date, Date | string, Date | string>;
  /** An SSO sign-in's `amr` from the ID token, space-separated (lib/server/auth/amr.ts); null otherwise. */
  amr: string | null;
}

/** better-auth's credentials; the console reads only that passwords are stored hashed. */
export interface AccountTable {
  id: string;
  userId: string;
  providerId: string;
  password: string | null;
  /** An SSO provider's last verified ID token (better-auth keeps it); its `amr` goes on the session. */
  idToken: string | null;
}

/** better-auth's rate-limit counters, kept in the database so every console instance shares them. */
export interface RateLimitTable {
  key: string;
  count: number;
  lastRequest: number;
}

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json = ColumnType<unknown, string, string>;

/** A run of a job kind (migration 0040, lib/server/jobs). */
export interface JobTable {
  id: ColumnType<string, never, never>;
  kind: string;
  tenant: string;
  state: string;
  params: Json;
  rerun_expired: boolean;
  created_by: string | null;
  created_at: ColumnType<Date, never, never>;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  attempts: ColumnType<number, never, number>;
  error: string | null;
  summary: Json | null;
}

/** One unit of work of a job (migration 0040). */
export interface JobUnitTable {
  id: ColumnType<string, never, never>;
  job_id: string;
  key: string;
  input: Json;
  state: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, never, number>;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  result: Json | null;
  error: Json | null;
  finished_at: Timestamp | null;
  finished_by: string | null;
}

/** The quota snapshot (migration 0041, lib/server/quotas). numeric columns arrive as strings. */
export interface QuotaSnapshotTable {
  tenant: string;
  company_id: ColumnType<string, number | string, number | string>;
  company_code: string | null;
  company_name: string | null;
  credit_amount: ColumnType<string | null, number | null, number | null>;
  pending_amount: ColumnType<string | null, number | null, number | null>;
  available_amount: ColumnType<string | null, number | null, number | null>;
  utilisation: ColumnType<string | null, number | null, number | null>;
  credit_enabled: boolean | null;
  credit_memo: string | null;
  credit_updated_at: Timestamp | null;
  credit_read_at: Timestamp | null;
  point_balance: ColumnType<string | null, number | null, number | null>;
  point_enabled: boolean | null;
  point_memo: string | null;
  point_updated_at: Timestamp | null;
  point_read_at: Timestamp | null;
}

/** Every /v1 write made through the console (migration 0010, lib/server/audit). */
export interface AuditLogTable {
  id: Generated<string>;
  at: ColumnType<Date, Date | string | undefined, never>;
  user_id: string;
  user_email: string;
  operation: string;
  target_ids: string[];
  status: number;
  outcome: string;
  result: ColumnType<WriteResult | null, WriteResult | null | undefined, never>;
  failed_ids: ColumnType<string[], string[] | undefined, never>;
  unknown_ids: ColumnType<string[], string[] | undefined, never>;
  /** Migration 0070: the record type written (lib/contract/history), and the confirmed field changes. */
  record_type: ColumnType<string | null, string | null | undefined, never>;
  changes: ColumnType<unknown, string | null | undefined, never>;
  /** Migration 0250: the family of operation, and the job that sent a batch (lib/server/audit/record.ts). */
  family: ColumnType<string, string | undefined, never>;
  job_id: ColumnType<string | null, string | null | undefined, never>;
  import_id: ColumnType<string | null, string | number | null | undefined, never>;
  attempt: ColumnType<number | null, number | null | undefined, never>;
  chunk: ColumnType<number | null, number | null | undefined, never>;
  /** Migration 0320: a change found by the mirror happened between these two times. */
  window_from: ColumnType<Date | null, Date | string | null | undefined, never>;
  window_to: ColumnType<Date | null, Date | string | null | undefined, never>;
  /** Migration 0365: the request's id (X-Request-Id), null on older entries and on what no request made. */
  request_id: ColumnType<string | null, string | null | undefined, never>;
  /** Migration 0490: the client's address of a sign-in event (SSO link, session end, password reset). */
  client_address: ColumnType<string | null, string | null | undefined, never>;
}

/** One record a write touched (migration 0250): a record's History is read from here. */
export interface AuditChangeTable {
  id: Generated<string>;
  audit_id: string;
  at: ColumnType<Date, Date | string | undefined, never>;
  record_type: string;
  record_id: string;
  source: string;
  result: WriteResult | null;
  action: string | null;
  row_no: number | null;
  changes: ColumnType<unknown, string | null | undefined, never>;
  old_read: boolean;
  /** Migration 0510: a finding's entry (lib/contract/history FindingRecord), and the fields sent unchanged. */
  finding: ColumnType<unknown, string | null | undefined, never>;
  unchanged: ColumnType<number, number | undefined, never>;
  /** Migration 0610: a restore's change (source `restore`): the change record whose old values it put back. */
  restores_change_id: ColumnType<string | null, string | null | undefined, never>;
}

/** How a write ended, as the audit log records it (lib/server/audit). */
export type WriteResult = 'applied' | 'refused' | 'unknown';

/** Wrong-password counts per account (migration 0020, lib/server/auth/account-limit.ts). */
export interface SignInFailureTable {
  email: string;
  failures: number;
  window_start: Timestamp;
}

/** An account's display choices (migration 0080, lib/server/preferences/preferences.ts); null means "not chosen". */
export interface UserPreferenceTable {
  user_id: string;
  locale: string | null;
  density: string | null;
  /** Migration 0260: list filters folded to chips; null until the account chooses. */
  filters_folded: boolean | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Migration 0520: why someone else ended a session, by its token's hash (lib/server/auth/session-ends.ts)... */
export type SessionEndTable = { token_hash: string; reason: string; ended_at: Generated<Date> };
/** ...and when a session was last used (lib/server/auth/session-activity.ts). */
export type SessionActivityTable = { session_id: string; seen_at: Timestamp };

export type { SyncCallCountTable, SyncCallMinuteTable, SyncCallTable, SyncRejectionTable } from './sync-types';

export interface ConsoleDatabase extends SyncTables, ImportTables {
  user_preference: UserPreferenceTable;
  quota_snapshot: QuotaSnapshotTable;
  user: UserTable;
  session: SessionTable;
  session_end: SessionEndTable;
  session_activity: SessionActivityTable;
  account: AccountTable;
  rateLimit: RateLimitTable;
  audit_log: AuditLogTable;
  audit_change: AuditChangeTable;
  sign_in_failures: SignInFailureTable;
  job: JobTable;
  job_unit: JobUnitTable;
}
