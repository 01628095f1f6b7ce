import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { FieldDiff, HistoryValue, RefLabel } from '@/lib/contract/history';
import type { UserRole } from '@/lib/contract/user-roles';
import type { ConsoleDatabase } from '../db';
import type { UpstreamClient } from '../upstream';

/**
 * Names for the ids a write's values refer to (a category, a recipe's SKUs, a role, a salesperson, a product),
 * resolved when the write is recorded and stored with it (FieldDiff.labels).
 *
 * Why at write time: History must say what a value meant when it was written. A category renamed or moved
 * later, a SKU renamed, a role renamed in CONSOLE_ROLES: read at display time, an old entry would show
 * today's names as if they had been chosen then. The ids stay in the values (the export carries them; the
 * page shows them on hover), so nothing is lost when a name cannot be read: History then shows the id.
 * The mirror answers first; what it does not hold (MIRROR=off, a record it has not seen yet) is read live.
 */

/** The live reads a name may come from when the mirror does not hold it. */
export type LiveNames = Pick<UpstreamClient, 'read' | 'listAll'>;

/** Live reads per write at most: a name is worth a few reads, never a crawl. */
const LIVE_READS_MAX = 20;
const LIST_MAX = 5_000;

/** The fields whose values are ids of other records, and what they name. */
const REFERENCES = {
  productCategoryId: 'category',
  roleId: 'role',
  internalUserId: 'user',
  productId: 'product',
  components: 'sku',
} as const;
type RefKind = (typeof REFERENCES)[keyof typeof REFERENCES];

const isRef = (field: string): field is keyof typeof REFERENCES => Object.hasOwn(REFERENCES, field);

/** The ids a value names: the value itself, or a recipe's component SKU ids. */
function idsIn(field: keyof typeof REFERENCES, value: HistoryValue | undefined): string[] {
  if (field === 'components') {
    if (!Array.isArray(value)) return [];
    return value.flatMap((line) => {
      const id = line && typeof line === 'object' && !Array.isArray(line) ? line.componentSkuId : null;
      return typeof id === 'number' || typeof id === 'string' ? [String(id)] : [];
    });
  }
  return typeof value === 'number' || (typeof value === 'string' && /^[1-9][0-9]{0,18}$/.test(value))
    ? [String(value)]
    : [];
}

export type NameBook = Record<RefKind, Map<string, RefLabel>>;

/** What ids a set of changes asks names for, by kind (nothing for a field that names no other record). */
export function wantedIds(changes: readonly FieldDiff[]): Record<RefKind, string[]> {
  const wanted: Record<RefKind, Set<string>> = {
    category: new Set(),
    role: new Set(),
    user: new Set(),
    product: new Set(),
    sku: new Set(),
  };
  for (const c of changes) {
    if (!isRef(c.field)) continue;
    for (const id of [...idsIn(c.field, c.from), ...idsIn(c.field, c.to)]) wanted[REFERENCES[c.field]].add(id);
  }
  return Object.fromEntries(Object.entries(wanted).map(([k, v]) => [k, [...v]])) as Record<RefKind, string[]>;
}

/**
 * The changes with the names of the ids they hold added under `labels` (keyed by id). Names the browser sent
 * with the review (a recipe's SKUs as the person saw them) are kept; the book only fills in the rest.
 */
export function withNames(changes: readonly FieldDiff[], book: NameBook): FieldDiff[] {
  return changes.map((c) => {
    if (!isRef(c.field)) return c;
    const names = book[REFERENCES[c.field]];
    const labels: Record<string, RefLabel> = {};
    for (const id of [...idsIn(c.field, c.from), ...idsIn(c.field, c.to)]) {
      const label = names.get(id);
      if (label) labels[id] = label;
    }
    const merged = { ...labels, ...c.labels };
    return Object.keys(merged).length ? { ...c, labels: merged } : c;
  });
}

/** A category's path from its root, as the category picker shows it ("飲料 › 茶"). */
export const PATH_SEPARATOR = ' › ';

/** Reads the names a set of changes needs from the mirror (and the role directory): one query per kind asked. */
export async function readNames(
  db: Kysely<ConsoleDatabase>,
  wanted: Record<RefKind, string[]>,
  roles: readonly UserRole[],
  live?: LiveNames,
): Promise<NameBook> {
  const book: NameBook = { category: new Map(), role: new Map(), user: new Map(), product: new Map(), sku: new Map() };
  for (const id of wanted.role) {
    const role = roles.find((r) => String(r.id) === id);
    if (role) book.role.set(id, { name: role.name });
  }
  const coded = async (
    kind: 'user' | 'product' | 'sku',
    table: 'mirror_internal_user' | 'mirror_product' | 'mirror_sku',
  ) => {
    if (!wanted[kind].length) return;
    const { rows } = await sql<{ id: string; code: string | null; name: string | null }>`
      select id::text as id, code, name from ${sql.table(table)} where id = any(${wanted[kind]}::bigint[])`.execute(db);
    for (const r of rows) book[kind].set(r.id, kind === 'user' ? { name: r.name } : { code: r.code, name: r.name });
  };
  const categories = async () => {
    if (!wanted.category.length) return;
    // Each wanted category walked up to its root; the path is read root first.
    const { rows } = await sql<{ id: string; path: string }>`
      with recursive up(start, id, parent_id, name, depth) as (
        select c.id, c.id, c.parent_id, c.name, 0 from mirror_product_category c where c.id = any(${wanted.category}::bigint[])
        union all
        select up.start, p.id, p.parent_id, p.name, up.depth + 1 from up join mirror_product_category p on p.id = up.parent_id
        where up.depth < 20
      )
      select start::text as id, string_agg(name, ${PATH_SEPARATOR} order by depth desc) as path from up group by start`.execute(
      db,
    );
    for (const r of rows) book.category.set(r.id, { name: r.path });
  };
  await Promise.all([
    coded('user', 'mirror_internal_user'),
    coded('product', 'mirror_product'),
    coded('sku', 'mirror_sku'),
    categories(),
  ]);
  if (live) await readLive(live, wanted, book);
  return book;
}

/** Fills in from live reads what the mirror did not name; a read that fails leaves its id unnamed. */
async function readLive(live: LiveNames, wanted: Record<RefKind, string[]>, book: NameBook): Promise<void> {
  const missing = (kind: RefKind) => wanted[kind].filter((id) => !book[kind].has(id));
  const byId = async (kind: 'sku' | 'product') => {
    await Promise.all(
      missing(kind)
        .slice(0, LIVE_READS_MAX)
        .map(async (id) => {
          const record = await live.read(kind, Number(id)).catch(() => null);
          if (record) book[kind].set(id, { code: record.outerSysCode, name: record.name });
        }),
    );
  };
  const all = async <T>(items: () => AsyncIterable<T>, take: (item: T) => void) => {
    let n = 0;
    try {
      for await (const item of items()) {
        take(item);
        if (++n >= LIST_MAX) break;
      }
    } catch {
      // Unnamed: the ids stay.
    }
  };
  const categories = async () => {
    if (!missing('category').length) return;
    const tree = new Map<string, { name: string; parentId: number | null }>();
    await all(
      () => live.listAll('productCategories', { pageSize: 100 }),
      (c) => tree.set(String(c.id), { name: c.name ?? `#${c.id}`, parentId: c.parentId ?? null }),
    );
    for (const id of missing('category')) {
      const names: string[] = [];
      for (
        let at = tree.get(id), depth = 0;
        at && depth < 20;
        at = at.parentId == null ? undefined : tree.get(String(at.parentId)), depth++
      )
        names.unshift(at.name);
      if (names.length) book.category.set(id, { name: names.join(PATH_SEPARATOR) });
    }
  };
  const users = async () => {
    const ids = new Set(missing('user'));
    if (!ids.size) return;
    await all(
      () => live.listAll('internalUsers', { pageSize: 100 }),
      (u) => {
        if (ids.has(String(u.id))) book.user.set(String(u.id), { name: u.name });
      },
    );
  };
  await Promise.all([byId('sku'), byId('product'), categories(), users()]);
}

/** The changes of one write with the names of what their values refer to, as of now (the moment of the write). */
export async function nameChanges(
  db: Kysely<ConsoleDatabase>,
  changes: readonly FieldDiff[] | null | undefined,
  roles: readonly UserRole[],
  live?: LiveNames,
): Promise<FieldDiff[] | null> {
  if (!changes) return null;
  const wanted = wantedIds(changes);
  if (!Object.values(wanted).some((ids) => ids.length)) return [...changes];
  return withNames(changes, await readNames(db, wanted, roles, live));
}
