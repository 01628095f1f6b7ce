import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ClosedHow } from '@/lib/contract/console/rejection-types';
import { FAMILY_RECORD_TYPE, type HistoryValue, type RecordType } from '@/lib/contract/history';
import { isFamilyName } from '@/lib/imports/family-columns';
import { MIRROR_TABLES, type ConsoleDatabase } from '../db';
import { writeHistory, type Actor, type RecordChange } from '../history';

type Db = Kysely<ConsoleDatabase>;

/** The audit log's operations (the page shows catalogue words, `audit.what.console.*`). */
export const CLOSE_OPERATION = 'action rejections.close' as const;
export const DISMISS_OPERATION = 'action rejections.dismiss' as const;

/** The audit log's English for closed rejections ("3 rows the ERP sync could not apply closed: …"). */
export const rejectionOutcome = (count: number, words: string) =>
  `${count} ${count === 1 ? 'row' : 'rows'} the ERP sync could not apply ${words}`;

/** What a close of sync_rejection rows returns: what each record's History entry says. */
export const CLOSED_COLUMNS_SQL = sql`returning family, record_key, error_code, error_field, item`;

/** A rejection as its close returned it (sync_rejection's columns), with the record's id where the writer knew it. */
export interface ClosedRejection {
  family: string;
  record_key: string;
  error_code: string;
  error_field: string | null;
  item: unknown;
  recordId?: number | null;
}

const parsed = (item: unknown): Record<string, unknown> => {
  const value = typeof item === 'string' ? (JSON.parse(item) as unknown) : item;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
};

/**
 * The records the closed rejections name: the id the write's answer gave, an `id:12` key, or the record of that ERP
 * code in the console's copy of the service (a SKU code may name SKUs of several products: each gets the entry).
 * A create that never applied names no record, and the audit log alone has it.
 */
async function recordsOf(db: Db, closed: readonly ClosedRejection[]) {
  const found: { type: RecordType; id: string; rejection: ClosedRejection }[] = [];
  const byCode = new Map<RecordType, ClosedRejection[]>();
  for (const r of closed) {
    if (!isFamilyName(r.family)) continue;
    const type = FAMILY_RECORD_TYPE[r.family];
    const id = r.recordId ?? (r.record_key.startsWith('id:') ? Number(r.record_key.slice(3)) : null);
    if (id !== null && Number.isSafeInteger(id)) found.push({ type, id: String(id), rejection: r });
    else if (r.record_key !== '') byCode.set(type, [...(byCode.get(type) ?? []), r]);
  }
  for (const [type, rows] of byCode) {
    const codes = [...new Set(rows.map((r) => r.record_key))];
    const { rows: mirrored } = await sql<{ id: string; code: string }>`
      select id::text as id, code from ${sql.table(MIRROR_TABLES[type])} where code = any(${codes}::text[])`.execute(
      db,
    );
    for (const m of mirrored)
      for (const r of rows) if (r.record_key === m.code) found.push({ type, id: m.id, rejection: r });
  }
  return found;
}

/**
 * One audit entry for closed rejections, and on each record they name an entry of its History (source `sync`):
 * how it closed, with the ERP's error and the value it sent, and a dismissal's reason. Through the one writer.
 */
export async function writeRejectionHistory(
  db: Db,
  entry: { actor: Actor; how: ClosedHow; outcome: string; note?: string },
  closed: readonly ClosedRejection[],
): Promise<void> {
  if (closed.length === 0) return;
  const records: RecordChange[] = (await recordsOf(db, closed)).map(({ type, id, rejection }) => {
    const item = parsed(rejection.item);
    const value = rejection.error_field ? ((item[rejection.error_field] ?? null) as HistoryValue) : null;
    return {
      recordType: type,
      recordId: id,
      source: 'sync',
      result: 'applied',
      action: entry.how,
      changes: null,
      oldRead: false,
      finding: {
        values: { error: rejection.error_code, field: rejection.error_field, value },
        ...(entry.note ? { reason: entry.note } : {}),
      },
    };
  });
  await writeHistory(db, {
    actor: entry.actor,
    operation: entry.how === 'dismissed' ? DISMISS_OPERATION : CLOSE_OPERATION,
    targetIds: [...new Set(closed.map((r) => r.record_key))].slice(0, 1000),
    status: 200,
    outcome: entry.outcome,
    result: 'applied',
    recordType: null,
    records,
  });
}
