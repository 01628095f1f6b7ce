/**
 * Where a column shows on a card below 640 px: the record's code (its link) as the title, its name under it, its
 * status as a badge, and the one or two figures the list is about. A column without a role is left off the card.
 */
export type CardRole = 'title' | 'subtitle' | 'badge' | 'figure';

/**
 * How long a column stays in a narrowing table (640–1024 px): 1 always (the code, the name, the list's figures),
 * 2 from 768 px, 3 (the default) from 1024 px. Low priorities go first, so the figures never leave.
 */
export type ColumnPriority = 1 | 2 | 3;

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
  card?: CardRole;
  priority?: ColumnPriority;
}
