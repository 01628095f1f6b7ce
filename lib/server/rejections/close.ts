import 'server-only';
import { sql, type Kysely } from 'kysely';
import { recordAudit } from '../audit';
import type { ConsoleDatabase } from '../db';

type Db = Kysely<ConsoleDatabase>;

export interface Closer {
  id: string;
  email: string;
}

/** The audit log's operations and English words (the page shows catalogue words, `audit.what.console.*`). */
export const CLOSE_OPERATION = 'action rejections.close' as const;
export const DISMISS_OPERATION = 'action rejections.dismiss' as const;

const outcomeOf = (count: number, words: string) =>
  `${count} ${count === 1 ? 'row' : 'rows'} the ERP sync could not apply ${words}`;

/**
 * The console applied these records (an import's or a resend's rows, created or updated): their open
 * rejections of the same family and record key close as "fixed in the console", with who sent them, and the
 * audit log says so. Called in the transaction that records the rows' outcomes, so both stand or fall together.
 * Returns how many closed.
 */
export async function closeRejectionsApplied(
  db: Db,
  family: string,
  keys: readonly string[],
  how: 'console',
  by: Closer,
): Promise<number> {
  const wanted = [...new Set(keys.filter((k) => k !== ''))];
  if (wanted.length === 0) return 0;
  const { rows } = await sql<{ record_key: string }>`
    update sync_rejection set closed_at = now(), closed_how = ${how}, closed_by = ${by.id}
    where closed_at is null and family = ${family} and record_key = any(${wanted}::text[])
    returning record_key`.execute(db);
  if (rows.length === 0) return 0;
  await recordAudit(db, {
    userId: by.id,
    userEmail: by.email,
    operation: CLOSE_OPERATION,
    targetIds: [...new Set(rows.map((r) => r.record_key))].slice(0, 1000),
    status: 200,
    outcome: outcomeOf(rows.length, `closed: fixed in the console (${family})`),
    result: 'applied',
    recordType: null,
  });
  return rows.length;
}

/** A steward decides rows need no fix (a test record, a record retired): closed as dismissed, with the reason. */
export async function dismissRejections(db: Db, ids: readonly string[], reason: string, by: Closer): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ record_key: string; family: string }>`
      update sync_rejection set closed_at = now(), closed_how = 'dismissed', closed_by = ${by.id}, close_note = ${reason}
      where closed_at is null and id = any(${[...ids]}::bigint[])
      returning record_key, family`.execute(trx);
    if (rows.length === 0) return 0;
    const families = [...new Set(rows.map((r) => r.family))].join(', ');
    await recordAudit(trx, {
      userId: by.id,
      userEmail: by.email,
      operation: DISMISS_OPERATION,
      targetIds: [...new Set(rows.map((r) => r.record_key))].slice(0, 1000),
      status: 200,
      outcome: outcomeOf(rows.length, `dismissed (${families}): ${reason}`),
      result: 'applied',
      recordType: null,
    });
    return rows.length;
  });
}
