/**
 * What names the record a row writes when the row carries no id: its ERP code, and for a SKU its code within
 * its product, since the service matches a SKU by product and code (a code may repeat under other products).
 * The one definition of that rule for the comparison with live data, the prediction, the lost-zeros check and
 * the browser's comparison, so they can never disagree on which record a row means.
 */
export function codeScope(family: string, productId: unknown): string {
  return family === 'skus' ? `${String(productId)}\u0000` : '';
}

/** The key of a record (or a row) by its ERP code within its family's scope. */
export function targetCodeKey(family: string, code: unknown, productId: unknown): string {
  return codeScope(family, productId) + String(code);
}

/**
 * The record a batch item (or single write) of `key`'s family names, as the ERP knows it: its ERP code
 * (`outerSysCode`, `companyCode`) when it carries one, else its id as `id:12`, else '' (a create without a code).
 * The code alone, also for a SKU: the ERP names a SKU by its code, and a rejected SKU whose product was wrong is
 * the same record once the ERP sends it with the right product. The relay's rejections (lib/server/sync) and the
 * console's resend key on this one definition, so a record applied later closes its rejection whichever sent it.
 */
export function recordKey(key: readonly (readonly string[])[], item: unknown, pathId?: string): string {
  const record =
    item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
  const present = (name: string) => record[name] !== undefined && record[name] !== null && record[name] !== '';
  const code = key.flat().find((name) => name.endsWith('Code') && present(name));
  if (code) return String(record[code]);
  // An id is a key of one field (`id`, `skuId`, `companyId`); a SKU's `productId` only scopes its code.
  const id = key.find((names) => names.length === 1 && !names[0]!.endsWith('Code') && present(names[0]!))?.[0];
  if (id) return `id:${String(record[id])}`;
  return pathId ? `id:${pathId}` : '';
}
