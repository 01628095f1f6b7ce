import { guardText } from './formula-guard';
import type { CsvColumn } from './csv-write';

/**
 * How a cell is typed in the console's workbooks (issue 54 point 2), shared by the browser's writer
 * (./xlsx-write) and the server's streamed one (./xlsx-stream), so every family's file reads the same in Excel:
 * identifiers Text, money a number with two decimals in NT$, quantities numbers with their precision, ratios
 * percentages, times date-time cells in the person's time zone.
 */
export type XlsxKind = 'text' | 'number' | 'money' | 'percent' | 'datetime';

export interface XlsxColumn<Row> extends CsvColumn<Row> {
  /** How the cell is typed in a workbook; text unless said otherwise. */
  kind?: XlsxKind;
  /** A quantity's decimals in this row (a SKU's quantity precision): its number format shows that many. */
  decimals?: (row: Row) => number | null | undefined;
}

export const NUMBER_FORMAT: Record<XlsxKind, string> = {
  text: '@',
  number: 'General',
  money: '"NT$"#,##0.00',
  percent: '0.0%',
  datetime: 'yyyy-mm-dd hh:mm:ss',
};

/** A quantity's format with `decimals` places (0 to 4, the contract's quantity precision). */
export function quantityFormat(decimals: number | null | undefined): string | null {
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 4) return null;
  return decimals === 0 ? '#,##0' : `#,##0.${'0'.repeat(decimals)}`;
}

export interface XlsxOptions {
  /** The zone times are shown in (the person's, as on screen); the platform's home zone by default. */
  timeZone?: string;
  /**
   * A time column's header with its zone, in the reader's words (`dataTable.headerWithZone`: full-width brackets in
   * Chinese); "Header (zone)" without it.
   */
  zoneHeader?: (header: string, zone: string) => string;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as Excel keeps it: a serial date has no zone, so the cell holds the wall-clock time of `timeZone`
 * (a Date whose UTC fields are that time, which is what exceljs writes).
 */
export function wallClock(moment: Date, timeZone: string): Date {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(moment).map((p) => [p.type, Number(p.value)]));
  return new Date(
    Date.UTC(
      part.year!,
      part.month! - 1,
      part.day!,
      part.hour!,
      part.minute!,
      part.second!,
      moment.getUTCMilliseconds(),
    ),
  );
}

type Value = ReturnType<CsvColumn<unknown>['value']>;

/** A cell's value as the workbook types it: a figure as a number, a time as a date, anything else as text. */
export function typedCell(value: Value, kind: XlsxKind, options: XlsxOptions = {}): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (kind === 'datetime' && typeof value === 'string') {
    const moment = new Date(value);
    if (!Number.isNaN(moment.getTime())) return wallClock(moment, timeZoneOf(options));
  }
  if (kind !== 'text' && kind !== 'datetime' && typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return guardText(String(value));
}

/** The number format of one cell: a quantity's own precision where its column gives one, else its column's. */
export function cellFormat<Row>(column: XlsxColumn<Row>, row: Row): string | null {
  return column.decimals ? quantityFormat(column.decimals(row)) : null;
}

/** The zone a workbook's times are shown in: the person's, else the platform's home zone. */
export const timeZoneOf = (options: XlsxOptions) => options.timeZone ?? 'Asia/Taipei';

/** A column's header: a time column says its zone, as a serial date carries none. */
export function headerOf<Row>(column: XlsxColumn<Row>, options: XlsxOptions): string {
  const zone = timeZoneOf(options);
  if (column.kind !== 'datetime' || column.header.includes(zone)) return column.header;
  return options.zoneHeader ? options.zoneHeader(column.header, zone) : `${column.header} (${zone})`;
}
