import { checkRows } from '@/lib/csv/check';
import { FAMILIES, type FamilyName } from '@/lib/csv/families';
import { importsFetch } from './api';

const PART = 5_000;

/**
 * Sends rows that did not come from a file (a failed sync's items, a bulk edit) as an import: the same
 * check, job runtime, results page, attempts and error file as a CSV. Returns the import's id.
 */
export async function importRows(input: {
  family: FamilyName;
  fileName: string;
  headers: string[];
  mapping: (string | null)[];
  rows: { line: number; cells: string[] }[];
}): Promise<string> {
  const checked = checkRows(FAMILIES[input.family], input.headers, input.mapping, input.rows).rows;
  const { id } = await importsFetch<{ id: string }>('', {
    method: 'POST',
    body: {
      family: input.family,
      fileName: input.fileName,
      encoding: 'utf-8',
      delimiter: ',',
      headers: input.headers,
      mapping: input.mapping,
      totalRows: checked.length,
    },
  });
  for (let from = 0; from < checked.length; from += PART) {
    const rows = checked.slice(from, from + PART).map((row, i) => ({
      rowNo: from + i,
      line: row.line,
      cells: row.cells,
      item: row.errors.length ? null : row.item,
      errors: row.errors,
      warnings: row.warnings,
    }));
    await importsFetch(`/${id}/rows`, { method: 'POST', body: { rows } });
  }
  await importsFetch(`/${id}/start`, { method: 'POST' });
  return id;
}
