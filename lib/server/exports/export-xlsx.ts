import 'server-only';
import type { Kysely } from 'kysely';
import { exportColumns, type ExportNames, type ExportResource } from '@/lib/files/export-columns';
import type { ConsoleDatabase } from '../db';
import { xlsxStream } from '../../files/xlsx-stream';
import { exportRows } from './export-job';

/** The finished export as an Excel workbook (issue 31 point 1), streamed (../xlsx-stream.ts). */
export async function* exportXlsx(
  db: Kysely<ConsoleDatabase>,
  jobId: string,
  resource: ExportResource,
  header: (key: string) => string,
): AsyncGenerator<Uint8Array> {
  const names: ExportNames = { product: new Map(), category: new Map() };
  // The columns (and so the headers) are made when the first part is asked for, as the CSV's are.
  const columns = exportColumns(resource, header, names);
  yield* xlsxStream(resource, columns, exportRows(db, jobId, names));
}
