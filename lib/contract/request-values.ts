/**
 * What a request's ids, texts and times may be, written once for every reader: the service binds path ids,
 * list filters and body references with these, the console's forms and import check refuse what they refuse.
 * No zod here: browser code that only builds a filter reads them.
 *
 * The rule behind each: a value that cannot be any stored value is not a fault. An id no record can have,
 * or a text no column can hold, finds nothing (or fails with the resource's own code); only a value that
 * does not bind to its type at all is invalid_parameter. Nothing a client sends reaches the database in a
 * form the database refuses, so no input answers 500.
 */

/** Integer text as a path segment or a query parameter carries it: an optional sign and decimal digits. */
export const INTEGER_TEXT = /^[+-]?[0-9]+$/;

/**
 * Whether a number can be a stored id: a positive safe integer. Ids travel as JSON numbers, exact up to 2^53;
 * the service allocates them from 1 and the seed check refuses any other.
 */
export function isStoredId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value < NO_SUCH_ID;
}

/**
 * An id no record has: where a body references an integer beyond the safe range (2^63 − 1 parses to a double
 * near 9.2e18, which the database's int8 may not even hold), the reference reads as this id instead, so it
 * finds nothing and fails with the resource's own code (invalid_internal_user_id, not_found, …). The seed
 * check and the id sequences stay below it.
 */
export const NO_SUCH_ID = Number.MAX_SAFE_INTEGER;

/** An integer JSON number as a reference the database can bind: itself when safe, else the id beyond them all. */
export function boundId(value: number): number {
  if (Number.isSafeInteger(value)) return value;
  return value > 0 ? NO_SUCH_ID : -NO_SUCH_ID;
}

/**
 * A path segment or an `id` filter as an id: `undefined` when the text is not an integer (invalid_parameter
 * for a filter; a path that names no operation), `null` when it is an integer no record can have (finds
 * nothing), else the id. `007` and `+7` are 7, as any integer binder reads them.
 */
export function idFromText(raw: string): number | null | undefined {
  if (!INTEGER_TEXT.test(raw)) return undefined;
  const digits = raw.replace(/^[+-]?0*/, '');
  if (raw.startsWith('-') || digits === '' || digits.length > 16) return null;
  const id = Number(digits);
  return isStoredId(id) ? id : null;
}

/** Text the database can store: Postgres text refuses U+0000, so a string holding it can be no stored value. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000');
}

/** The same rule as a pattern, so the OpenAPI document says it to the tools that read it. */
export const STORABLE_TEXT = /^[^\u0000]*$/;

/** A raw JSON value read as an id reference before its schema runs: an integer bound by boundId, else null. */
export function integerRef(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? boundId(value) : null;
}
