/**
 * GS1 check digits (GS1 General Specifications §7.9.1, the mod-10 rule shared by EAN-8, UPC-A, EAN-13 and
 * GTIN-14). Written here once; the console database carries the same rule as the SQL function
 * `attention_gs1_valid` (migration 0400), which a test holds to this one so the two never disagree. No npm
 * package fitted: the ones that exist are unmaintained or bring barcode rendering along.
 */

/** The lengths of the GS1 keys a barcode field holds: EAN-8, UPC-A (GTIN-12), EAN-13, GTIN-14. */
export const GS1_LENGTHS = [8, 12, 13, 14] as const;

/** Whether the value is all digits and of a GS1 length: only such a barcode is held to the check digit. */
export function isGs1Shaped(value: string): boolean {
  return /^\d+$/.test(value) && (GS1_LENGTHS as readonly number[]).includes(value.length);
}

/**
 * The check digit of the digits before it: from the right, weights 3, 1, 3, 1, …; the digit that brings the
 * sum to a multiple of ten.
 */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Null when the value is not a GS1 key (not held to the rule); else whether its last digit is right. */
export function gs1CheckDigitValid(value: string): boolean | null {
  if (!isGs1Shaped(value)) return null;
  return gs1CheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}
