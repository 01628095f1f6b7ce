import 'server-only';
import { sql, type Kysely } from 'kysely';
import { BATCH_ENDPOINTS } from '@/lib/contract/endpoints';
import { ROW_STATUSES } from '@/lib/contract/console/imports';
import {
  FAMILY_RECORD_TYPE,
  type AuditFamily,
  type ChangeSource,
  type FieldDiff,
  type HistoryValue,
} from '@/lib/contract/history';
import type { FamilyName } from '@/lib/imports/families';
import type { ImportOrigin } from '@/lib/imports/import-api';
import { person, reviewAgrees, writeHistory, type RecordChange } from '../history';
import type { ConsoleDatabase, WriteResult } from '../db';
import type { RowOutcome } from './store';

/**
 * An import's writes on the record (issue 25): whatever sent the rows (a file, a bulk edit, "Resend failed
 * rows", a pasted failed sync), each chunk the job sends is one audit entry, and each row that named a
 * record one change record, with the values sent and the old ones the server knew before sending (its copy or
 * its own read, ./old-values.ts); what the person reviewed ("Compare with live data", bulk edit's review) is kept
 * beside an old value it disagrees with, never as it. Written set-based in the transaction that
 * records the chunk's outcomes: one statement per chunk.
 */

type Db = Kysely<ConsoleDatabase>;

/** A row's outcome with the item the request carried (what History records as the new values). */
export type SentOutcome = RowOutcome & { sent?: Record<string, unknown> | null };

/** Fields that name the record rather than change it. */
export const KEY_FIELDS = new Set(['id', 'skuId', 'companyId']);
const RESULT: Record<RowOutcome['status'], WriteResult | null> = {
  created: 'applied',
  updated: 'applied',
  ok: 'applied',
  failed: 'refused',
  unknown: 'unknown',
  not_sent: null,
  // Stored as a proposal, not sent: its own entry is the proposal's (lib/server/approvals/record.ts).
  proposed: null,
};

function recordKey(item: Record<string, unknown> | null | undefined, recordId: number | null): string | null {
  if (recordId !== null) return String(recordId);
  if (!item) return null;
  for (const key of ['id', 'skuId', 'companyId']) if (typeof item[key] === 'number') return String(item[key]);
  const code = item.outerSysCode ?? item.companyCode;
  return typeof code === 'string' && code ? `code:${code}` : null;
}

/** A row's old values as the server knew them before its chunk was sent (./old-values.ts). */
interface ServerOld {
  old: Record<string, HistoryValue>;
  read: NonNullable<FieldDiff['fromRead']>;
}

/**
 * The row's changes: the values sent, the old ones the server knew (never the browser's), and what the person
 * reviewed beside them where it differs or the server knew none, as the proxy records a single write.
 */
function diff(item: Record<string, unknown>, old: ServerOld | undefined, review: Record<string, unknown> | undefined) {
  const changes: FieldDiff[] = [];
  for (const [field, to] of Object.entries(item)) {
    if (KEY_FIELDS.has(field) || to === undefined) continue;
    const change: FieldDiff = { field, to: to as HistoryValue };
    const known = old !== undefined && Object.hasOwn(old.old, field);
    if (known) {
      change.from = old.old[field] ?? null;
      change.fromRead = old.read;
    }
    const reviewed = review && Object.hasOwn(review, field) ? ((review[field] ?? null) as HistoryValue) : undefined;
    if (reviewed !== undefined && (!known || !reviewAgrees(reviewed, old.old[field]))) change.reviewed = reviewed;
    changes.push(change);
  }
  return changes;
}

function countText(outcomes: readonly SentOutcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o.status, (counts.get(o.status) ?? 0) + 1);
  return ROW_STATUSES.filter((s) => counts.has(s))
    .map((s) => `${counts.get(s)} ${s}`)
    .join(', ');
}

type Context = {
  family: FamilyName;
  origin: ImportOrigin;
  user_id: string;
  user_email: string;
  attempt: number | null;
  settled: boolean;
  read: boolean;
};

/**
 * Who sent a job's chunks, how, in which attempt, and whether any row has old values read: the same for every
 * chunk of a job, so kept per job once the attempt's own row is there (it is written just after the job
 * starts; until then the import's creator stands in, and it is asked again).
 */
const contexts = new Map<string, Context>();
const CONTEXTS_KEPT = 50;

async function context(db: Db, importId: string, jobId: string, chunks: readonly number[]): Promise<Context | null> {
  const kept = contexts.get(jobId);
  if (kept) {
    // Rows keep arriving while the first chunks are sent: old values may come with a later part.
    if (!kept.read) {
      const { rows } = await sql<{
        read: boolean;
      }>`select exists (select 1 from import_row_before where import_id = ${importId}) as read`.execute(db);
      kept.read = Boolean(rows[0]?.read);
    }
    return kept;
  }
  const { rows } = await sql<Context>`
    select i.family, i.origin,
      coalesce(a.created_by, i.created_by) as user_id, coalesce(a.created_by_email, i.created_by_email) as user_email,
      (select max(r.attempt) from import_row r where r.import_id = i.id and r.chunk = any(${chunks}::int[]))::int as attempt,
      a.import_id is not null as settled,
      exists (select 1 from import_row_before b where b.import_id = i.id) as read
    from import i left join import_attempt a on a.import_id = i.id and a.job_id = ${jobId}
    where i.id = ${importId}`.execute(db);
  const found = rows[0] ?? null;
  if (found?.settled) {
    if (contexts.size >= CONTEXTS_KEPT) contexts.delete(contexts.keys().next().value!);
    contexts.set(jobId, found);
  }
  return found;
}

/**
 * Records the chunks a job finished: per chunk, one audit entry (who started the attempt, the family's batch
 * operation, the outcome counts, the job, import, attempt and chunk) and one change record per row that names
 * a record. A refused row changed nothing (no fields); an unknown one keeps the values sent.
 */
export async function recordChunkHistory(
  db: Db,
  importId: string,
  jobId: string,
  chunks: readonly { chunk: number; outcomes: readonly SentOutcome[] }[],
): Promise<void> {
  const sent = chunks.filter((c) => c.outcomes.some((o) => o.status !== 'not_sent' && o.status !== 'proposed'));
  if (!sent.length) return;
  const ctx = await context(
    db,
    importId,
    jobId,
    sent.map((c) => c.chunk),
  );
  if (!ctx) return;
  const attempt = ctx.attempt ?? 1;
  // A revert's rows are "Restored from import …", whichever attempt sent them.
  const source: ChangeSource =
    ctx.origin === 'revert'
      ? 'revert'
      : attempt > 1 || ctx.origin === 'sync'
        ? 'resend'
        : ctx.origin === 'bulk'
          ? 'bulk'
          : 'import';
  const family: AuditFamily = source;
  const rowNos = sent.flatMap((c) => c.outcomes.map((o) => o.rowNo));
  // Only an import whose rows were read before sending has old values to look up (none without comparison).
  const { rows: read } = ctx.read
    ? await sql<{ row_no: number; before: Record<string, unknown> }>`
        select row_no, before from import_row_before
        where import_id = ${importId} and attempt = ${attempt} and row_no = any(${rowNos}::int[])`.execute(db)
    : { rows: [] };
  const reviews = new Map(read.map((r) => [r.row_no, r.before]));
  const { rows: olds } = await sql<{
    row_no: number;
    old: Record<string, HistoryValue>;
    read_by: 'copy' | 'read';
    at: string;
  }>`
    select row_no, old, read_by, to_json(read_at)#>>'{}' as at from import_row_old
    where import_id = ${importId} and attempt = ${attempt} and row_no = any(${rowNos}::int[])`.execute(db);
  const serverOld = new Map(
    olds.map((r): [number, ServerOld] => [
      r.row_no,
      { old: r.old, read: { by: r.read_by, at: new Date(r.at).toISOString() } },
    ]),
  );
  const recordType = FAMILY_RECORD_TYPE[ctx.family];
  for (const { chunk, outcomes } of sent) {
    const changes: RecordChange[] = [];
    const failed: string[] = [];
    const unknown: string[] = [];
    for (const o of outcomes) {
      const result = RESULT[o.status];
      const key = recordKey(o.sent, o.recordId);
      if (!result || !key) continue;
      if (result === 'refused') failed.push(key);
      if (result === 'unknown') unknown.push(key);
      const old = serverOld.get(o.rowNo);
      changes.push({
        recordType,
        recordId: key,
        source,
        result,
        action: o.status === 'created' || o.status === 'updated' ? o.status : null,
        rowNo: o.rowNo,
        changes: result === 'refused' || !o.sent ? null : diff(o.sent, old, reviews.get(o.rowNo)),
        oldRead: result !== 'refused' && old !== undefined,
      });
    }
    const applied = changes.some((c) => c.result === 'applied');
    const result: WriteResult = applied ? 'applied' : unknown.length ? 'unknown' : 'refused';
    await writeHistory(db, {
      actor: person(ctx.user_id, ctx.user_email),
      operation: BATCH_ENDPOINTS[ctx.family].operation,
      family,
      targetIds: [...new Set(changes.map((c) => c.recordId))].slice(0, 1000),
      status: applied || failed.length ? 200 : 502,
      outcome: countText(outcomes),
      result,
      failedIds: failed.slice(0, 1000),
      unknownIds: unknown.slice(0, 1000),
      recordType,
      changes: null,
      batch: { jobId, importId, attempt, chunk },
      records: changes,
    });
  }
}
