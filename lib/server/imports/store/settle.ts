import 'server-only';
import { sql } from 'kysely';
import type { Db } from './types';

// Giving the rows still without an outcome one: when the job ends, or when the import was left.

/**
 * When the job has ended, rows still without an outcome get one: never put in a request → not sent; put in
 * a request whose answer was lost → unknown (it may or may not have been written). Under the import row's
 * lock, and closing the upload: a part arriving now is refused instead of landing after this and staying
 * pending (see migration 0180).
 */
export async function settle(db: Db, importId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select 1 from import where id = ${importId} for update`.execute(trx);
    await settleRows(trx, importId);
    await sql`update import set state = 'settled', upload_closed = true where id = ${importId}`.execute(trx);
  });
}

/** Rows still pending get their outcome: in a chunk put in a request → unknown, else not sent. */
async function settleRows(db: Db, importId: string): Promise<void> {
  await sql`
    with sent as (select chunk from import_chunk where import_id = ${importId} and sends > 0)
    update import_row r set
      status = case when r.chunk in (select chunk from sent) then 'unknown' else 'not_sent' end,
      errors = case when r.chunk in (select chunk from sent) then '[{"code":"outcome_unknown"}]'::jsonb else r.errors end
    where r.import_id = ${importId} and r.status = 'pending'`.execute(db);
}

/**
 * The browser starts an import seconds after creating it, right after its first part. One still not started
 * `idleMs` after its creation was left (a tab closed, a start refused, the first part never came): it is
 * closed, so it no longer shows as uploading, and its rows are settled as after a job. Normally none was
 * sent; but a start that read the import as uploading may have created its job and sent a chunk just before
 * (startImport then cancels it): those rows end unknown, not "not sent". Under each import row's lock, as
 * storePart takes it: a part arriving later is refused (import_not_uploading), and so is a start.
 */
export async function closeAbandoned(db: Db, idleMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string }>`
      update import set state = 'abandoned', upload_closed = true
      where state = 'uploading' and created_at < now() - make_interval(secs => ${idleMs / 1000})
      returning id::text as id`.execute(trx);
    for (const { id } of rows) await settleRows(trx, id);
  });
}
