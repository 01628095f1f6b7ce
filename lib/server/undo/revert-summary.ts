import 'server-only';
import { sql, type Kysely } from 'kysely';
import { REVERT_LEFT_CODES } from '@/lib/contract/console/reverts';
import { FAMILY_RECORD_TYPE } from '@/lib/contract/history';
import type { FamilyName } from '@/lib/imports/families';
import type { ConsoleDatabase } from '../db';
import { person, writeHistory } from '../history';

/**
 * The audit log's entry naming a revert (issue 56 point 4): once the revert's job has given every row an
 * outcome, one entry with the import it undid and the counts (restored, skipped as changed since, refused,
 * unknown), beside the entries of its chunks. Called by the import job's `store` hook on every flush: a
 * lookup by key for an import that is no revert.
 */

type Db = Kysely<ConsoleDatabase>;

export const REVERT_OPERATION = 'action imports.revert';

export async function recordRevertSummary(db: Db, importId: string, jobId: string): Promise<void> {
  const { rows } = await sql<{
    origin: string;
    reverts: string | null;
    family: FamilyName;
    created_by: string;
    created_by_email: string;
    counts: Record<string, number> | null;
    reverts_origin: string | null;
    total_rows: number;
    upload_closed: boolean;
  }>`
    select i.origin, i.total_rows, i.upload_closed, i.reverts_import_id::text as reverts, i.family, i.created_by, i.created_by_email, c.counts,
      u.origin as reverts_origin
    from import i left join import_count c on c.import_id = i.id left join import u on u.id = i.reverts_import_id
    where i.id = ${importId}`.execute(db);
  const found = rows[0];
  if (!found || found.origin !== 'revert') return;
  const counts = found.counts ?? {};
  if ((counts.pending ?? 0) > 0) return;
  // A revert's rows are stored while its first chunks are sent (./revert.ts): not done before all are in.
  const stored = Object.values(counts).reduce((a, b) => a + b, 0);
  if (stored < found.total_rows && !found.upload_closed) return;
  const { rows: more } = await sql<{ recorded: boolean; changed: number; attempt: number | null }>`
    select exists (select 1 from audit_log where import_id = ${importId}::bigint and job_id = ${jobId}
        and operation = ${REVERT_OPERATION}) as recorded,
      (select count(*)::int from import_row where import_id = ${importId} and status = 'skipped'
        and errors @> ${JSON.stringify([{ code: REVERT_LEFT_CODES.changedSince }])}::jsonb) as changed,
      (select no from import_attempt where import_id = ${importId} and job_id = ${jobId}) as attempt`.execute(db);
  const { recorded, changed, attempt } = more[0]!;
  if (recorded) return;
  const restored = (counts.created ?? 0) + (counts.updated ?? 0) + (counts.ok ?? 0);
  const refused = counts.failed ?? 0;
  const unknown = counts.unknown ?? 0;
  const proposed = counts.proposed ?? 0;
  // The source as the audit log names it (lib/server/audit/operation-words.ts reads "reverts bulk edit").
  const undone = found.reverts_origin === 'bulk' ? 'bulk edit' : 'import';
  await writeHistory(db, {
    actor: person(found.created_by, found.created_by_email),
    operation: REVERT_OPERATION,
    family: 'revert',
    targetIds: found.reverts ? [found.reverts] : [],
    status: 200,
    outcome:
      `reverts ${undone} ${found.reverts}: ${restored} restored, ${changed} skipped as changed since, ` +
      `${refused} refused, ${unknown} unknown` +
      (proposed ? `, ${proposed} sent for approval` : ''),
    result: restored > 0 || proposed > 0 ? 'applied' : unknown > 0 ? 'unknown' : 'refused',
    recordType: FAMILY_RECORD_TYPE[found.family],
    batch: { jobId, importId, attempt: attempt ?? 1, chunk: null },
    records: [],
  });
}
