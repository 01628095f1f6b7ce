import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from './csv-write';
import { readCsvBytes } from './csv-read';
import { sheetRows } from './workbook';
import { readWorkbook } from './xlsx-read';

/**
 * A guarded CSV opened in LibreOffice Calc and saved, as CSV and as .xlsx, still imports back as the original
 * values (issue 47): Calc keeps the guard's apostrophe as text, and the import takes it off. Runs where
 * `soffice` is installed (Debian's libreoffice-calc); skipped elsewhere.
 */

const soffice = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
})();

const values = [
  '=SUM(A1)',
  '+886 912 345 678',
  '+886912345678',
  '-5',
  '- note',
  '@x',
  "'",
  "'abc",
  "'+886",
  "''=1",
  '台北 好食',
  'plain',
];
type Row = { value: string; other: string };
const rows: Row[] = values.map((value, i) => ({ value, other: values[values.length - 1 - i]! }));
const columns = [
  { header: 'name', value: (r: Row) => r.value },
  { header: 'memo', value: (r: Row) => r.other },
];
const expected = rows.map((r) => [r.value, r.other]);

const dir = mkdtempSync(path.join(tmpdir(), 'calc-guard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Calc opens the UTF-8 CSV (comma, double quote) and saves it in `format`; the bytes it wrote. */
function throughCalc(format: string, extension: string): Uint8Array {
  const out = path.join(dir, extension);
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
      '--headless',
      '--infilter=CSV:44,34,76,1',
      '--convert-to',
      format,
      '--outdir',
      out,
      path.join(dir, 'export.csv'),
    ],
    { stdio: 'ignore', timeout: 120_000 },
  );
  return new Uint8Array(readFileSync(path.join(out, `export.${extension}`)));
}

describe.skipIf(!soffice)('a guarded CSV saved by LibreOffice Calc', () => {
  beforeAll(() => writeFileSync(path.join(dir, 'export.csv'), toCsv(rows, columns), 'utf8'));

  it('as CSV imports back the original values', async () => {
    const read = await readCsvBytes(throughCalc('csv:Text - txt - csv (StarCalc):44,34,76,1', 'csv'));
    expect(read.headers).toEqual(['name', 'memo']);
    expect(read.rows.map((r) => r.cells)).toEqual(expected);
  }, 150_000);

  it('as .xlsx imports back the original values', () => {
    const read = sheetRows(readWorkbook(throughCalc('xlsx', 'xlsx')).data);
    expect(read.headers).toEqual(['name', 'memo']);
    expect(read.rows.map((r) => r.cells)).toEqual(expected);
  }, 150_000);
});
