import type { RowIssue } from './check';
import type { Component } from './cells';
import type { FamilyName, Item } from './families';
import type { Comparison, LiveRecord } from './compare';
import { targetCodeKey } from './target-key';

/**
 * What the service would refuse that the console can know before sending (issue 26): a reference to a record
 * that does not exist, or to one that cannot take the row (a bundle product receiving a SKU, a bundle as a
 * component). The reasons are the service's own error codes, so the sentence is the one the results would
 * show; only "a component that is itself a bundle" is ours, since the service says just "not found".
 *
 * The references are read once per comparison (ids only), from the same lists as the records compared.
 */

export const COMPONENT_IS_BUNDLE = 'component_is_bundle';
/** Two or more rows of the file write the same record (or create under the same ERP code). */
export const REPEATED_IN_FILE = 'repeated_in_file';
/** Notes, not refusals: the service does what the row says, which may not be what was meant. */
export const SKU_MOVES = 'sku_moves';
export const SKU_CODE_ELSEWHERE = 'sku_code_elsewhere';

export interface References {
  /** Ordinary products' ids (the product list holds no bundles). */
  products?: ReadonlySet<number>;
  /** Bundle products' ids. */
  bundleProducts?: ReadonlySet<number>;
  /** Categories that can hold products. */
  categories?: ReadonlySet<number>;
  /** Ordinary SKUs by id, and by trimmed lower-case ERP code (the service matches components that way). */
  skuIds?: ReadonlySet<number>;
  skuCodes?: ReadonlyMap<string, number>;
  /** Bundles' own SKU ids and lower-case codes: a component can never be one. */
  bundleSkuIds?: ReadonlySet<number>;
  bundleCodes?: ReadonlySet<string>;
  internalUsers?: ReadonlySet<number>;
}

/** Which reference lists a family's rows need, given the fields the file fills. */
export function referencesNeeded(family: FamilyName, fields: ReadonlySet<string>) {
  return {
    products: family === 'skus' && fields.has('productId'),
    categories: (family === 'products' || family === 'bundles') && fields.has('productCategoryId'),
    skus: family === 'bundles' && fields.has('components'),
    internalUsers: family === 'companies' && fields.has('internalUserId'),
  };
}

const codeKey = (code: string) => code.trim().toLowerCase();

/** The first reason the service would refuse this row, or null. */
export function predictRefusal(family: FamilyName, item: Item, refs: References): RowIssue | null {
  if (family === 'skus' && typeof item.productId === 'number' && refs.products) {
    if (refs.bundleProducts?.has(item.productId))
      return { code: 'bundle product cannot receive SKUs through this API', field: 'productId' };
    if (!refs.products.has(item.productId)) return { code: 'invalid_product_id', field: 'productId' };
  }
  if (
    (family === 'products' || family === 'bundles') &&
    typeof item.productCategoryId === 'number' &&
    refs.categories
  ) {
    if (!refs.categories.has(item.productCategoryId))
      return { code: 'invalid_product_category_id', field: 'productCategoryId' };
  }
  if (family === 'bundles' && Array.isArray(item.components) && refs.skuIds) {
    for (const c of item.components as Component[]) {
      const code = c.componentSkuOuterSysCode;
      const isBundle =
        c.componentSkuId !== undefined
          ? refs.bundleSkuIds?.has(c.componentSkuId)
          : code !== undefined && refs.bundleCodes?.has(codeKey(code));
      const known =
        c.componentSkuId !== undefined
          ? refs.skuIds.has(c.componentSkuId)
          : code !== undefined && (refs.skuCodes?.get(codeKey(code)) ?? 0) > 0;
      if (known) continue;
      const ref = c.componentSkuId !== undefined ? `id:${c.componentSkuId}` : (code ?? '');
      return isBundle
        ? { code: COMPONENT_IS_BUNDLE, field: 'components', params: { component: ref } }
        : { code: 'component_sku_not_found', field: 'components' };
    }
  }
  if (family === 'companies' && typeof item.internalUserId === 'number' && refs.internalUsers) {
    if (!refs.internalUsers.has(item.internalUserId))
      return { code: 'invalid_internal_user_id', field: 'internalUserId' };
  }
  return null;
}

/** Builds the lookups from the lists as read (only the fields used here). */
export function buildReferences(lists: {
  products?: readonly { id: number }[];
  bundles?: readonly { id: number; skuId?: number | null; outerSysCode?: string | null }[];
  categories?: readonly { id: number; isAssignable?: boolean }[];
  skus?: readonly { id: number; outerSysCode?: string | null }[];
  internalUsers?: readonly { id: number }[];
}): References {
  const refs: References = {};
  if (lists.products) refs.products = new Set(lists.products.map((p) => p.id));
  if (lists.bundles) {
    refs.bundleProducts = new Set(lists.bundles.map((b) => b.id));
    refs.bundleSkuIds = new Set(lists.bundles.flatMap((b) => (typeof b.skuId === 'number' ? [b.skuId] : [])));
    refs.bundleCodes = new Set(lists.bundles.flatMap((b) => (b.outerSysCode ? [codeKey(b.outerSysCode)] : [])));
  }
  if (lists.categories)
    refs.categories = new Set(lists.categories.filter((c) => c.isAssignable !== false).map((c) => c.id));
  if (lists.skus) {
    refs.skuIds = new Set(lists.skus.map((s) => s.id));
    const codes = new Map<string, number>();
    for (const s of lists.skus)
      if (s.outerSysCode) codes.set(codeKey(s.outerSysCode), (codes.get(codeKey(s.outerSysCode)) ?? 0) + 1);
    refs.skuCodes = codes;
  }
  if (lists.internalUsers) refs.internalUsers = new Set(lists.internalUsers.map((u) => u.id));
  return refs;
}

/**
 * The record a row writes, as far as the comparison knows: the matched record, or, for a row that creates,
 * its ERP code (a SKU's within its product, as the service matches it). Null when nothing names one (a
 * create without a code makes a new record each time) or no single record matched.
 */
export function targetOf(family: FamilyName, item: Item, comparison: Comparison): string | null {
  if (comparison.recordId !== null && (comparison.kind === 'update' || comparison.kind === 'same'))
    return `id:${comparison.recordId}`;
  if (comparison.kind !== 'create') return null;
  const code = item.outerSysCode;
  if (typeof code !== 'string' || code === '') return null;
  return `code:${targetCodeKey(family, code, item.productId)}`;
}

/**
 * Rows that write the same record as another row of the file. The service takes a batch in order, so the
 * later row silently overwrites the earlier one (and a second "create" is in fact an update of the record the
 * first one made): the file says two things about one record and nothing tells which was meant. Every row of
 * such a group would fail, not all but the first, so nothing of it is written until the file says one thing.
 */
export function repeatedInFile(
  targets: readonly (string | null | undefined)[],
  lines: readonly number[],
): Map<number, RowIssue> {
  const groups = new Map<string, number[]>();
  targets.forEach((target, i) => {
    if (!target) return;
    const group = groups.get(target);
    if (group) group.push(i);
    else groups.set(target, [i]);
  });
  const found = new Map<number, RowIssue>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const i of group) {
      const others = group.filter((j) => j !== i).map((j) => lines[j]!);
      found.set(i, { code: REPEATED_IN_FILE, params: { lines: others.join(', '), count: others.length } });
    }
  }
  return found;
}

/** The live SKUs by exact ERP code, under any product. */
export function skusByCode(records: readonly LiveRecord[]): Map<string, LiveRecord[]> {
  const byCode = new Map<string, LiveRecord[]>();
  for (const r of records) {
    if (typeof r.outerSysCode !== 'string' || r.outerSysCode === '') continue;
    byCode.set(r.outerSysCode, [...(byCode.get(r.outerSysCode) ?? []), r]);
  }
  return byCode;
}

/**
 * A SKU row that moves a SKU to another product, said before sending. The service does it (master-data-api.md
 * "SKU": with an id, a new productId moves the SKU; without one, the same code under another product is a
 * different target, so a new SKU is created beside the old one): a note to read, not a refusal.
 */
export function skuMoveNote(
  item: Item,
  comparison: Comparison,
  byCode: ReadonlyMap<string, readonly LiveRecord[]>,
): RowIssue | null {
  if (comparison.kind === 'update') {
    const move = comparison.changes.find((c) => c.field === 'productId');
    return move
      ? { code: SKU_MOVES, field: 'productId', params: { from: String(move.old), to: String(move.new) } }
      : null;
  }
  if (comparison.kind !== 'create' || typeof item.outerSysCode !== 'string') return null;
  const elsewhere = (byCode.get(item.outerSysCode) ?? []).find((r) => r.productId !== item.productId);
  return elsewhere
    ? {
        code: SKU_CODE_ELSEWHERE,
        field: 'outerSysCode',
        params: { id: elsewhere.id, product: String(elsewhere.productId) },
      }
    : null;
}
