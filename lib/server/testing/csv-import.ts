import type { FamilyName } from '@/lib/imports/families';
import * as store from '../imports/store';
import type { Db, ImportMeta, UploadRow } from '../imports/store/types';
import { csvImportMeta } from './import-files';

// Apart from import-files.ts, which imports only types so that a test may load it before the runtime.

/**
 * Stores a one-column CSV import of `family` made by `by`, its rows as the browser's check made them, and returns
 * its id, ready to be chunked and sent.
 */
export async function storeCsvImport(
  db: Db,
  family: FamilyName,
  rows: UploadRow[],
  by: { id: string; email: string },
  origin?: ImportMeta['origin'],
): Promise<string> {
  const importId = await store.createImport(db, csvImportMeta(family, rows.length, origin), by);
  await store.appendRows(db, importId, family, rows);
  return importId;
}
