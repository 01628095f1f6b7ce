import 'server-only';
import { sql, type RawBuilder } from 'kysely';
import type { RowIssue } from '@/lib/imports/check';
import { json, type Db, type RowOutcomeStatus, type RowStatus } from './types';

// The job's side: one chunk at a time.

export interface ChunkRow {
  rowNo: number;
  item: Record<string, unknown> | null;
  keyed: boolean;
  status: RowStatus;
}

export interface LoadedChunk {
  /** Requests that carried this chunk so far (takeChunk): above 0, its rows without an outcome may be written. */
  sends: number;
  /** The chunk's rows in file order; `item` only when asked for. */
  rows: ChunkRow[];
}

/**
 * The chunk's rows, with each row's item when `items` is given: its own, or else its chunk body's at the
 * row's place, the body being parsed only when `items` (an SQL condition) holds.
 */
const chunkRows = (importId: string, chunk: number, items: RawBuilder<boolean> | null) => sql`
  select r.row_no, r.keyed, r.status, ${items ? sql`coalesce(r.item, e.item)` : sql`null::jsonb`} as item
  from import_row r
  ${
    items
      ? sql`left join (
          select e.item, e.row_no from import_chunk c
            cross join lateral rows from (
              jsonb_array_elements(case when ${items} then c.body::jsonb end),
              unnest(case when ${items} then c.body_row_nos end)
            ) as e(item, row_no)
          where c.import_id = ${importId} and c.chunk = ${chunk}
        ) e on e.row_no = r.row_no`
      : sql``
  }
  where r.import_id = ${importId} and r.chunk = ${chunk}`;

/** The chunk's rows in file order. Read as one JSON text: PGlite decodes a result row by row in JavaScript. */
export async function loadChunk(
  db: Db,
  importId: string,
  chunk: number,
  options: { items?: boolean } = {},
): Promise<LoadedChunk> {
  const { rows } = await sql<{ sends: number | null; rows: string | null }>`
    select (select sends from import_chunk where import_id = ${importId} and chunk = ${chunk}) as sends,
      (select json_agg(json_build_array(r.row_no, r.keyed, r.status, r.item) order by r.row_no)::text
       from (${chunkRows(importId, chunk, options.items ? sql<boolean>`true` : null)}) r) as rows`.execute(db);
  const found = rows[0]!;
  const list = JSON.parse(found.rows ?? '[]') as [number, boolean, RowStatus, Record<string, unknown> | null][];
  return {
    sends: found.sends ?? 0,
    rows: list.map(([rowNo, keyed, status, item]) => ({ rowNo, item, keyed, status })),
  };
}

export type TakenChunk =
  /** Nothing to send: no row of the chunk is still without an outcome. */
  | { action: 'done' }
  /** Put in a request before and not every row may be sent again: the rows' outcome is unknown. */
  | { action: 'unknown'; rowNos: number[] }
  /**
   * Marked sent (committed): send these rows now. `body` is the request stored at upload when it holds
   * exactly them, else `items` are the rows' items in order. `keyed`: every row is an idempotent upsert.
   */
  | { action: 'send'; rowNos: number[]; keyed: boolean; body: string | null; items: Record<string, unknown>[] | null }
  /** Rows without an item to send (never expected): nothing was marked or sent. */
  | { action: 'broken'; sends: number; rowNos: number[] };

/**
 * What the job does with a chunk, decided and marked in one statement: the chunk's rows still without an
 * outcome are marked sent (import_chunk.sends + 1) unless they were put in a request before and are not
 * all idempotent keyed upserts (the unknown-outcome rule). In autocommit, so the mark is committed before
 * the caller sends anything. The request body stored at upload is used when the chunk's rows are exactly
 * those it was stored with (all still pending, and stored by that statement: no item of their own), else
 * the items are read from the rows.
 */
export async function takeChunk(db: Db, importId: string, chunk: number): Promise<TakenChunk> {
  let found = await take(db, importId, chunk, false);
  // Rows without an item of their own in a chunk not sent whole: read again, their items from the body.
  if (!found.marked && found.pending > 0 && (found.sends === 0 || found.keyed) && !found.whole && found.bare > 0) {
    found = await take(db, importId, chunk, true);
  }
  if (found.pending === 0) return { action: 'done' };
  const list = JSON.parse(found.rows ?? '[]') as [number, Record<string, unknown> | null][];
  const rowNos = list.map(([rowNo]) => rowNo);
  if (found.marked > 0) {
    return {
      action: 'send',
      rowNos,
      keyed: found.keyed,
      body: found.body,
      items: found.whole ? null : list.map(([, item]) => item!),
    };
  }
  if (found.sends > 0 && !found.keyed) return { action: 'unknown', rowNos };
  return { action: 'broken', sends: found.sends, rowNos };
}

/**
 * takeChunk's statement. Without `fromBody` (every send: kept small, as it is planned every time) a row's item
 * is its own, and a chunk with rows without one is marked only when it is sent whole, as its body. With it,
 * such rows take their items from the body, and the chunk is sent as items.
 */
async function take(db: Db, importId: string, chunk: number, fromBody: boolean) {
  const rowsOf = fromBody ? sql`(${chunkRows(importId, chunk, sql<boolean>`true`)})` : sql`import_row`;
  const whole = fromBody
    ? sql`false`
    : sql`coalesce(c.body is not null and s.pending = s.total and s.total = c.body_rows
          and case when c.body_row_nos is null then s.bare = 0 else s.bare = s.total end, false)`;
  const { rows } = await sql<{
    sends: number;
    pending: number;
    bare: number;
    keyed: boolean;
    whole: boolean;
    marked: number;
    body: string | null;
    rows: string | null;
  }>`
    with d as (
      select s.*, coalesce(c.sends, 0) as sends, ${whole} as whole
      from (
        select count(*)::int as total,
          count(*) filter (where r.status = 'pending')::int as pending,
          count(*) filter (where r.status = 'pending' and r.item is null)::int as bare,
          coalesce(bool_and(r.keyed) filter (where r.status = 'pending'), true) as keyed,
          json_agg(json_build_array(r.row_no, r.item) order by r.row_no) filter (where r.status = 'pending') as rows
        from ${rowsOf} r ${fromBody ? sql`` : sql`where r.import_id = ${importId} and r.chunk = ${chunk}`}
      ) s left join import_chunk c on c.import_id = ${importId} and c.chunk = ${chunk}
    ),
    mark as (
      insert into import_chunk as k (import_id, chunk, sends)
      select ${importId}, ${chunk}, 1 from d
      where d.pending > 0 and (d.sends = 0 or d.keyed) and (d.whole or d.bare = 0)
      on conflict (import_id, chunk) do update set sends = k.sends + 1
      returning 1
    )
    select d.sends, d.pending, d.bare, d.keyed, d.whole, (select count(*) from mark)::int as marked,
      case when d.whole then (select body from import_chunk where import_id = ${importId} and chunk = ${chunk}) end as body,
      d.rows::text as rows
    from d`.execute(db);
  return rows[0]!;
}

export interface RowOutcome {
  rowNo: number;
  status: RowOutcomeStatus;
  recordId: number | null;
  errors: RowIssue[];
}

/** The outcomes of one chunk's rows. */
export async function recordOutcomes(
  db: Db,
  importId: string,
  chunk: number,
  outcomes: readonly RowOutcome[],
): Promise<void> {
  await recordChunkOutcomes(db, importId, [{ chunk, outcomes }]);
}

/**
 * The outcomes of several chunks' rows, in one statement (the job records the chunks finished since its last
 * flush together: one statement and one run of the count trigger instead of one per chunk). A row is
 * written only while it is still in that chunk; the chunks bound the statement to their rows (an index lookup).
 * `= any(array)`, not `in (…)`: with one chunk, `in` would let the planner filter the recordset by it and
 * join by nested loop, reading the whole recordset once per row.
 */
export async function recordChunkOutcomes(
  db: Db,
  importId: string,
  chunks: readonly { chunk: number; outcomes: readonly RowOutcome[] }[],
): Promise<void> {
  const records = chunks.flatMap(({ chunk, outcomes }) =>
    outcomes.map((o) => ({ row_no: o.rowNo, chunk, status: o.status, record_id: o.recordId, errors: o.errors })),
  );
  if (!records.length) return;
  const list = [...new Set(records.map((r) => r.chunk))];
  await sql`
    update import_row r set status = x.status, record_id = x.record_id, errors = x.errors
    from json_to_recordset(${json(records)}::json) as x(row_no integer, chunk integer, status text, record_id bigint, errors jsonb)
    where r.import_id = ${importId} and r.chunk = any(${list}::int[]) and r.row_no = x.row_no and r.chunk = x.chunk`.execute(
    db,
  );
}
