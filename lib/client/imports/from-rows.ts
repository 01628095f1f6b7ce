import { checkRows } from '@/lib/imports/check';
import { FAMILIES, type FamilyName } from '@/lib/imports/families';
import type { PredictedKind } from '@/lib/contract/console/import-files';
import { uploadAndStart, UploadStoppedError, type ImportDescription } from './upload';

/**
 * Sends rows that did not come from a file (a failed sync's items, a bulk edit) as an import: the same
 * check, job runtime, results page, attempts and error file as a CSV. Returns the import's id, also when the
 * upload stopped after the start or the start's answer was lost: the import's page tells what happened.
 */
export async function importRows(input: {
  family: FamilyName;
  fileName: string;
  headers: string[];
  mapping: (string | null)[];
  rows: { line: number; cells: string[]; before?: Record<string, unknown> | null; predicted?: PredictedKind }[];
  /** Where the rows came from, so History files the writes as a bulk edit or a resend. */
  origin: 'bulk' | 'sync';
}): Promise<string> {
  const checked = checkRows(FAMILIES[input.family], input.headers, input.mapping, input.rows).rows;
  const description: ImportDescription = {
    family: input.family,
    fileName: input.fileName,
    encoding: 'utf-8',
    delimiter: ',',
    headers: input.headers,
    mapping: input.mapping,
    totalRows: checked.length,
    origin: input.origin,
  };
  try {
    return await uploadAndStart(description, (from, to) =>
      checked.slice(from, to).map((row, i) => ({
        rowNo: from + i,
        line: row.line,
        cells: row.cells,
        item: row.errors.length ? null : row.item,
        errors: row.errors,
        warnings: row.warnings,
        // The values the person reviewed as old (bulk edit, a resend's review): History shows them old → new.
        ...(input.rows[from + i]?.before ? { before: input.rows[from + i]!.before } : {}),
        // What the review's comparison predicted, so a refusal it did not foresee counts as a misprediction.
        ...(input.rows[from + i]?.predicted && !row.errors.length
          ? { predicted: input.rows[from + i]!.predicted }
          : {}),
      })),
    );
  } catch (error) {
    if (error instanceof UploadStoppedError) return error.importId;
    throw error;
  }
}
