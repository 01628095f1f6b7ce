import 'server-only';
import { sql } from 'kysely';
import type { Db } from './types';

/** Stores the old values read for rows of an attempt (only rows that carry them), for the rows' History. */
export async function storeBefore(
  db: Db,
  importId: string,
  attempt: number,
  rows: readonly { rowNo: number; before?: Record<string, unknown> | null }[],
): Promise<void> {
  const records = rows.filter((r) => r.before).map((r) => ({ row_no: r.rowNo, before: r.before }));
  if (!records.length) return;
  await sql`
    insert into import_row_before (import_id, row_no, attempt, before)
    select ${importId}::bigint, x.row_no, ${attempt}::int, x.before
    from json_to_recordset(${JSON.stringify(records)}::json) as x(row_no integer, before jsonb)
    on conflict do nothing`.execute(db);
}
