import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { FamilyName } from '@/lib/imports/families';
import { MIRROR_TABLES, type ConsoleDatabase } from '../db';
import { KEY_FIELDS, type SentOutcome } from '../imports';
import { ENTITY } from './revert-source';

/**
 * What a revert goes back to when the import read nothing before sending (no "Compare with live data"): the
 * fields each applied row sent, as the mirror held them. Stored by the import job's `store` hook, which runs
 * before the write-through copies the chunk's new values into the mirror (lib/server/jobs/record-finished.ts),
 * in one statement per flush. A record the mirror did not hold has no line; its revert says so.
 */

type Db = Kysely<ConsoleDatabase>;

/** The mirror table holding a family's records (quotas are not copied as records: no prior). */
const mirrorTableOf = (family: FamilyName) => {
  const entity = ENTITY[family];
  return entity ? MIRROR_TABLES[entity] : undefined;
};

export async function storePriors(
  db: Db,
  importId: string,
  family: FamilyName,
  chunks: readonly { chunk: number; outcomes: readonly SentOutcome[] }[],
): Promise<void> {
  const table = mirrorTableOf(family);
  if (!table) return;
  const rows = chunks.flatMap(({ outcomes }) =>
    outcomes.flatMap((o) =>
      (o.status === 'updated' || o.status === 'ok') && o.recordId !== null && o.sent
        ? [
            {
              row_no: o.rowNo,
              record_id: o.recordId,
              fields: Object.keys(o.sent).filter((f) => !KEY_FIELDS.has(f) && o.sent![f] !== undefined),
            },
          ]
        : [],
    ),
  );
  if (!rows.length) return;
  await sql`
    insert into import_row_prior (import_id, row_no, attempt, prior)
    select ${importId}::bigint, x.row_no, r.attempt,
      coalesce((select jsonb_object_agg(f.name, m.record -> f.name)
        from jsonb_array_elements_text(x.fields) as f(name) where m.record ? f.name), '{}'::jsonb)
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(row_no integer, record_id bigint, fields jsonb)
      join ${sql.table(table)} m on m.id = x.record_id
      join import_row r on r.import_id = ${importId} and r.row_no = x.row_no
    on conflict do nothing`.execute(db);
}
