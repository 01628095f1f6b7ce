import 'server-only';
import { sql } from 'kysely';
import { FAMILIES, type FamilyName } from '@/lib/imports/families';
import { CHUNK_SIZE } from '@/lib/imports/import-api';
import { BATCH_KEYED } from '../../upstream';
import { storeBefore } from './before';
import { json, type Db, type ImportMeta, type UploadRow } from './types';

// Creating an import and taking its parts until it starts.

export async function createImport(db: Db, meta: ImportMeta, user: { id: string; email: string }): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    insert into import (family, file_name, encoding, delimiter, headers, mapping, total_rows, created_by, created_by_email, origin)
    values (${meta.family}, ${meta.fileName}, ${meta.encoding}, ${meta.delimiter}, ${json(meta.headers)}::jsonb,
            ${json(meta.mapping)}::jsonb, ${meta.totalRows}, ${user.id}, ${user.email}, ${meta.origin ?? 'file'})
    returning id::text as id`.execute(db);
  return rows[0]!.id;
}

/**
 * Stores a part of the rows. The item of each row is checked again here with the family's contract schema
 * (the browser's check is a convenience, not a guarantee): a row that fails is held back with those codes.
 *
 * A chunk whose whole row range is in the part gets its request body stored with it (see chunkBodies), and
 * its rows then keep no item of their own: the body holds it, at the row's place in `body_row_nos`. The body
 * is stored first and only if the chunk has none yet (`on conflict do nothing`); only a statement that stored
 * a chunk's body leaves its rows' items out. Rows of that chunk stored by another statement (a part sent
 * twice, on Postgres at the same moment) keep their items, and the job then sends the chunk from its rows.
 */
export async function appendRows(
  db: Db,
  importId: string,
  family: FamilyName,
  rows: readonly UploadRow[],
): Promise<void> {
  const { schema } = FAMILIES[family];
  const keyed = BATCH_KEYED[family];
  const records = rows.map((row) => {
    let item = row.item;
    let errors = row.errors;
    if (item) {
      const parsed = schema.safeParse(item);
      if (!parsed.success) {
        errors = parsed.error.issues.map((issue) => ({
          code: issue.message,
          ...(typeof issue.path[0] === 'string' ? { field: issue.path[0] } : {}),
        }));
        item = null;
      }
    }
    return {
      row_no: row.rowNo,
      line: row.line,
      cells: row.cells,
      item,
      keyed: item ? keyed(item) : false,
      status: row.skip && item ? 'skipped' : item ? 'pending' : 'not_sent',
      // Rows skipped as unchanged are never sent: no chunk, so an import of only such rows starts no job.
      chunk: item && !row.skip ? Math.floor(row.rowNo / CHUNK_SIZE) : null,
      errors,
      warnings: row.warnings,
      predicted: item ? (row.predicted ?? null) : null,
    };
  });
  // A row whose chunk has a body in this part travels without its item (the body has it). Should that body
  // not be stored (the chunk had its record already), the row takes its item from this part's body (`kept`).
  // json, not jsonb, for what is only passed through.
  const bodies = chunkBodies(records);
  const inBody = new Set(bodies.map((b) => b.chunk));
  const rowRecords = records.map((r) => (r.chunk !== null && inBody.has(r.chunk) ? { ...r, item: undefined } : r));
  // The import is checked and locked once here, not per row by a foreign key (see migration 0171).
  const { rows: found } = await sql<{ found: boolean }>`
    with target as (select id from import where id = ${importId} for key share),
    part as (
      select * from json_to_recordset(${json(bodies)}::json) as b(chunk integer, body text, rows integer, row_nos integer[])
      where exists (select 1 from target)
    ),
    stored as (
      insert into import_chunk (import_id, chunk, body, body_rows, body_row_nos)
      select ${importId}::bigint, chunk, body, rows, row_nos from part
      on conflict (import_id, chunk) do nothing
      returning chunk
    ),
    kept as (
      select e.item, e.row_no from part p
        cross join lateral rows from (jsonb_array_elements(p.body::jsonb), unnest(p.row_nos)) as e(item, row_no)
      where p.chunk not in (select chunk from stored)
    ),
    inserted as (
      insert into import_row (import_id, row_no, line, cells, item, keyed, status, chunk, errors, warnings, predicted)
      select ${importId}::bigint, x.row_no, x.line, x.cells,
        case when x.chunk in (select chunk from stored) then null else coalesce(x.item::jsonb, k.item) end,
        x.keyed, x.status, x.chunk, x.errors, x.warnings, x.predicted
      from json_to_recordset(${json(rowRecords)}::json)
        as x(row_no integer, line integer, cells jsonb, item json, keyed boolean, status text, chunk integer, errors jsonb, warnings jsonb, predicted text)
        left join kept k on k.row_no = x.row_no
      where exists (select 1 from target)
      on conflict (import_id, row_no) do nothing
    )
    select exists (select 1 from target) as found`.execute(db);
  if (!found[0]!.found) throw new ImportNotFoundError(importId);
  // The old values read before sending, for History (only rows that were read; none without comparison).
  if (rows.some((r) => r.before)) await storeBefore(db, importId, 1, rows);
}

export class ImportNotFoundError extends Error {
  constructor(importId: string) {
    super(`import ${importId} not found`);
  }
}

/**
 * The request body of each chunk whose whole row range is in this part: its rows to send, in row order,
 * serialised once, with their row numbers. A chunk split across parts gets none (the job builds it from the rows).
 */
function chunkBodies(records: readonly { row_no: number; item: unknown; chunk: number | null }[]) {
  const present = new Map<number, number>();
  const items = new Map<number, { rowNos: number[]; items: unknown[] }>();
  for (const r of [...records].sort((a, b) => a.row_no - b.row_no)) {
    const c = Math.floor(r.row_no / CHUNK_SIZE);
    present.set(c, (present.get(c) ?? 0) + 1);
    if (r.chunk === null) continue;
    if (!items.has(r.chunk)) items.set(r.chunk, { rowNos: [], items: [] });
    const entry = items.get(r.chunk)!;
    entry.rowNos.push(r.row_no);
    entry.items.push(r.item);
  }
  const bodies: { chunk: number; body: string; rows: number; row_nos: number[] }[] = [];
  for (const [chunk, entry] of items) {
    if (present.get(chunk) !== CHUNK_SIZE) continue;
    bodies.push({ chunk, body: json(entry.items), rows: entry.items.length, row_nos: entry.rowNos });
  }
  return bodies;
}

/**
 * A chunk is CHUNK_SIZE consecutive rows of the file (row_no / size); its held-back rows stay out of it, so a
 * chunk sends at most that many. The number is written with the rows (appendRows), so starting an import of
 * 100,000 rows does not rewrite them all; another size (tests) renumbers. Returns how many chunks there are.
 */
export async function assignChunks(db: Db, importId: string, chunkSize = CHUNK_SIZE): Promise<number> {
  if (chunkSize !== CHUNK_SIZE) {
    // The bodies stored at upload hold the rows of the default chunks: their rows take their items back first.
    await sql`
      update import_row r set item = e.item
      from import_chunk c
        cross join lateral rows from (jsonb_array_elements(c.body::jsonb), unnest(c.body_row_nos)) as e(item, row_no)
      where c.import_id = ${importId} and c.body_row_nos is not null
        and r.import_id = c.import_id and r.chunk = c.chunk and r.row_no = e.row_no and r.item is null`.execute(db);
    await sql`
      update import_row set chunk = row_no / ${chunkSize}
      where import_id = ${importId} and chunk is not null and status = 'pending'`.execute(db);
    await sql`update import_chunk set body = null, body_rows = null, body_row_nos = null where import_id = ${importId}`.execute(
      db,
    );
  }
  const { rows } = await sql<{ chunks: number }>`
    select coalesce(max(chunk) + 1, 0)::int as chunks from import_row where import_id = ${importId}`.execute(db);
  return rows[0]!.chunks;
}

/**
 * The import runs `jobId` (null: nothing to send, settled at once). With `onlyIfUploading` (the first start),
 * only while it is still uploading: false when it was closed meanwhile (closeAbandoned).
 */
export async function markStarted(
  db: Db,
  importId: string,
  jobId: string | null,
  options: { onlyIfUploading?: boolean } = {},
): Promise<boolean> {
  const { rows } = await sql`
    update import set state = ${jobId ? 'started' : 'settled'}, job_id = ${jobId}
    where id = ${importId} ${options.onlyIfUploading ? sql`and state = 'uploading'` : sql``}
    returning id`.execute(db);
  return rows.length > 0;
}

/** An import created but never started and holding no row (its job could not start): as if never made. */
export async function discardUnstarted(db: Db, importId: string): Promise<void> {
  await sql`
    delete from import i where i.id = ${importId} and i.state = 'uploading'
      and not exists (select 1 from import_row r where r.import_id = i.id)`.execute(db);
}

/** A revert's import names the import it undoes (migration 0600). */
export async function markReverts(db: Db, revertId: string, sourceId: string): Promise<void> {
  await sql`update import set reverts_import_id = ${sourceId}::bigint where id = ${revertId}`.execute(db);
}
