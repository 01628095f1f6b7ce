import 'server-only';
import {
  ACTOR_IDS,
  type AuditFamily,
  type ChangeSource,
  type FieldDiff,
  type FindingRecord,
  type RecordType,
} from '@/lib/contract/history';
import type { WriteResult } from '../db';

/**
 * Who an entry is by. A person (whatever they used: a form, an import, a bulk edit, a resend, an acceptance),
 * the ERP (a change the mirror found made outside the console) or the console's checks (a finding).
 */
export type Actor = { kind: 'person'; userId: string; email: string } | { kind: 'erp' } | { kind: 'checks' };

export const THE_ERP: Actor = { kind: 'erp' };
export const THE_CHECKS: Actor = { kind: 'checks' };

export function person(userId: string, email: string): Actor {
  return { kind: 'person', userId, email };
}

/** The audit log's columns for an actor: the ERP and the checks have an id of their own and no e-mail. */
export function actorColumns(actor: Actor): { userId: string; email: string } {
  return actor.kind === 'person'
    ? { userId: actor.userId, email: actor.email }
    : { userId: ACTOR_IDS[actor.kind], email: '' };
}

/** One record an entry touched: what that record's History shows. */
export interface RecordChange {
  recordType: RecordType;
  /** The record's id, or `code:<ERP code>` when only its code is known. */
  recordId: string;
  source: ChangeSource;
  result: WriteResult | null;
  /** created | updated (a write's answer), opened | resolved | accepted | reopened (a finding), vanished | returned. */
  action?: string | null;
  rowNo?: number | null;
  /** Fields old → new (`from` only where the old value was read); the writer drops those whose value did not change. */
  changes: FieldDiff[] | null;
  oldRead: boolean;
  /** A finding's record: set instead of field changes. */
  finding?: FindingRecord | null;
  /** A restore (source `restore`): the change record whose old values it put back (checked to be this record's). */
  restoresChangeId?: string | null;
}

/** What the job runtime adds to an entry for a batch it sent. */
export interface BatchOrigin {
  jobId: string | null;
  importId: string;
  attempt: number | null;
  chunk: number | null;
}

/** One audit entry and the change records of the records it touched: the one shape every source writes. */
export interface HistoryWrite {
  actor: Actor;
  /** The operation (an operation id, `account …`, a console endpoint or action, `mirror <entity>`, a rule's). */
  operation: string;
  /** Read from the operation when not given. */
  family?: AuditFamily;
  targetIds: readonly string[];
  /** The answer's HTTP status (200 for what no request made). */
  status: number;
  /** The log's English for the outcome; pages show catalogue words. */
  outcome: string;
  result?: WriteResult | null;
  failedIds?: readonly string[];
  unknownIds?: readonly string[];
  recordType?: RecordType | null;
  /** A single write's fields, on the entry itself (the audit page shows them on its row). */
  changes?: FieldDiff[] | null;
  requestId?: string | null;
  clientAddress?: string | null;
  batch?: BatchOrigin;
  /** A change found outside the console happened between these two times. */
  window?: { from: Date | null; to: Date };
  records?: readonly RecordChange[];
}
