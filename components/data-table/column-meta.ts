/** Column label for the column picker and the CSV header; set it on every column. */
export interface ColumnMeta {
  label: string;
  /** Right-align numbers. */
  numeric?: boolean;
  /**
   * A long free text (a name, an address): cut to one line with the full text on hover and focus. Every
   * other cell (codes, phones, amounts, dates) stays on one line whatever its length.
   */
  truncate?: boolean;
}
