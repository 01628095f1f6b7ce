import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { RecordType } from '@/lib/contract/history';
import type { FamilyName } from '@/lib/imports/families';
import type { ChangedBy } from '@/lib/contract/console/reverts';
import type { ImportOrigin } from '@/lib/contract/console/import-files';
import type { ConsoleDatabase } from '../db';
import type { MirrorEntityName } from '../mirror';

/**
 * What a revert's review (./revert-review.ts) stands on: the import it undoes, how its family names records, and
 * what History says happened to them since.
 */

type Db = Kysely<ConsoleDatabase>;

/** The mirror copy of a family's records, named as History names their type. */
export const ENTITY: Partial<Record<FamilyName, Extract<MirrorEntityName, RecordType>>> = {
  companies: 'companies',
  products: 'products',
  skus: 'skus',
  stock: 'skus',
  prices: 'skus',
  bundles: 'bundles',
  bundlePrices: 'bundles',
};

/** How a write names its record, per family (the batch item's id field). */
export const KEY_FIELD: Partial<Record<FamilyName, string>> = {
  companies: 'id',
  products: 'id',
  skus: 'id',
  stock: 'skuId',
  prices: 'skuId',
  bundles: 'id',
  bundlePrices: 'id',
  creditQuotas: 'companyId',
  pointQuotas: 'companyId',
};

export interface SourceImport {
  id: string;
  family: FamilyName;
  origin: ImportOrigin;
  fileName: string;
  createdAt: Date;
  revertsImportId: string | null;
  jobState: string | null;
  state: string;
}

export async function sourceImport(db: Db, importId: string): Promise<SourceImport | null> {
  if (!/^\d{1,18}$/.test(importId)) return null;
  const { rows } = await sql<{
    id: string;
    family: FamilyName;
    origin: ImportOrigin | null;
    file_name: string;
    created_at: Date | string;
    reverts_import_id: string | null;
    job_state: string | null;
    state: string;
  }>`
    select i.id::text as id, i.family, i.origin, i.file_name, i.created_at, i.reverts_import_id::text as reverts_import_id,
      i.state, j.state as job_state
    from import i left join job j on j.id::text = i.job_id where i.id = ${importId}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    family: row.family,
    origin: row.origin ?? 'file',
    fileName: row.file_name,
    createdAt: new Date(row.created_at),
    revertsImportId: row.reverts_import_id,
    jobState: row.job_state,
    state: row.state,
  };
}

/**
 * The latest change after the import for each of these records, as History tells it. `fields`: only changes
 * naming one of them (a quota is a part of its company's record: an edit of the company's name is no change
 * of its credit limit).
 */
export async function changesSince(
  db: Db,
  type: RecordType,
  importId: string,
  since: string,
  ids: readonly string[],
  fields: readonly string[] | null,
) {
  if (!ids.length) return new Map<string, ChangedBy>();
  const named = fields
    ? sql`and exists (select 1 from jsonb_array_elements(case when jsonb_typeof(c.changes) = 'array'
        then c.changes else '[]'::jsonb end) e where e->>'field' = any(${[...fields]}::text[]))`
    : sql``;
  const { rows } = await sql<{ record_id: string; at: Date | string; source: string; user_email: string }>`
    select distinct on (c.record_id) c.record_id, c.at, c.source, a.user_email
    from audit_change c join audit_log a on a.id = c.audit_id
    where c.record_type = ${type} and c.record_id = any(${[...ids]}::text[]) and c.at > ${since}::timestamptz
      and a.import_id is distinct from ${importId}::bigint and c.result is distinct from 'refused'
      -- A finding is no change of the record (issue 54): it names values, it wrote none.
      and c.source <> 'attention' ${named}
    order by c.record_id, c.at desc`.execute(db);
  return new Map(
    rows.map((r) => [
      r.record_id,
      {
        email: r.source === 'outside' || !r.user_email ? null : r.user_email,
        source: r.source,
        at: new Date(r.at).toISOString(),
      },
    ]),
  );
}
