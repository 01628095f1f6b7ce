import type { FamilyName } from '@/lib/imports/families';
import type { ImportMeta, UploadRow } from '../imports/store/types';

// Import files as the tests upload them; only types are imported, so a test may load this before the runtime.

/** A one-column CSV of `totalRows` rows. */
export function csvImportMeta(family: FamilyName, totalRows: number, origin?: ImportMeta['origin']): ImportMeta {
  return {
    family,
    fileName: 'f.csv',
    encoding: 'utf-8',
    delimiter: ',',
    headers: ['x'],
    mapping: ['x'],
    totalRows,
    ...(origin && { origin }),
  };
}

/** Row `n` of such a file (line n + 2, under the header), with the item the browser's check made of it. */
export function csvRow(n: number, item: UploadRow['item'], more: Partial<UploadRow> = {}): UploadRow {
  return { rowNo: n, line: n + 2, cells: [String(n)], item, errors: [], warnings: [], ...more };
}

/** A `family` CSV file (`family`.csv) whose columns are `columns`, each mapped to the field of its name. */
export function columnsImportMeta(family: FamilyName, columns: string[], totalRows: number): ImportMeta {
  return {
    family,
    fileName: `${family}.csv`,
    encoding: 'utf-8',
    delimiter: ',',
    headers: columns,
    mapping: columns,
    totalRows,
  };
}

/** A companies file of two columns: ERP code and name. */
export function companiesImportMeta(totalRows: number): ImportMeta {
  return columnsImportMeta('companies', ['outerSysCode', 'name'], totalRows);
}

/**
 * Row `n` of a companies file, found again by `marker`: keyed by it as the ERP code (an idempotent upsert), or
 * with it as the name and no code (each send creates a company).
 */
export function companyRow(n: number, marker: string, keyed: boolean): UploadRow {
  return {
    rowNo: n,
    line: n + 2,
    cells: keyed ? [marker, `Company ${n}`] : ['', marker],
    item: keyed ? { outerSysCode: marker, name: `Company ${n}` } : { name: marker },
    errors: [],
    warnings: [],
  };
}
