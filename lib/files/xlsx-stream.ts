import 'server-only';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellFormat, NUMBER_FORMAT, typedCell, type XlsxColumn, type XlsxOptions } from '@/lib/files/xlsx-cells';

/**
 * A workbook written as a stream with exceljs's WorkbookWriter (issue 31 point 1), for the server's large files
 * (list exports, the audit log, History): each row is committed (written to the zip and let go) as soon as it
 * is added, so a file of 100,000 rows holds one batch at a time, not the workbook. The cells are typed as in the
 * browser's export (lib/files/xlsx-write.ts): identifiers Text (`@`), figures numbers, money NT$ with two
 * decimals; the header row is bold and frozen with an autofilter. Inline strings, not a shared-strings table:
 * that table would be held in memory until the end.
 */

// A streamed sheet's widths are set before its rows are seen: by the header, within reason.
const widthOf = <Row>(column: XlsxColumn<Row>) =>
  Math.min(Math.max(column.header.length + 4, column.kind === 'text' || !column.kind ? 14 : 12), 40);

export async function* xlsxStream<Row>(
  sheetName: string,
  columns: readonly XlsxColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
  options: XlsxOptions = {},
): AsyncGenerator<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: widthOf(c),
    style: { numFmt: NUMBER_FORMAT[c.kind ?? 'text'] },
  }));
  const head = sheet.getRow(1);
  head.font = { bold: true };
  head.eachCell((cell) => (cell.numFmt = '@'));
  if (columns.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };

  const writing = (async () => {
    for await (const rows of batches) {
      for (const row of rows) {
        const added = sheet.addRow(columns.map((c) => typedCell(c.value(row), c.kind ?? 'text', options)));
        columns.forEach((c, i) => {
          const format = c.decimals ? cellFormat(c, row) : null;
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
