import 'server-only';
import { xlsxStream } from '../../files/xlsx-stream';
import { exportedRows, type ExportFile } from './export-job';

/** The finished export as an Excel workbook (issue 31 point 1), streamed (../xlsx-stream.ts). */
export const exportXlsx: ExportFile<Uint8Array> = async function* (db, jobId, resource, header) {
  const { columns, pages } = exportedRows(db, jobId, resource, header);
  yield* xlsxStream(resource, columns, pages);
};
