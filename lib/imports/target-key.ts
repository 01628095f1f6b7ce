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
