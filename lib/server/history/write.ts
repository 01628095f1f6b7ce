import 'server-only';
import { sql, type Kysely } from 'kysely';
import { familyOf } from '@/lib/contract/history';
import type { ConsoleDatabase } from '../db';
import { changedOnly } from './changed';
import { actorColumns, type HistoryWrite } from './entry';

const json = (value: unknown) => JSON.stringify(value);

/**
 * The one writer of the audit tables: an audit entry and one change record per record it touched, in one
 * statement (a 200-row chunk is one set-based insert, not 200). Every source calls it, so every entry has the
 * same shape: a named actor, and only the fields whose value changed (the others counted). Returns the entry's id.
 */
export async function writeHistory(db: Kysely<ConsoleDatabase>, entry: HistoryWrite): Promise<string> {
  const who = actorColumns(entry.actor);
  const rows = (entry.records ?? []).map((c) => {
    const kept = c.changes ? changedOnly(c.changes) : null;
    return {
      record_type: c.recordType,
      record_id: c.recordId,
      source: c.source,
      result: c.result,
      action: c.action ?? null,
      row_no: c.rowNo ?? null,
      changes: c.finding ? null : (kept?.changes ?? null),
      unchanged: kept?.unchanged ?? 0,
      old_read: c.oldRead,
      finding: c.finding ?? null,
      restores_change_id: c.restoresChangeId ?? null,
    };
  });
  const single = entry.changes ? changedOnly(entry.changes).changes : null;
  const { rows: inserted } = await sql<{ id: string }>`
    with entry as (
      insert into audit_log (user_id, user_email, operation, target_ids, status, outcome, result, failed_ids, unknown_ids,
        record_type, changes, family, job_id, import_id, attempt, chunk, request_id, client_address, window_from, window_to)
      values (${who.userId}, ${who.email}, ${entry.operation}, ${[...entry.targetIds]}::text[], ${entry.status},
        ${entry.outcome}, ${entry.result ?? null}, ${[...(entry.failedIds ?? [])]}::text[],
        ${[...(entry.unknownIds ?? [])]}::text[], ${entry.recordType ?? null}, ${single ? json(single) : null}::jsonb,
        ${entry.family ?? familyOf(entry.operation)}, ${entry.batch?.jobId ?? null}, ${entry.batch?.importId ?? null}::bigint,
        ${entry.batch?.attempt ?? null}::int, ${entry.batch?.chunk ?? null}::int, ${entry.requestId ?? null},
        ${entry.clientAddress ?? null}, ${entry.window?.from?.toISOString() ?? null}::timestamptz,
        ${entry.window?.to.toISOString() ?? null}::timestamptz)
      returning id, at
    ),
    records as (
      insert into audit_change (audit_id, at, record_type, record_id, source, result, action, row_no, changes, unchanged,
        old_read, finding, restores_change_id)
      select entry.id, entry.at, x.record_type, x.record_id, x.source, x.result, x.action, x.row_no, x.changes,
        x.unchanged, x.old_read, x.finding, x.restores_change_id::bigint
      from entry, json_to_recordset(${json(rows)}::json)
        as x(record_type text, record_id text, source text, result text, action text, row_no integer, changes jsonb,
          unchanged integer, old_read boolean, finding jsonb, restores_change_id text)
    )
    select id::text as id from entry`.execute(db);
  return inserted[0]!.id;
}
