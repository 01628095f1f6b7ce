import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { RecordType, RefLabel } from '@/lib/contract/history';
import type { ConsoleDatabase } from '../db/types';

/** The mirror's table of each record type. */
export const MIRROR_TABLES: Record<RecordType, string> = {
  companies: 'mirror_company',
  products: 'mirror_product',
  skus: 'mirror_sku',
  bundles: 'mirror_bundle',
  users: 'mirror_internal_user',
};

const ID = /^[1-9][0-9]{0,18}$/;

export const recordKey = (type: RecordType, id: string) => `${type}:${id}`;

/**
 * The code and name of the records an audit page shows (`skus:33` → S0005-06 烏龍茶), read from the mirror when
 * the page is drawn. Unlike the names of the values a write held (stored with it, ./value-names.ts), a
 * record's own code and name say which record it is: the audit log is read to find that record today, so
 * its current code and name are the useful ones (the id stays on hover and in the export). A record the
 * mirror has not seen is shown by its id, as before.
 */
export async function recordNames(db: Kysely<ConsoleDatabase>, refs: Iterable<{ type: RecordType; id: string }>): Promise<Map<string, RefLabel>> {
  const byType = new Map<RecordType, Set<string>>();
  for (const { type, id } of refs) if (ID.test(id)) byType.set(type, (byType.get(type) ?? new Set()).add(id));
  const names = new Map<string, RefLabel>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const { rows } = await sql<{ id: string; code: string | null; name: string | null; account: string | null }>`
        select id::text as id, code, name, ${type === 'users' ? sql`account` : sql`null::text`} as account
        from ${sql.table(MIRROR_TABLES[type])} where id = any(${[...ids]}::bigint[])`.execute(db);
      for (const r of rows) names.set(recordKey(type, r.id), { code: r.code ?? r.account, name: r.name });
    }),
  );
  return names;
}

/**
 * The records of every family whose id or ERP code is exactly `text` (the audit page's "Record id or ERP code"
 * without a record type), read from the mirror. An ERP code also matches the `code:` keys of batch items
 * that failed before they had an id.
 */
export async function recordsMatching(db: Kysely<ConsoleDatabase>, text: string, only?: RecordType): Promise<{ type: RecordType | null; id: string }[]> {
  const value = text.trim();
  if (!value) return [];
  const types = only ? [only] : (Object.keys(MIRROR_TABLES) as RecordType[]);
  if (ID.test(value)) return types.map((type) => ({ type: only ?? type, id: value }));
  const found = await Promise.all(
    types.map(async (type) => {
      const { rows } = await sql<{ id: string }>`
        select id::text as id from ${sql.table(MIRROR_TABLES[type])} where code = ${value} order by id limit 500`.execute(db);
      return rows.map((r) => ({ type, id: r.id }) as { type: RecordType | null; id: string });
    }),
  );
  return [...found.flat(), { type: only ?? null, id: `code:${value}` }];
}
