import type { XlsxColumn, XlsxKind } from '../files/xlsx-write';

/**
 * An import's own file going back out as a workbook (its error file and its results, issue 31 point 1): the
 * file's columns in their order and with their headers, so it imports back as is. A column is typed by the
 * field it was mapped to: a figure (price, quantity) is a number cell, every other column (ids, ERP codes,
 * barcodes, names) a Text cell (`@`), so Excel never rewrites it.
 */

const FIGURES: Partial<Record<string, XlsxKind>> = {
  price: 'money',
  sellPrice: 'money',
  creditAmount: 'money',
  inventoryQty: 'number',
  quantityPrecision: 'number',
  balance: 'number',
};

// A figure cell becomes a number only when the number holds the text's value exactly: a plain decimal with at
// most 15 significant digits and no leading zero. Anything else ("1,200", a typo to fix) stays the text it was.
const PLAIN_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export function fileCell(text: string, kind: XlsxKind): string | number | null {
  if (text === '') return null;
  if (kind === 'text' || !PLAIN_NUMBER.test(text)) return text;
  return text.replace(/[-.]/g, '').replace(/^0+/, '').length <= 15 ? Number(text) : text;
}

/** The file's own columns for a workbook, typed by the field each one was mapped to. */
export function ownColumns<Row>(
  headers: readonly string[],
  mapping: readonly (string | null)[],
  cells: (row: Row) => readonly string[],
): XlsxColumn<Row>[] {
  return headers.map((header, i) => {
    const kind = FIGURES[mapping[i] ?? ''] ?? 'text';
    return { header, kind, value: (row: Row) => fileCell(cells(row)[i] ?? '', kind) };
  });
}
