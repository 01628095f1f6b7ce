/**
 * Number rules shared by the schemas (./fields re-exports them) and by browser code that must not load zod
 * with the page (the recipe editor checks component quantities as they are typed).
 */

/** z.number() takes finite numbers only. */
export const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** `value × 10^exp`, shifted in the decimal exponent of its shortest form, so no binary product error creeps in. */
function shiftDecimal(value: number, exp: number): number {
  const [mantissa, e = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(e) + exp}`);
}

/**
 * Round half away from zero to 4 decimals, the precision every quantity and amount is stored at. Rounds the
 * decimal the caller wrote (20.12345 → 20.1235), not its binary neighbour (20.12345 × 10000 is
 * 201234.49999999997 in floating point).
 */
export function round4(value: number): number {
  if (!Number.isFinite(value)) return value;
  const shifted = shiftDecimal(Math.abs(value), 4);
  // Beyond 2^53 ten-thousandths a double has no 4th decimal left to round.
  if (shifted > Number.MAX_SAFE_INTEGER) return value;
  const r = shiftDecimal(Math.round(shifted), -4);
  return value < 0 ? -r : r;
}

/**
 * numeric(20,4), the column type of every quantity and amount, holds 16 integer digits: any value under
 * 10^16. (Its largest value, 9,999,999,999,999,999.9999, is 10^16 itself as a double, which overflows.)
 */
export const NUMERIC_20_4_BOUND = 1e16;

export function fitsNumeric(value: number): boolean {
  return Math.abs(value) < NUMERIC_20_4_BOUND;
}
