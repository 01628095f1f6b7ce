import type { ListName } from './lists';
import { BUNDLE_OPERATIONS, COMPANY_OPERATIONS, operationPath, PRODUCT_OPERATIONS, SKU_OPERATIONS } from './operations';

/**
 * A single create without an id upserts: when a record of the same kind already has the ERP code, the
 * service updates it instead (contract.md §1: exact, case-sensitive; SKUs only within their product). The
 * API's `outerSysCode` filter is a case-insensitive substring match, so "which record would this create
 * hit" is asked as a filtered list read, narrowed here to exact matches. The form's guard (lib/client) and
 * the proxy's create check (lib/server/proxy) both use this one definition.
 */
/** The proxy's answer header to a single create: `created`, or `existing` when the returned id already had the code. */
export const CREATE_RESULT_HEADER = 'x-console-create';

export type CodeLookupResource = 'companies' | 'products' | 'skus' | 'bundles';

export interface CodeLookup {
  resource: CodeLookupResource;
  code: string;
  /** SKUs match only within their product. */
  productId?: number;
}

/** The single-create path of each resource, and the list it is looked up in (its path: LISTS in ./endpoints). */
export const CODE_LOOKUP_LISTS = {
  companies: { createPath: operationPath(COMPANY_OPERATIONS.create), list: 'companies' },
  products: { createPath: operationPath(PRODUCT_OPERATIONS.create), list: 'products' },
  skus: { createPath: operationPath(SKU_OPERATIONS.create), list: 'skus' },
  bundles: { createPath: operationPath(BUNDLE_OPERATIONS.create), list: 'bundles' },
} as const satisfies Record<CodeLookupResource, { createPath: string; list: ListName }>;

/** A lookup that pages further than this is refused rather than guessed: a 50-character code rarely is a substring of 10,000 others. */
export const CODE_LOOKUP_MAX_PAGES = 100;

export function resourceOfCreatePath(path: string): CodeLookupResource | null {
  for (const [resource, { createPath }] of Object.entries(CODE_LOOKUP_LISTS)) {
    if (createPath === path) return resource as CodeLookupResource;
  }
  return null;
}

/**
 * The lookup a create body needs, or null when it cannot match anything: it names an id (then it is an
 * update of that id, not a code match), or it has no code (an empty code never matches), or a SKU has no product.
 */
export function lookupForCreate(resource: CodeLookupResource, body: unknown): CodeLookup | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  if (b.id !== undefined && b.id !== null) return null;
  if (typeof b.outerSysCode !== 'string' || b.outerSysCode === '') return null;
  if (resource !== 'skus') return { resource, code: b.outerSysCode };
  if (typeof b.productId !== 'number' || !Number.isSafeInteger(b.productId) || b.productId <= 0) return null;
  return { resource, code: b.outerSysCode, productId: b.productId };
}

/** The list filters of a lookup, in the list's own filter names. */
export function codeLookupFilters(lookup: CodeLookup): { outerSysCode: string; productId?: number } {
  return lookup.productId === undefined
    ? { outerSysCode: lookup.code }
    : { outerSysCode: lookup.code, productId: lookup.productId };
}

/** The rows of a lookup's list read that a create with this code would really hit. */
export function exactCodeMatches<T extends { outerSysCode: string | null; productId?: number | null }>(
  rows: readonly T[],
  lookup: CodeLookup,
): T[] {
  return rows.filter(
    (row) => row.outerSysCode === lookup.code && (lookup.productId === undefined || row.productId === lookup.productId),
  );
}
