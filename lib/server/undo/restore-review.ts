import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ChangeSource, FieldDiff, HistoryValue, RefLabel } from '@/lib/contract/history';
import type {
  RestoreChangedBy,
  RestoreField,
  RestoreLine,
  RestoreReview,
  RestoreType,
} from '@/lib/contract/console/restores';
import { PATH_SEPARATOR, restoredChange } from '../audit';
import type { ConsoleDatabase } from '../db';
import { isApiError, type UpstreamClient } from '../upstream';
import { stillHolds, type RecipeLine } from './compare';

/**
 * What "Restore earlier values" offers for one History entry (issue 56 point 2): per field the entry changed,
 * its old value (before), the live value read from /v1 (now, never the mirror) and its new value (after). A field
 * still holding the entry's new value is selected; one changed since is not, with who changed it and when (from
 * History); one whose old value was never read is not offered. A recipe's old lines are matched to live SKUs by
 * their ERP codes, a component no longer found being shown and left out; a category by its path, one no longer
 * found being shown and left out too. A price (a SKU's or a bundle's) is read from its price read and restored
 * through its price batch. Nothing is written here.
 */

type Db = Kysely<ConsoleDatabase>;

export class RestoreError extends Error {
  constructor(readonly code: 'change_not_found' | 'record_not_found') {
    super(code);
  }
}

const READ_OF = { companies: 'company', products: 'product', skus: 'sku', bundles: 'bundle' } as const;
/** Fields that name the record rather than change it. */
const KEY_FIELDS = new Set(['id', 'skuId', 'companyId']);
/** The price read of each family with prices: its fields are written through the price batch, not the record. */
const PRICE_READ = { skus: 'skuPrice', bundles: 'bundlePrices' } as const;
const PRICE_FIELDS = new Set(['price', 'sellPrice']);
const CATEGORY = 'productCategoryId';

/** The live categories by path from the root ("Beverages › Tea"), as the product form names them. */
async function liveCategories(client: UpstreamClient) {
  const all = new Map<number, { name: string; parentId: number | null; isAssignable: boolean }>();
  for await (const c of client.listAll('productCategories', { pageSize: 100 })) {
    all.set(c.id, { name: c.name ?? `#${c.id}`, parentId: c.parentId ?? null, isAssignable: c.isAssignable });
  }
  const pathOf = new Map<number, string>();
  for (const id of all.keys()) {
    const names: string[] = [];
    for (let at = all.get(id), depth = 0; at && depth < 20; depth++) {
      names.unshift(at.name);
      at = at.parentId == null ? undefined : all.get(at.parentId);
    }
    pathOf.set(id, names.join(PATH_SEPARATOR));
  }
  // Only a category that can hold products is one to restore to; the first by id wins a path two share.
  const byPath = new Map<string, number>();
  for (const [id, path] of pathOf) if (all.get(id)!.isAssignable && !byPath.has(path)) byPath.set(path, id);
  return { pathOf, byPath };
}

/** The newest change of each field after the entry, as History tells it (refused writes and findings changed nothing). */
async function changedSince(db: Db, type: RestoreType, id: string, change: { changeId: string; at: string }) {
  const { rows } = await sql<{ at: Date | string; source: ChangeSource; user_email: string; changes: unknown }>`
    select c.at, c.source, a.user_email, c.changes
    from audit_change c join audit_log a on a.id = c.audit_id
    where c.record_type = ${type} and c.record_id = ${id} and c.id <> ${change.changeId}::bigint
      and (c.at, c.id) > (select o.at, o.id from audit_change o where o.id = ${change.changeId}::bigint)
      and c.result is distinct from 'refused' and c.source <> 'attention' and c.changes is not null
    order by c.at desc, c.id desc
    limit 500`.execute(db);
  const by = new Map<string, RestoreChangedBy>();
  for (const row of rows) {
    const changes = (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes) as FieldDiff[];
    for (const c of changes ?? []) {
      if (by.has(c.field)) continue;
      by.set(c.field, {
        email: row.source === 'outside' || !row.user_email ? null : row.user_email,
        source: row.source,
        at: new Date(row.at).toISOString(),
      });
    }
  }
  return by;
}

/** The live SKU with exactly this ERP code (the list's filter is a substring match), or null. */
async function skuByCode(client: UpstreamClient, code: string): Promise<number | null> {
  for await (const sku of client.listAll('skus', { filters: { outerSysCode: code }, pageSize: 100 })) {
    if (sku.outerSysCode === code) return sku.id;
  }
  return null;
}

/** A recipe's old lines by code: each matched to the live SKU holding that code now, or shown as gone. */
async function recipeLines(client: UpstreamClient, before: HistoryValue, labels: Record<string, RefLabel> = {}) {
  const lines: RestoreLine[] = [];
  for (const line of (Array.isArray(before) ? before : []) as RecipeLine[]) {
    const label = line.componentSkuId != null ? labels[String(line.componentSkuId)] : undefined;
    const code = line.componentSkuOuterSysCode ?? label?.code ?? null;
    lines.push({
      code,
      name: label?.name ?? null,
      quantity: line.quantity ?? 0,
      liveSkuId: code ? await skuByCode(client, code) : null,
    });
  }
  const value = lines
    .filter((l) => l.liveSkuId !== null)
    .map((l, n) => ({ componentSkuId: l.liveSkuId!, quantity: l.quantity, sort: n + 1 }));
  return { lines, value };
}

/**
 * The restore review of change record `changeId` of record `type`/`id`. Throws RestoreError when the change is
 * not this record's (or none) or the record cannot be read; other failures of /v1 are thrown as they come.
 */
export async function reviewRestore(
  db: Db,
  client: UpstreamClient,
  type: RestoreType,
  id: string,
  changeId: string,
): Promise<RestoreReview> {
  const change = await restoredChange(db, changeId, { type, id });
  if (!change) throw new RestoreError('change_not_found');
  let live: Record<string, unknown>;
  try {
    // The record is read here by field name, whichever read READ_OF names for the entry's type.
    live = { ...(await client.read(READ_OF[type], Number(id))) };
  } catch (error) {
    if (isApiError(error) && error.isNotFound) throw new RestoreError('record_not_found');
    throw error;
  }
  const changes = change.changes ?? [];
  // A SKU's read carries its price but not its sell price: both are read from the price read they are written by.
  const priceRead = type === 'skus' || type === 'bundles' ? PRICE_READ[type] : null;
  const prices: Record<string, unknown> | null =
    priceRead && changes.some((c) => PRICE_FIELDS.has(c.field))
      ? { ...(await client.read(priceRead, Number(id))) }
      : null;
  const categories = changes.some((c) => c.field === CATEGORY) ? await liveCategories(client) : null;
  const since = await changedSince(db, type, id, change);
  const fields: RestoreField[] = [];
  for (const c of changes) {
    const source = prices && PRICE_FIELDS.has(c.field) ? prices : live;
    // A secret is never stored, and a field the record's reads do not carry is not one to restore.
    if (c.secret || KEY_FIELDS.has(c.field) || !Object.hasOwn(source, c.field)) continue;
    const after = c.to ?? null;
    const now = (source[c.field] ?? null) as HistoryValue | null;
    // An import sent without "Compare with live data" read no old value; the mirror's copy kept at the write did.
    const fromPrior = !('from' in c) && change.prior !== null && Object.hasOwn(change.prior, c.field);
    const known = 'from' in c || fromPrior;
    const from = fromPrior ? (change.prior![c.field] ?? null) : (c.from ?? null);
    const holds = stillHolds(c.field, now, after);
    const field: RestoreField = {
      field: c.field,
      before: known ? from : null,
      now,
      after,
      state: !known ? 'beforeUnknown' : holds ? 'holds' : 'changedSince',
      selected: known && holds,
    };
    if (known && !holds) field.changedBy = since.get(c.field) ?? null;
    if (source === prices) field.prices = true;
    if (known && c.field === 'components') {
      const recipe = await recipeLines(client, from, c.labels);
      field.lines = recipe.lines;
      field.value = recipe.value;
    } else if (categories && c.field === CATEGORY) {
      // History named the categories by their paths at the write; one it did not name is read by its id now.
      const path = (v: HistoryValue | null) =>
        typeof v === 'number' ? (c.labels?.[String(v)]?.name ?? categories.pathOf.get(v) ?? null) : null;
      field.names = {
        before: known ? path(from) : null,
        now: typeof now === 'number' ? (categories.pathOf.get(now) ?? null) : null,
        after: path(after),
      };
      const target = field.names.before === null ? undefined : categories.byPath.get(field.names.before);
      if (known && from !== null && target === undefined) {
        field.state = 'referenceGone';
        field.selected = false;
      } else if (known) field.value = from === null ? null : target!;
    } else if (known) field.value = from;
    fields.push(field);
  }
  return { changeId: change.changeId, at: change.at, userEmail: change.userEmail, source: change.source, fields };
}
