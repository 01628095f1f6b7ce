/**
 * Text a person typed in a way the ERP will not match: spaces at either end or two in a row, and full-width
 * Latin letters and digits (Ｓ０００１, typed with a Chinese input method left in full-width mode) in a catalogue
 * whose codes and names use half-width ones. The SQL predicates (lib/server/attention) use the same patterns.
 */

/** Leading or trailing whitespace, or two whitespace characters in a row (ideographic space U+3000 included). */
export const SPACING_PATTERN = '^\\s|\\s$|\\s\\s|^\u3000|\u3000$|\u3000\u3000';

/** Full-width digits and Latin letters (U+FF10–FF19, U+FF21–FF3A, U+FF41–FF5A). */
export const FULL_WIDTH_PATTERN = '[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]';

const spacing = new RegExp(SPACING_PATTERN);
const fullWidth = new RegExp(FULL_WIDTH_PATTERN);

export function hasBadSpacing(value: string | null | undefined): boolean {
  return !!value && spacing.test(value);
}

export function hasFullWidth(value: string | null | undefined): boolean {
  return !!value && fullWidth.test(value);
}
