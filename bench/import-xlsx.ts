/**
 * Issue 31: the import's read-and-check of an Excel workbook (.xlsx) beside the same rows as CSV, for 100,000
 * SKUs. Both files are the console's own export of the same SKUs (toCsv and toXlsx with the SKU list's columns:
 * identifiers as Text cells, money as numbers, shared strings as exceljs writes them, as Excel does), so the
 * figure is the round trip's. The .xlsx path is the worker's: readWorkbook (fflate + saxen) → sheetRows → the
 * same checkParsed as CSV's readAndCheck. Target: .xlsx ≤ 3 × CSV. Each is timed as the best of `--rounds`.
 *
 *   npm run bench:import-xlsx [-- --rows 100000 --rounds 3]
 */
import { ISSUE_ROWS_SHOWN } from '@/lib/client/imports/worker-protocol';
import { toCsv } from '@/lib/files/csv-write';
import { FAMILIES } from '@/lib/imports/families';
import { autoMap } from '@/lib/imports/mapping';
import { checkParsed, readAndCheck } from '@/lib/imports/read-check';
import { sheetRows } from '@/lib/files/workbook';
import { toXlsx, type XlsxColumn } from '@/lib/files/xlsx-write';
import { readWorkbook } from '@/lib/files/xlsx-read';
import { benchOptions } from './harness/options';

const { rows: ROWS, rounds: ROUNDS } = benchOptions({ rows: 100_000, rounds: 3 });

type Sku = {
  id: number;
  productId: number;
  outerSysCode: string;
  name: string;
  barcode: string;
  unit: string;
  price: number;
  sellPrice: number;
  quantityPrecision: number;
};
// The import's own field names as headers, so both files map with no manual step.
const columns: XlsxColumn<Sku>[] = [
  { header: 'id', value: (s) => s.id, kind: 'number' },
  { header: 'productId', value: (s) => s.productId, kind: 'number' },
  { header: 'outerSysCode', value: (s) => s.outerSysCode },
  { header: 'name', value: (s) => s.name },
  { header: 'barcode', value: (s) => s.barcode },
  { header: 'unit', value: (s) => s.unit },
  { header: 'price', value: (s) => s.price, kind: 'money' },
  { header: 'sellPrice', value: (s) => s.sellPrice, kind: 'money' },
  { header: 'quantityPrecision', value: (s) => s.quantityPrecision, kind: 'number' },
];
const skus: Sku[] = Array.from({ length: ROWS }, (_, i) => ({
  id: i + 1,
  productId: 1 + (i % 40),
  outerSysCode: `XL${String(i).padStart(6, '0')}`,
  name: `高山烏龍茶 ${i}`,
  barcode: '4710001000003',
  unit: '包',
  price: 100 + (i % 50),
  sellPrice: 90.5 + (i % 50),
  quantityPrecision: 0,
}));

const csv = new TextEncoder().encode(toCsv(skus, columns));
const book = await toXlsx(skus, columns, 'skus');
const mapping = autoMap(
  columns.map((c) => c.header),
  FAMILIES.skus,
);
const seconds = (start: number) => (performance.now() - start) / 1000;

async function csvRun() {
  const start = performance.now();
  const { summary } = await readAndCheck(csv, FAMILIES.skus, mapping, { shown: ISSUE_ROWS_SHOWN });
  if (summary.counts.toSend !== ROWS) throw new Error(`CSV: ${summary.counts.toSend} of ${ROWS} to send`);
  return seconds(start);
}

function xlsxRun() {
  const start = performance.now();
  const read = sheetRows(readWorkbook(book).data);
  const { summary } = checkParsed({ ...read, malformedLines: [] }, FAMILIES.skus, mapping, { shown: ISSUE_ROWS_SHOWN });
  if (summary.counts.toSend !== ROWS) throw new Error(`xlsx: ${summary.counts.toSend} of ${ROWS} to send`);
  return seconds(start);
}

// Rounds alternate, so a busy moment of the machine slows both kinds alike.
let csvSeconds = Infinity;
let xlsxSeconds = Infinity;
for (let i = 0; i < ROUNDS; i++) {
  csvSeconds = Math.min(csvSeconds, await csvRun());
  xlsxSeconds = Math.min(xlsxSeconds, xlsxRun());
}
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
console.log(
  `${ROWS} SKUs, best of ${ROUNDS}: CSV (${mb(csv.length)} MB) read and check ${csvSeconds.toFixed(2)} s; ` +
    `.xlsx (${mb(book.length)} MB) read and check ${xlsxSeconds.toFixed(2)} s; ratio ${(xlsxSeconds / csvSeconds).toFixed(2)}× (target ≤ 3×)`,
);
