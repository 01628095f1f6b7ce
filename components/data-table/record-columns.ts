import type { CellValue, ListColumn } from './list-columns';

/** The record's name: the card's subtitle, cut to one line in the table. */
export function nameColumn<Row extends { name: string | null }>(label: string): ListColumn<Row> {
  return { id: 'name', label, value: (row) => row.name, truncate: true, card: 'subtitle' };
}

/**
 * A reference by id (a salesperson, a category): the id in the CSV only (`<id>Number`, "<label> id"), then what it
 * points at by name, in the table and as a figure on the card.
 */
export function referenceColumns<Row>(
  id: string,
  label: string,
  ref: (row: Row) => number | null,
  name: (row: Row) => CellValue,
  truncate?: boolean,
): ListColumn<Row>[] {
  return [
    { id: `${id}Number`, label: `${label} id`, value: ref, only: 'csv' },
    { id, label, value: name, ...(truncate ? { truncate } : {}), card: 'figure' },
  ];
}
