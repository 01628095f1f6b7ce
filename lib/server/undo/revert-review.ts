import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import { FAMILY_RECORD_TYPE, type FieldDiff, type HistoryValue } from '@/lib/contract/history';
import type { ChangedBy, RevertField, RevertKind, RevertRow } from '@/lib/contract/console/reverts';
import type { RowStatus } from '@/lib/contract/console/imports';
import type { ConsoleDatabase } from '../db';
import { readBackInParts } from '../mirror';
import type { UpstreamClient } from '../upstream';
import { KEY_FIELDS } from '../imports';
import { stillHolds } from './compare';
import { changesSince, ENTITY, type SourceImport } from './revert-source';
import { quotaRevertOf, type QuotaRevert } from './revert-quota';

/**
 * What reverting an import would do (issue 56 point 1), computed from its History: per record the import
 * applied, the fields it changed with the values it wrote and the values before (the old values History read,
 * else the mirror's copy kept at the write, ./revert-prior.ts); then the live values from /v1 (the records
 * modified since the import started, one walk of the list), and each record classified. Nothing is written.
 */

type Db = Kysely<ConsoleDatabase>;

/** One record the import applied, its fields merged over the import's attempts. */
interface Applied {
  recordId: string;
  rowNo: number;
  created: boolean;
  at: string;
  imported: Map<string, HistoryValue>;
  before: Map<string, HistoryValue>;
}

/** The import's applied change records with the mirror's priors, as one JSON text (PGlite decodes rows in JS). */
async function appliedRecords(db: Db, importId: string): Promise<Map<string, Applied>> {
  const { rows } = await sql<{ list: string | null }>`
    select json_agg(json_build_array(c.record_id, c.row_no, c.action, c.changes, c.at, p.prior)
      order by a.attempt, c.row_no)::text as list
    from audit_log a join audit_change c on c.audit_id = a.id
      left join import_row_prior p on p.import_id = a.import_id and p.row_no = c.row_no and p.attempt = a.attempt
    where a.import_id = ${importId} and c.result = 'applied'`.execute(db);
  type Line = [string, number, string | null, FieldDiff[] | null, string, Record<string, HistoryValue> | null];
  const records = new Map<string, Applied>();
  for (const [recordId, rowNo, action, changes, at, prior] of JSON.parse(rows[0]?.list ?? '[]') as Line[]) {
    let record = records.get(recordId);
    if (!record) {
      record = {
        recordId,
        rowNo,
        created: false,
        at: new Date(at).toISOString(),
        imported: new Map(),
        before: new Map(),
      };
      records.set(recordId, record);
    }
    if (action === 'created') record.created = true;
    for (const change of changes ?? []) {
      if (KEY_FIELDS.has(change.field) || change.secret) continue;
      record.imported.set(change.field, change.to ?? null);
      if (record.before.has(change.field)) continue;
      if ('from' in change) record.before.set(change.field, change.from ?? null);
      else if (prior && Object.hasOwn(prior, change.field)) record.before.set(change.field, prior[change.field]!);
    }
  }
  return records;
}

/** Rows of the import with nothing applied: refused, not sent, or of unknown outcome. */
async function rowsNotApplied(db: Db, importId: string) {
  const { rows } = await sql<{ list: string | null }>`
    select json_agg(json_build_array(row_no, record_id::text, status) order by row_no)::text as list
    from import_row where import_id = ${importId} and status in ('failed', 'not_sent', 'unknown')`.execute(db);
  return JSON.parse(rows[0]?.list ?? '[]') as [number, string | null, RowStatus][];
}

interface ClassifyOptions {
  include?: ReadonlySet<string>;
  exclude?: ReadonlySet<string>;
  signal?: AbortSignal;
}

/** Rows classified with the live records they were read against (by History's record id). */
export interface ClassifiedPart {
  rows: RevertRow[];
  live: Map<string, Record<string, unknown>>;
}

/**
 * The import's classification, planned from History before anything is read from /v1: how many rows it gives
 * and which fields they restore, then `parts`, the compared rows part by part as the live records arrive (in
 * id order), and `early`, those with nothing to compare (created, nothing to undo, not applied).
 */
export interface Classification {
  total: number;
  fields: string[];
  /** The records whose live values are compared; their rows come first, in this order's ids. */
  toRead: readonly { recordId: string; rowNo: number }[];
  parts(client: UpstreamClient, options?: ClassifyOptions): AsyncGenerator<ClassifiedPart>;
  /** How a quota import differs (read company by company, carry the amount, the policy), null for records. */
  quota: QuotaRevert | null;
  /** The rows with nothing to compare: created by the import, nothing to undo, not applied. */
  early: readonly RevertRow[];
  /** When the import wrote each record (ISO), for who changed it since. */
  appliedAt(recordId: string): string;
}

export async function classification(db: Db, source: SourceImport): Promise<Classification> {
  const applied = await appliedRecords(db, source.id);
  const early: RevertRow[] = [];
  const toRead: Applied[] = [];
  for (const record of applied.values()) {
    if (record.created) {
      const code = record.imported.get('outerSysCode');
      early.push({ ...row(record, 'created', []), code: typeof code === 'string' ? code : null });
    } else if (!restorable(record).length) {
      // Every field went back to what it held, or its old value is unknown: nothing a revert could restore.
      if ([...record.imported.keys()].some((f) => !known(record, f))) early.push(row(record, 'noBefore', []));
    } else toRead.push(record);
  }
  for (const [rowNo, recordId, status] of await rowsNotApplied(db, source.id)) {
    early.push({
      recordId: recordId ?? '',
      code: null,
      rowNo,
      kind: 'notApplied',
      selected: false,
      fields: [],
      status,
    });
  }
  // Quotas are read company by company in this order; the others come id ascending from the list walk.
  const quota = quotaRevertOf(source.family);
  if (!quota) toRead.sort((a, b) => Number(a.recordId) - Number(b.recordId));
  return {
    total: toRead.length + early.length,
    fields: [...new Set(toRead.flatMap((r) => restorable(r).map(([field]) => field)))],
    toRead,
    appliedAt: (recordId) => applied.get(recordId)!.at,
    async *parts(client, options = {}) {
      const compare = (record: Applied, now: Record<string, unknown> | undefined) =>
        compared(quota, record, now, options);
      for await (const part of liveParts(client, source, quota, toRead, options.signal)) {
        yield { rows: part.records.map(([record, now]) => compare(record, now)), live: part.live };
      }
    },
    early,
    quota,
  };
}

/** One record compared with its live values: still holding what the import wrote (restore) or changed since. */
function compared(
  quota: QuotaRevert | null,
  record: Applied,
  now: Record<string, unknown> | undefined,
  options: ClassifyOptions,
): RevertRow {
  const fields: RevertField[] = restorable(record).map(([field, imported]) => ({
    field,
    imported,
    before: record.before.get(field) ?? null,
    live: now ? ((now[field] ?? null) as HistoryValue) : null,
  }));
  const still = now !== undefined && fields.every((f) => stillHolds(f.field, f.live ?? null, f.imported));
  const code = typeof now?.outerSysCode === 'string' ? now.outerSysCode : null;
  const entry: RevertRow = { ...row(record, still ? 'restore' : 'changedSince', fields), code };
  const carry = quota?.carry(fields, now);
  if (carry) entry.carry = carry;
  entry.selected = still ? !options.exclude?.has(record.recordId) : Boolean(options.include?.has(record.recordId));
  return entry;
}

/**
 * Every record and row of the import, classified, with the live values read, in the import's row order. `client`
 * reads /v1 (the person's client for a review, the same at the start). Throws from the client when it cannot.
 */
export async function classifyImport(
  db: Db,
  client: UpstreamClient,
  source: SourceImport,
  options: ClassifyOptions & {
    /** The policy in force and its tenant: quota rows it would catch are marked `waitsForApproval`. */
    approval?: { policy: ApprovalPolicy; tenant: string };
  } = {},
): Promise<RevertRow[]> {
  const type = FAMILY_RECORD_TYPE[source.family];
  const plan = await classification(db, source);
  const { quota } = plan;
  const out: RevertRow[] = [];
  const live = new Map<string, Record<string, unknown>>();
  for await (const part of plan.parts(client, options)) {
    out.push(...part.rows);
    for (const [id, record] of part.live) live.set(id, record);
  }
  out.push(...plan.early.map((r) => ({ ...r })));
  const changed = out.filter((r) => r.kind === 'changedSince');
  if (changed.length) {
    const first = changed.reduce((a, r) => (plan.appliedAt(r.recordId) < a ? plan.appliedAt(r.recordId) : a), '9');
    const by = await changesSince(
      db,
      type,
      source.id,
      first,
      changed.map((r) => r.recordId),
      quota ? [...new Set(changed.flatMap((r) => r.fields.map((f) => f.field)))] : null,
    );
    for (const r of changed) {
      const seen = by.get(r.recordId);
      const at = plan.appliedAt(r.recordId);
      r.changedBy = seen && seen.at! > at ? seen : outsideChange(live.get(r.recordId), at);
    }
  }
  const { approval } = options;
  if (approval && quota) await quota.markApprovals(db, approval, out, live);
  return out.sort((a, b) => a.rowNo - b.rowNo);
}

interface LivePart {
  records: [Applied, Record<string, unknown> | undefined][];
  live: Map<string, Record<string, unknown>>;
}

/**
 * The live records by History's record id, part by part: the family's /v1 list modified since the import (id
 * ascending: a record is settled once the walk is past its id, else read by id at the end), or each quota.
 */
async function* liveParts(
  client: UpstreamClient,
  source: SourceImport,
  quota: QuotaRevert | null,
  toRead: readonly Applied[],
  signal?: AbortSignal,
): AsyncGenerator<LivePart> {
  if (quota) {
    const ids = toRead.map((r) => r.recordId);
    const live = await quota.readLive(client, ids, signal);
    yield { records: toRead.map((r) => [r, live.get(r.recordId)]), live };
    return;
  }
  const entity = ENTITY[source.family];
  const ids = toRead.map((r) => Number(r.recordId)).filter((id) => Number.isSafeInteger(id) && id > 0);
  if (!entity || !ids.length) {
    if (toRead.length) yield { records: toRead.map((r) => [r, undefined]), live: new Map() };
    return;
  }
  const seen = new Map<string, Record<string, unknown>>();
  const waiting: Applied[] = [];
  let next = 0;
  for await (const part of readBackInParts(client, { entity, ids }, { since: source.createdAt.getTime(), signal })) {
    const live = new Map(part.records.map((r) => [String(r.id), r as Record<string, unknown>]));
    for (const [id, record] of live) seen.set(id, record);
    const records: LivePart['records'] = [];
    // Past the walk's position a record not seen in the list may still be read by id at the end: it waits.
    while (next < toRead.length && !(Number(toRead[next]!.recordId) > part.through)) {
      const record = toRead[next++]!;
      const now = seen.get(record.recordId);
      if (now || part.through === Infinity) records.push([record, now]);
      else waiting.push(record);
    }
    if (part.through === Infinity)
      for (const record of waiting.splice(0)) records.push([record, seen.get(record.recordId)]);
    if (records.length) yield { records, live };
  }
}

/**
 * A change History has no entry for (the mirror has not seen it, or is off): made outside the console, since
 * every console write is on the record. When: the record's modification time from /v1 where it has one and it
 * is later than the import's write; else only that it came after the import's write.
 */
function outsideChange(now: Record<string, unknown> | undefined, importAt: string): ChangedBy | null {
  if (!now) return null;
  const updatedAt = typeof now.updatedAt === 'string' ? new Date(now.updatedAt) : null;
  if (updatedAt && !Number.isNaN(updatedAt.getTime()) && updatedAt.toISOString() > importAt)
    return { email: null, source: 'outside', at: updatedAt.toISOString(), outside: 'updatedAt' };
  return { email: null, source: 'outside', at: importAt, outside: 'afterImport' };
}

/**
 * An old value a write can put back: read and not empty (null in a batch item keeps the current value, so an
 * empty old value cannot be written back).
 */
const known = (record: Applied, field: string) => record.before.has(field) && record.before.get(field) !== null;

/** The fields the import changed that a revert can put back: an old value known and unlike the imported one. */
const restorable = (record: Applied) =>
  [...record.imported].filter(
    ([field, value]) => known(record, field) && !stillHolds(field, record.before.get(field) ?? null, value),
  );

function row(record: Applied, kind: RevertKind, fields: RevertField[]): RevertRow {
  return { recordId: record.recordId, code: null, rowNo: record.rowNo, kind, selected: kind === 'restore', fields };
}
