import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { RecordType, RefLabel } from '@/lib/contract/history';
import { MIRROR_TABLES, type ConsoleDatabase } from '../db';
import type { LiveNames } from './value-names';

const ID = /^[1-9][0-9]{0,18}$/;

export const recordKey = (type: RecordType, id: string) => `${type}:${id}`;

/**
 * The code and name of the records an audit page shows (`skus:33` → S0005-06 烏龍茶), read from the mirror when
 * the page is drawn. Unlike the names of the values a write held (stored with it, ./value-names.ts), a
 * record's own code and name say which record it is: the audit log is read to find that record today, so
 * its current code and name are the useful ones (the id stays on hover and in the export). A record the
 * mirror has not seen is shown by its id, as before.
 */
export async function recordNames(
  db: Kysely<ConsoleDatabase>,
  refs: Iterable<{ type: RecordType; id: string }>,
  live?: LiveNames,
): Promise<Map<string, RefLabel>> {
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
  if (live) await namesLive(live, byType, names);
  return names;
}

const READ_OF = { companies: 'company', products: 'product', skus: 'sku', bundles: 'bundle' } as const;
/** Live reads per page at most (with the mirror off; with it on, none are needed). */
const LIVE_READS_MAX = 50;

/** The records the mirror did not name, read live (MIRROR=off); one that cannot be read keeps its id. */
async function namesLive(
  live: LiveNames,
  byType: Map<RecordType, Set<string>>,
  names: Map<string, RefLabel>,
): Promise<void> {
  const missing = [...byType].flatMap(([type, ids]) =>
    [...ids].filter((id) => !names.has(recordKey(type, id))).map((id) => ({ type, id })),
  );
  const users = new Set(missing.filter((m) => m.type === 'users').map((m) => m.id));
  const reads = missing.filter((m) => m.type !== 'users').slice(0, LIVE_READS_MAX);
  await Promise.all([
    ...reads.map(async ({ type, id }) => {
      const record = await live.read(READ_OF[type as keyof typeof READ_OF], Number(id)).catch(() => null);
      if (record && 'outerSysCode' in record)
        names.set(recordKey(type, id), { code: record.outerSysCode, name: record.name });
    }),
    (async () => {
      if (!users.size) return;
      try {
        for await (const u of live.listAll('internalUsers', { pageSize: 100 })) {
          if (users.has(String(u.id))) names.set(recordKey('users', String(u.id)), { code: u.account, name: u.name });
        }
      } catch {
        // Unnamed: the ids stay.
      }
    })(),
  ]);
}

/**
 * The records of every family whose id or ERP code is exactly `text` (the audit page's "Record id or ERP code"
 * without a record type), read from the mirror. An ERP code also matches the `code:` keys of batch items
 * that failed before they had an id.
 */
export async function recordsMatching(
  db: Kysely<ConsoleDatabase>,
  text: string,
  only?: RecordType,
): Promise<{ type: RecordType | null; id: string }[]> {
  const value = text.trim();
  if (!value) return [];
  const types = only ? [only] : (Object.keys(MIRROR_TABLES) as RecordType[]);
  if (ID.test(value)) return types.map((type) => ({ type: only ?? type, id: value }));
  const found = await Promise.all(
    types.map(async (type) => {
      const { rows } = await sql<{ id: string }>`
        select id::text as id from ${sql.table(MIRROR_TABLES[type])} where code = ${value} order by id limit 500`.execute(
        db,
      );
      return rows.map((r) => ({ type, id: r.id }) as { type: RecordType | null; id: string });
    }),
  );
  return [...found.flat(), { type: only ?? null, id: `code:${value}` }];
}
