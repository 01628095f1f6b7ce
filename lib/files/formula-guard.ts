/**
 * The formula-injection guard, written and undone in one place (issue 47): every file the console writes
 * (exports, results, error files) guards its cells here, and the import undoes the guard here as it reads a
 * CSV or a workbook, so a file that leaves the console comes back as exactly the values it carried.
 *
 * A CSV cell that starts with a character a spreadsheet reads as a formula (or a DDE payload) gets an
 * apostrophe in front: `+886 2 2345 6789` leaves as `'+886 2 2345 6789`, and comes back without it. To tell a
 * guard from a value that really starts with an apostrophe, a value that starts with an apostrophe followed by
 * one of those characters or by another apostrophe gets one too (`'+886` leaves as `''+886`). Reading takes
 * off one apostrophe exactly when it is followed by one of them, so every string comes back as it left, and a
 * value like `'s-Hertogenbosch` or a lone `'` leaves and comes back untouched.
 *
 * A workbook's Text cell is never a formula, so it needs no guard; only a value the reader would take for a
 * guarded one (an apostrophe and then one of those characters) gets the extra apostrophe. The reader undoes
 * the guard in a workbook too: a guarded CSV opened in a spreadsheet and saved as .xlsx keeps the apostrophe
 * as text.
 */

/**
 * Characters that make a spreadsheet read a cell as a formula, including the full-width forms that some
 * spreadsheet apps fold to ASCII when they parse.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A guarded cell: the guard's apostrophe, then a formula character or the apostrophe of a guarded value. */
const GUARDED = /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20']/;

/** A CSV cell's text for a value: guarded when a spreadsheet would run it, or when reading would unguard it. */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) || GUARDED.test(value) ? `'${value}` : value;
}

/** A workbook Text cell's text for a value: only what reading would unguard gets the apostrophe. */
export function guardText(value: string): string {
  return GUARDED.test(value) ? `'${value}` : value;
}

/** The value a guarded cell (CSV or workbook) carried: the inverse of guardCell and of guardText. */
export function unguardCell(text: string): string {
  // Nearly every cell does not start with an apostrophe: one comparison, no regular expression.
  return text.charCodeAt(0) === 0x27 && GUARDED.test(text) ? text.slice(1) : text;
}
