import 'server-only';
import { sql, type Kysely } from 'kysely';
import { BATCH_ENDPOINTS } from '@/lib/contract/endpoints';
import { encodeReview } from '@/lib/contract/history';
import type { FamilyName } from '@/lib/imports/families';
import { MIRROR_TABLES, type ConsoleDatabase } from '../db';
import type { JobContext } from '../jobs';
import { createOldValuesLookup, type MirrorCopy, type MirrorEntityName, type OldValuesInput } from '../mirror';
import { KEY_FIELDS } from './history';
import { loadChunk } from './store';

/**
 * History's old values of an import's rows are the server's (issue 61 point 3), whatever sent them (a file, a bulk
 * edit, a resend, a revert): read before the chunk is first marked sent, never taken from the browser. Each row's
 * record is looked up as the proxy looks up a single write's (lib/server/mirror/reads/old-values.ts): the console's
 * copy when current and agreeing with what the person reviewed, else one read of the record. A row nobody reviewed
 * takes the copy or nothing: reading a large import's records one by one would multiply its calls, while a
 * reviewed one was read whole already ("Compare with live data"). What the browser reviewed stays beside it
 * (import_row_before), compared in ./history.ts.
 */

type Db = Kysely<ConsoleDatabase>;

/** The console's copy of one record, when the runtime runs the mirror (absent in a process with MIRROR=off). */
export type CopyReader = (entity: MirrorEntityName, id: number, tenant: string) => Promise<MirrorCopy | null>;

/** How a row names its record when it carries no id: the code field, the list that finds it, its mirror table. */
const BY_CODE: Partial<Record<FamilyName, { field: string; list: 'companies' | 'products' | 'skus' | 'bundles' }>> = {
  companies: { field: 'outerSysCode', list: 'companies' },
  products: { field: 'outerSysCode', list: 'products' },
  skus: { field: 'outerSysCode', list: 'skus' },
  bundles: { field: 'outerSysCode', list: 'bundles' },
  creditQuotas: { field: 'companyCode', list: 'companies' },
  pointQuotas: { field: 'companyCode', list: 'companies' },
};
const ID_FIELDS = ['id', 'skuId', 'companyId'] as const;
/** Records read at once for one chunk. */
const READS_AT_ONCE = 8;

interface Row {
  rowNo: number;
  item: Record<string, unknown>;
  review: Record<string, unknown> | null;
  /** Whether the record may be read when the copy does not bear the review out (a person reviewed it). */
  read: boolean;
}

const idOf = (item: Record<string, unknown>) =>
  ID_FIELDS.map((f) => item[f]).find((v): v is number => typeof v === 'number' && Number.isSafeInteger(v));

/** Record ids by code: the copy's (MIRROR on), else one list read per code, only for the rows a person reviewed. */
async function idsByCode(db: Db, ctx: JobContext<unknown>, family: FamilyName, rows: Row[], copy: boolean) {
  const byCode = BY_CODE[family];
  const ids = new Map<string, number>();
  if (!byCode) return ids;
  const codes = [...new Set(rows.flatMap((r) => (idOf(r.item) === undefined ? [r.item[byCode.field]] : [])))].filter(
    (c): c is string => typeof c === 'string' && c !== '',
  );
  if (!codes.length) return ids;
  if (copy) {
    const table = MIRROR_TABLES[byCode.list];
    const { rows: found } = await sql<{ id: string; code: string }>`
      select id::text, code from ${sql.table(table)} where code = any(${codes}::text[]) and vanished_at is null`.execute(
      db,
    );
    for (const f of found) ids.set(f.code, Number(f.id));
  }
  const reviewed = new Set(rows.filter((r) => r.read).map((r) => r.item[byCode.field]));
  await inTurns(
    codes.filter((c) => !ids.has(c) && reviewed.has(c)),
    async (code) => {
      const page = await ctx.upstream
        .list(byCode.list, { filters: { outerSysCode: code }, pageSize: 10 }, ctx.signal)
        .catch(() => null);
      const match = page?.data.find((record) => record.outerSysCode === code);
      if (match) ids.set(code, match.id);
    },
  );
  return ids;
}

async function inTurns<T>(items: readonly T[], each: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += READS_AT_ONCE) await Promise.all(items.slice(i, i + READS_AT_ONCE).map(each));
}

/**
 * Reads and stores the old values of a chunk's rows before the chunk is marked sent for the first time (a chunk
 * sent before keeps what was read then: the values before its first request). Never fails the chunk: a row whose
 * record could not be read has no line, and its History says "previous value not read".
 */
export async function readChunkOldValues(
  family: FamilyName,
  importId: string,
  chunk: number,
  ctx: JobContext<unknown>,
  copy?: CopyReader,
): Promise<void> {
  // One small read first: an import nobody reviewed, without the console's copy, has nothing to look up.
  const { rows: facts } = await sql<{ origin: string; sends: number | null; reviews: number }>`
    select i.origin,
      (select sends from import_chunk where import_id = i.id and chunk = ${chunk}) as sends,
      (select count(*)::int from import_row_before b join import_row r
         on r.import_id = b.import_id and r.row_no = b.row_no and r.attempt = b.attempt
       where b.import_id = i.id and r.chunk = ${chunk} and r.status = 'pending' and b.before <> '{}'::jsonb) as reviews
    from import i where i.id = ${importId}`.execute(ctx.db);
  const fact = facts[0];
  if (!fact || (fact.sends ?? 0) > 0 || (fact.reviews === 0 && !copy)) return;
  // A revert's rows carry the live values the server itself read for its review (lib/server/undo/revert.ts): those
  // are its old values.
  if (fact.origin === 'revert') {
    await sql`
    insert into import_row_old (import_id, row_no, attempt, old, read_by, read_at)
    select b.import_id, b.row_no, b.attempt, b.before, 'read', i.created_at
    from import i join import_row_before b on b.import_id = i.id
      join import_row r on r.import_id = b.import_id and r.row_no = b.row_no and r.attempt = b.attempt
    where i.id = ${importId} and r.chunk = ${chunk} and r.status = 'pending'
    on conflict do nothing`.execute(ctx.db);
    return;
  }
  const pending = (await loadChunk(ctx.db, importId, chunk, { items: true })).rows.filter(
    (r) => r.status === 'pending' && r.item,
  );
  if (!pending.length) return;
  const { rows: reviews } = await sql<{ row_no: number; before: Record<string, unknown> }>`
    select b.row_no, b.before from import_row_before b
      join import_row r on r.import_id = b.import_id and r.row_no = b.row_no and r.attempt = b.attempt
    where b.import_id = ${importId} and b.row_no = any(${pending.map((r) => r.rowNo)}::int[])`.execute(ctx.db);
  // A review of {} is a create's ("no such record"): nothing to read.
  const reviewOf = new Map(reviews.filter((r) => Object.keys(r.before).length).map((r) => [r.row_no, r.before]));
  // Every reviewed row may be read: a revert puts back these values, and none is taken from the browser. With the
  // mirror on, a read is the exception (a review its copy does not bear out); MIRROR=off pays one per row.
  const rows: Row[] = pending.map((r) => {
    const review = reviewOf.get(r.rowNo) ?? null;
    return { rowNo: r.rowNo, item: r.item!, review, read: review !== null };
  });
  const ids = await idsByCode(ctx.db, ctx, family, rows, copy !== undefined);
  const lookup = createOldValuesLookup({
    copy: copy && ((entity, id) => copy(entity, id, ctx.tenant)),
    send: (input) => ctx.upstream.send(input),
  });
  const operation = BATCH_ENDPOINTS[family].operation;
  const found: { row_no: number; old: unknown; by: string; at: string }[] = [];
  await inTurns(rows, async (row) => {
    const code = BY_CODE[family] && row.item[BY_CODE[family].field];
    const id = idOf(row.item) ?? (typeof code === 'string' ? ids.get(code) : undefined);
    const fields = Object.keys(row.item).filter((f) => !KEY_FIELDS.has(f) && row.item[f] !== undefined);
    if (id === undefined || !fields.length) return;
    const input: OldValuesInput = {
      operation,
      id: String(id),
      fields,
      reviewHeader: row.review ? (encodeReview(row.review) ?? null) : null,
      signal: ctx.signal,
      read: row.read,
    };
    const old = await lookup(input).catch(() => null);
    if (old) found.push({ row_no: row.rowNo, old: old.values, by: old.read.by, at: old.read.at });
  });
  if (!found.length) return;
  await sql`
    insert into import_row_old (import_id, row_no, attempt, old, read_by, read_at)
    select ${importId}::bigint, x.row_no, r.attempt, x.old, x.by, x.at
    from json_to_recordset(${JSON.stringify(found)}::json) as x(row_no integer, old jsonb, by text, at timestamptz)
      join import_row r on r.import_id = ${importId} and r.row_no = x.row_no
    on conflict do nothing`.execute(ctx.db);
}
