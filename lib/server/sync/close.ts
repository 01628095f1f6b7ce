import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { person } from '../history';
import { CLOSED_COLUMNS_SQL, rejectionOutcome, writeRejectionHistory, type ClosedRejection } from './closed-history';
import type { AppliedRecord } from './parse';

type Db = Kysely<ConsoleDatabase>;

export interface Closer {
  id: string;
  email: string;
}

/**
 * The console applied these records (an import's or a resend's rows, created or updated): their open
 * rejections of the same family and record key close as "fixed in the console", with who sent them, and the
 * audit log and each record's History say so. Called in the transaction that records the rows' outcomes, so
 * both stand or fall together. Returns how many closed.
 */
export async function closeRejectionsApplied(
  db: Db,
  family: string,
  applied: readonly AppliedRecord[],
  how: 'console',
  by: Closer,
): Promise<number> {
  const wanted = [...new Set(applied.map((a) => a.key).filter((k) => k !== ''))];
  if (wanted.length === 0) return 0;
  const { rows } = await sql<ClosedRejection>`
    update sync_rejection set closed_at = now(), closed_how = ${how}, closed_by = ${by.id}
    where closed_at is null and family = ${family} and record_key = any(${wanted}::text[])
    ${CLOSED_COLUMNS_SQL}`.execute(db);
  if (rows.length === 0) return 0;
  const ids = new Map(applied.map((a) => [a.key, a.recordId]));
  await writeRejectionHistory(
    db,
    {
      actor: person(by.id, by.email),
      how,
      outcome: rejectionOutcome(rows.length, `closed: fixed in the console (${family})`),
    },
    rows.map((r) => ({ ...r, recordId: ids.get(r.record_key) ?? null })),
  );
  return rows.length;
}

/** A steward decides rows need no fix (a test record, a record retired): closed as dismissed, with the reason. */
export async function dismissRejections(db: Db, ids: readonly string[], reason: string, by: Closer): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<ClosedRejection>`
      update sync_rejection set closed_at = now(), closed_how = 'dismissed', closed_by = ${by.id}, close_note = ${reason}
      where closed_at is null and id = any(${[...ids]}::bigint[])
      ${CLOSED_COLUMNS_SQL}`.execute(trx);
    if (rows.length === 0) return 0;
    const families = [...new Set(rows.map((r) => r.family))].join(', ');
    await writeRejectionHistory(
      trx,
      {
        actor: person(by.id, by.email),
        how: 'dismissed',
        outcome: rejectionOutcome(rows.length, `dismissed (${families}): ${reason}`),
        note: reason,
      },
      rows,
    );
    return rows.length;
  });
}
