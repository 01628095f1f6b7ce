import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { restoredBy } from './restored-change';
import { entryView, filteredAudit, type AuditEntryView, type AuditPageRequest } from './audit-log';
import { clampPage } from './paging';

/**
 * The audit page reads the log as people think of it: one import is one entry, whatever it took (its upload,
 * start, each chunk sent, each resend, the console calls in between); every other write is its own entry.
 * An import's console calls name it by the id in their path (`POST /api/imports/[id]/start`), its chunks by
 * their import_id.
 */
const GROUP = sql<string>`case
  when import_id is not null then 'import:' || import_id::text
  when operation like '% /api/imports/[id]%' and cardinality(target_ids) > 0 then 'import:' || target_ids[1]
  else 'entry:' || id::text end`;

export interface AuditGroup {
  key: string;
  /** The import this group is, when it is one. */
  importId: string | null;
  /** Its entries, oldest first. */
  entries: AuditEntryView[];
}

export interface AuditGroupPage {
  groups: AuditGroup[];
  totalCount: number;
  page: number;
  totalPages: number;
}

/** One page of the log as groups, newest (by its latest entry) first; each group holds all its entries that pass the filters. */
export async function listAuditGroups(
  db: Kysely<ConsoleDatabase>,
  input: AuditPageRequest = {},
): Promise<AuditGroupPage> {
  const { page, pageSize } = clampPage(input);
  const filtered = filteredAudit(db, input.filters ?? {});
  const keyed = filtered.select(['id', 'at', GROUP.as('grp')]);
  const [{ count } = { count: 0 }] = await db
    .selectFrom(keyed.as('k'))
    .select(sql<string | number>`count(distinct grp)`.as('count'))
    .execute();
  const keys = await db
    .selectFrom(keyed.as('k'))
    .select(['grp', sql`max(at)`.as('last_at'), sql`max(id)`.as('last_id')])
    .groupBy('grp')
    .orderBy(sql`max(at)`, 'desc')
    .orderBy(sql`max(id)`, 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const wanted = keys.map((k) => k.grp);
  const rows = wanted.length
    ? await filtered
        .selectAll()
        .select(GROUP.as('grp'))
        .where(GROUP, 'in', wanted)
        .orderBy('at')
        .orderBy('id')
        .execute()
    : [];
  const groups = new Map<string, AuditGroup>(
    wanted.map((key) => [key, { key, importId: key.startsWith('import:') ? key.slice(7) : null, entries: [] }]),
  );
  for (const row of rows) groups.get(row.grp)?.entries.push(entryView(row));
  // A restore's save names the entry it undid, in words (the link is on the change record).
  const singles = [...groups.values()].filter((g) => !g.importId).flatMap((g) => g.entries);
  const restored = await restoredBy(
    db,
    singles.map((e) => e.id),
  );
  for (const entry of singles) if (restored.has(entry.id)) entry.restored = restored.get(entry.id)!;
  const totalCount = Number(count);
  return { groups: [...groups.values()], totalCount, page, totalPages: Math.ceil(totalCount / pageSize) };
}
