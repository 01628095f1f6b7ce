/**
 * What Excel does to a CSV it opens and saves again (issue 31): a long number becomes scientific notation
 * (4710001000003 → 4.71E+12, its digits gone), a code loses its leading zeros (00123 → 123), a date becomes
 * a serial number (45987) or the computer's local format (3/4/2026: March or April?). The check names these
 * before anything is sent.
 */
import type { RowIssue } from '@/lib/contract/console/import-files';
import { wrongCheckDigit } from './gs1';

/** The fields that hold identifiers: text Excel must never turn into numbers. */
export const IDENTIFIER_FIELDS: ReadonlySet<string> = new Set(['outerSysCode', 'barcode', 'companyCode']);

// "4.71E+12", "4,71E+12" (a comma as decimal point), "4.710001E+12", "4E12", "-1.2e-3".
const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?[eE][+-]?\d+$/;

/** Text Excel wrote in scientific notation: in an identifier column, the digits it stood for are lost. */
export function isScientific(text: string): boolean {
  return (text.includes('E') || text.includes('e')) && SCIENTIFIC.test(text.trim());
}

/**
 * A number a spreadsheet cell held, as the identifier it was typed as: exact when it has at most 15
 * significant digits (a double holds those exactly, so the value was typed in, not converted); otherwise null,
 * since the digits past the 15th were already lost.
 */
export function identifierFromNumber(value: number): string | null {
  if (!Number.isFinite(value) || !Number.isInteger(value) || value < 0) return null;
  const digits = value.toFixed(0).replace(/0+$/, '');
  return digits.length <= 15 && Number.isSafeInteger(value) ? value.toFixed(0) : null;
}

/**
 * Leading zeros Excel dropped: `code` (all digits) matches no live record, while restoring zeros matches
 * exactly one. 'none': nothing matches either way; 'ambiguous': two or more live codes differ only in their zeros.
 */
export function restoreLeadingZeros(
  code: string,
  liveCodes: Iterable<string>,
): { kind: 'one'; code: string } | { kind: 'none' } | { kind: 'ambiguous'; codes: string[] } {
  const matches: string[] = [];
  if (/^\d+$/.test(code)) {
    for (const live of liveCodes)
      if (live !== code && /^0+\d*$/.test(live) && live.replace(/^0+/, '') === code.replace(/^0+/, ''))
        matches.push(live);
  }
  if (matches.length === 1) return { kind: 'one', code: matches[0]! };
  return matches.length ? { kind: 'ambiguous', codes: matches } : { kind: 'none' };
}

// 1900 date system: 1 = 1900-01-01; serials of this century (2000-01-01 = 36526 to 2099-12-31 = 73415).
const SERIAL = /^\d{5}(?:\.\d+)?$/;
const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const LOCAL = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})(?:\s.*)?$/;

/**
 * How a date cell reads: 'iso' (the console's own format), 'serial' (Excel's day number), 'ambiguous' (a
 * local format whose day and month could be swapped, such as 3/4/2026), or 'local' (a local format that
 * reads one way only, such as 2026/11/25 or 25/11/2026: still refused, since it depends on the computer).
 */
export function dateCellKind(text: string): 'iso' | 'serial' | 'ambiguous' | 'local' | 'other' {
  const t = text.trim();
  if (ISO.test(t)) return 'iso';
  if (SERIAL.test(t)) {
    const n = Number(t);
    return n >= 36_526 && n <= 73_415 ? 'serial' : 'other';
  }
  const m = LOCAL.exec(t);
  if (!m) return 'other';
  const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Year first (2026/11/25) reads one way; otherwise day and month are ambiguous when both are 12 or less.
  if (m[1]!.length === 4) return 'local';
  return a <= 12 && b <= 12 && a !== b && c > 0 ? 'ambiguous' : 'local';
}

/** An identifier Excel rewrote in scientific notation (4.71E+12): its digits are lost. */
export const EXCEL_SCIENTIFIC = 'excel_scientific';
/** A GS1 barcode (EAN-8/13, UPC-A, GTIN-14) whose check digit is wrong: a warning, the platform takes any text. */
export const BARCODE_CHECK_DIGIT = 'barcode_check_digit';

/** Excel's damage and a wrong barcode check digit in one identifier cell (trimmed, not empty). */
export function identifierIssue(field: string, text: string): { error?: RowIssue; warning?: RowIssue } | null {
  if (isScientific(text)) return { error: { code: EXCEL_SCIENTIFIC, field, params: { value: text } } };
  if (field === 'barcode') {
    const wrong = wrongCheckDigit(text);
    if (wrong)
      return { warning: { code: BARCODE_CHECK_DIGIT, field, params: { kind: wrong.kind, digit: wrong.expected } } };
  }
  return null;
}
