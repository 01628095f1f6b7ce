/**
 * GS1 check digits (EAN-8, UPC-A, EAN-13, GTIN-14): the last digit is chosen so that the digits, weighted
 * 3, 1, 3, 1… from the right (the check digit itself excluded), sum to a multiple of ten. Written here rather
 * than taken from a barcode library: it is the whole algorithm, and those libraries draw barcodes.
 */

export type Gs1Kind = 'EAN-8' | 'UPC-A' | 'EAN-13' | 'GTIN-14';

const KINDS: Record<number, Gs1Kind> = { 8: 'EAN-8', 12: 'UPC-A', 13: 'EAN-13', 14: 'GTIN-14' };

/** The check digit the other digits call for (`body` is the barcode without its last digit). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) sum += (body.charCodeAt(i) - 48) * weight;
  return (10 - (sum % 10)) % 10;
}

/**
 * A barcode whose check digit is wrong: its kind and the digit it should end with. Null when it is right, or
 * when the value is not a GS1 number at all (an internal code with letters, or another length): those are
 * left alone, since the platform accepts any text.
 */
export function wrongCheckDigit(value: string): { kind: Gs1Kind; expected: number } | null {
  const kind = KINDS[value.length];
  if (!kind || !/^\d+$/.test(value)) return null;
  const expected = gs1CheckDigit(value.slice(0, -1));
  return expected === value.charCodeAt(value.length - 1) - 48 ? null : { kind, expected };
}
