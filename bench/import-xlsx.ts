/**
 * Issue 31: the import's read-and-check of an Excel workbook (.xlsx) beside the same rows as CSV, for 100,000
 * SKUs. The .xlsx path is the worker's: read-excel-file (numbers as stored) → sheetRows → the same checkFile.
 * Target: .xlsx ≤ 3 × CSV. Run: npx tsx bench/import-xlsx.ts [--rows 100000]
 */
import { parseArgs } from 'node:util';
import readXlsxFile from 'read-excel-file/node';
import { ISSUE_ROWS_SHOWN } from '@/lib/client/imports/worker-protocol';
import { FAMILIES } from '@/lib/csv/families';
import { autoMap } from '@/lib/csv/mapping';
import { checkParsed, readAndCheck } from '@/lib/csv/read-check';
import { sheetRows, storedNumber, type SheetCell } from '@/lib/csv/workbook';
import { xlsx } from '../e2e/support/xlsx';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
const ROWS = Number(values.rows);
const headers = ['productId', 'outerSysCode', 'name', 'barcode', 'unit', 'price', 'sellPrice'];
const rows: (string | number)[][] = [headers];
for (let i = 0; i < ROWS; i++) rows.push([1, `XL${i}`, `高山烏龍茶 ${i}`, 4710001000003, '包', 100 + (i % 50), 90.5 + (i % 50)]);

const csv = new TextEncoder().encode(rows.map((r) => r.join(',')).join('\r\n') + '\r\n');
const book = xlsx([{ name: 'SKUs', rows }]);
const mapping = autoMap(headers, FAMILIES.skus);
const seconds = (start: number) => (performance.now() - start) / 1000;

async function csvRun() {
  const start = performance.now();
  const { summary } = await readAndCheck(csv, FAMILIES.skus, mapping, { shown: ISSUE_ROWS_SHOWN });
  if (summary.counts.toSend !== ROWS) throw new Error(`CSV: ${summary.counts.toSend} of ${ROWS} to send`);
  return seconds(start);
}

async function xlsxRun() {
  const start = performance.now();
  const sheets = (await readXlsxFile(book, { parseNumber: storedNumber, trim: false })) as unknown as { sheet: string; data: SheetCell[][] }[];
  const read = sheetRows(sheets[0]!.data);
  const { summary } = checkParsed({ ...read, malformedLines: [] }, FAMILIES.skus, mapping, { shown: ISSUE_ROWS_SHOWN });
  if (summary.counts.toSend !== ROWS) throw new Error(`xlsx: ${summary.counts.toSend} of ${ROWS} to send`);
  return seconds(start);
}

const heap = () => process.memoryUsage().rss / 1024 / 1024;
await csvRun();
const csvSeconds = await csvRun();
const before = heap();
const xlsxSeconds = await xlsxRun();
console.log(`${ROWS} SKUs: CSV read and check ${csvSeconds.toFixed(2)} s; .xlsx (${(book.length / 1024 / 1024).toFixed(1)} MB) read and check ${xlsxSeconds.toFixed(2)} s; ratio ${(xlsxSeconds / csvSeconds).toFixed(2)}× (target ≤ 3×); rss ${before.toFixed(0)} → ${heap().toFixed(0)} MB`);
