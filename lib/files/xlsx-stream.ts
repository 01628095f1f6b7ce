import 'server-only';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { XlsxColumn, XlsxOptions } from '@/lib/files/xlsx-cells';
import { columnWidths, FROZEN_HEADER, layOut, typedRow } from '@/lib/files/xlsx-sheet';

/**
 * A workbook written as a stream with exceljs's WorkbookWriter (issue 31 point 1), for the server's large files
 * (list exports, the audit log, History): each row is committed (written to the zip and let go) as soon as it
 * is added, so a file of 100,000 rows holds one batch at a time, not the workbook. The cells and the sheet are
 * the browser's export's (./xlsx-sheet): typed cells, a bold frozen header row with filters, times in a zone
 * the header names. Inline strings, not a shared-strings table: that table would be held in memory until the end.
 *
 * The columns' widths go out before the first row, and must cover the widest formatted value of the whole file
 * (a large amount in the last row would otherwise show `###`): `pages` is read twice, first to measure, then to
 * write, one page at a time both times.
 */
export async function* xlsxStream<Row>(
  sheetName: string,
  columns: readonly XlsxColumn<Row>[],
  pages: () => AsyncIterable<readonly Row[]>,
  options: XlsxOptions = {},
): AsyncGenerator<Uint8Array> {
  const measure = columnWidths(columns, options);
  for await (const rows of pages())
    for (const row of rows) {
      const { cells, formats } = typedRow(columns, row, options);
      measure.see(cells, formats);
    }

  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), FROZEN_HEADER);
  layOut(sheet, columns, measure.widths(), options);

  const writing = (async () => {
    for await (const rows of pages()) {
      for (const row of rows) {
        const { cells, formats } = typedRow(columns, row, options);
        const added = sheet.addRow(cells);
        formats.forEach((format, i) => {
          if (format) added.getCell(i + 1).numFmt = format;
        });
        added.commit();
      }
      // A slow download holds the writer back here, so memory stays at one batch however slow it is.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })();
  writing.catch((error: unknown) => out.destroy(error as Error));
  for await (const chunk of out) yield chunk as Uint8Array;
  await writing;
}
