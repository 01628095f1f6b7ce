import 'server-only';
import type { Kysely } from 'kysely';
import type { RejectionFilters } from '@/lib/contract/console/rejections';
import { toCsv, type CsvColumn } from '@/lib/files/csv-write';
import { toXlsx } from '@/lib/files/xlsx-write';
import type { ConsoleDatabase } from '../db';
import { readStored, valueOf, type StoredRejection } from './reads';

/** Rows one report holds; the filters narrow a larger one. */
export const REPORT_MAX_ROWS = 50_000;

/** The report's words in the reader's language: its column headers and each cause's sentence. */
export interface ReportWords {
  headers: Record<ReportColumn, string>;
  /** The cause's sentence for a row, with the value the ERP sent in the field its error names. */
  cause(r: StoredRejection, value: unknown): string;
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

const text = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * For the ERP's team: what did not apply, grouped by cause (the largest first), each row with the ERP's own
 * field name and the value it sent, and the whole item as it sent it (the ERP's field names, its JSON), so
 * an integrator can find the mapping that produced it.
 */
export async function reportRows(db: Kysely<ConsoleDatabase>, filters: RejectionFilters) {
  const stored = await readStored(db, filters, REPORT_MAX_ROWS);
  const byCause = new Map<string, StoredRejection[]>();
  for (const r of stored) {
    const key = `${r.family}|${r.error_code}|${r.error_field ?? ''}`;
    byCause.set(key, [...(byCause.get(key) ?? []), r]);
  }
  return [...byCause.values()].sort((a, b) => b.length - a.length).flat();
}

function columns(words: ReportWords): CsvColumn<StoredRejection>[] {
  const value: Record<ReportColumn, (r: StoredRejection) => string | number | null> = {
    cause: (r) => words.cause(r, valueOf(r.item, r.error_field)),
    family: (r) => r.family,
    errorCode: (r) => r.error_code,
    field: (r) => r.error_field,
    valueSent: (r) => text(valueOf(r.item, r.error_field)),
    record: (r) => r.record_key,
    itemIndex: (r) => r.item_index,
    receivedAt: (r) => r.received_at.toISOString(),
    client: (r) => r.client_id,
    state: (r) => r.closed_how ?? 'open',
    item: (r) => JSON.stringify(r.item),
  };
  return REPORT_COLUMNS.map((c) => ({ header: words.headers[c], value: value[c] }));
}

export async function rejectionsReport(
  db: Kysely<ConsoleDatabase>,
  filters: RejectionFilters,
  format: 'csv' | 'xlsx',
  words: ReportWords,
): Promise<string | Uint8Array> {
  const rows = await reportRows(db, filters);
  const cols = columns(words);
  return format === 'xlsx'
    ? toXlsx(
        rows,
        cols.map((c) => ({ ...c, kind: c.header === words.headers.itemIndex ? 'number' : 'text' })),
        'rejections',
      )
    : toCsv(rows, cols);
}
