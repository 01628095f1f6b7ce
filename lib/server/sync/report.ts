import 'server-only';
import type { Kysely } from 'kysely';
import type { RejectionError, RejectionFilters } from '@/lib/contract/console/rejections';
import { toCsv } from '@/lib/files/csv-write';
import { wallClock } from '@/lib/files/xlsx-cells';
import { toXlsx, type XlsxColumn } from '@/lib/files/xlsx-write';
import type { ConsoleDatabase } from '../db';
import { errorsOf, readStored, type StoredRejection } from './reads';

/** Rows one report holds; the filters narrow a larger one. */
export const REPORT_MAX_ROWS = 50_000;

/** The report's words in the reader's language: its headers, each cause's sentence, kinds and states. */
export interface ReportWords {
  headers: Record<ReportColumn, string>;
  /** The cause's sentence for one error of a row, with the value the ERP sent in the field it names. */
  cause(family: string, error: RejectionError): string;
  /** A kind of record ("SKUs"), by its family name. */
  family(family: string): string;
  /** Still to fix, or how it was closed. */
  state(r: StoredRejection): string;
  /** The zone the report's times are in (the reader's), named in their header. */
  timeZone: string;
  /** A time column's header with its zone, in the reader's words. */
  zoneHeader: (header: string, zone: string) => string;
}

export const REPORT_COLUMNS = [
  'cause',
  'family',
  'errorCode',
  'field',
  'valueSent',
  'record',
  'itemIndex',
  'receivedAt',
  'client',
  'state',
  'item',
] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];

/** One error of one rejection: a report's row. An item with two errors is two rows, one under each cause. */
export interface ReportRow {
  rejection: StoredRejection;
  error: RejectionError;
}

/** The value as the ERP sent it, whole: text as is, anything else as its JSON (-50, true, [..]). */
const sentText = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * For the ERP's team: what did not apply, grouped by cause (the largest first), each row with the ERP's own
 * field name and the value it sent there, and the whole item as it sent it (the ERP's field names, its JSON), so
 * an integrator can find the mapping that produced it.
 */
export async function reportRows(db: Kysely<ConsoleDatabase>, filters: RejectionFilters): Promise<ReportRow[]> {
  const stored = await readStored(db, filters, REPORT_MAX_ROWS);
  const byCause = new Map<string, ReportRow[]>();
  for (const rejection of stored)
    for (const error of errorsOf(rejection)) {
      // Filtered by a cause, the report lists that cause's rows (an item's other errors have their own causes).
      if (filters.error && error.code !== filters.error) continue;
      const key = `${rejection.family}|${error.code}|${error.field ?? ''}`;
      byCause.set(key, [...(byCause.get(key) ?? []), { rejection, error }]);
    }
  return [...byCause.values()].sort((a, b) => b.length - a.length).flat();
}

/** A time in the reader's zone, as the CSV writes it (the workbook has a date cell). */
const zonedText = (at: Date, zone: string) => wallClock(at, zone).toISOString().slice(0, 19).replace('T', ' ');

function columns(words: ReportWords, xlsx: boolean): XlsxColumn<ReportRow>[] {
  const value: Record<ReportColumn, XlsxColumn<ReportRow>['value']> = {
    cause: ({ rejection, error }) => words.cause(rejection.family, error),
    family: ({ rejection }) => words.family(rejection.family),
    errorCode: ({ error }) => error.code,
    field: ({ error }) => error.field,
    valueSent: ({ error }) => sentText(error.value),
    record: ({ rejection }) => rejection.record_key,
    itemIndex: ({ rejection }) => rejection.item_index,
    receivedAt: ({ rejection }) =>
      xlsx ? rejection.received_at.toISOString() : zonedText(rejection.received_at, words.timeZone),
    client: ({ rejection }) => rejection.client_id,
    state: ({ rejection }) => words.state(rejection),
    item: ({ rejection }) => JSON.stringify(rejection.item),
  };
  return REPORT_COLUMNS.map((c) => ({
    header: c === 'receivedAt' ? words.zoneHeader(words.headers[c], words.timeZone) : words.headers[c],
    value: value[c],
    ...(c === 'itemIndex'
      ? { kind: 'number' as const }
      : c === 'receivedAt' && xlsx
        ? { kind: 'datetime' as const }
        : {}),
  }));
}

export async function rejectionsReport(
  db: Kysely<ConsoleDatabase>,
  filters: RejectionFilters,
  format: 'csv' | 'xlsx',
  words: ReportWords,
): Promise<string | Uint8Array> {
  const rows = await reportRows(db, filters);
  return format === 'xlsx'
    ? toXlsx(rows, columns(words, true), 'rejections', { timeZone: words.timeZone })
    : toCsv(rows, columns(words, false));
}
