import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectConsoleDb, type ConsoleDbConnection } from '../db/connect';
import { migrateConsoleDb } from '../auth';
import type { AuditRecord } from './audit-record';
import { recordAudit } from './audit-log';
import { headerFrozenAndFiltered, narrowCells } from '@/lib/files/testing/xlsx-widths';
import { auditCsv, auditXlsx } from './export';

// The audit log and History exports on the real console database (PGlite): the workbook holds the same rows as
// the CSV, with ids and codes as Text cells and figures as numbers.

let conn: ConsoleDbConnection;

beforeAll(async () => {
  conn = connectConsoleDb({ dataDir: 'memory://' });
  await migrateConsoleDb(conn.db, { secret: 'x'.repeat(40), baseURL: 'http://console.test' });
  await recordAudit(conn.db, {
    userId: 'u',
    userEmail: 'steward@example.com',
    operation: 'PUT /v1/skus/{id}',
    targetIds: ['4710001000003'],
    status: 200,
    outcome: 'updated',
    result: 'applied',
    recordType: 'skus',
    changes: [{ field: 'barcode', from: '4710001000003', to: '00123' }],
    clientAddress: '203.0.113.7',
  });
}, 120_000);

afterAll(async () => {
  await conn?.close();
});

// Far enough ahead for a slow machine: the entries are written after this line runs.
const range = { from: new Date(0), to: new Date(Date.now() + 86_400_000) };

async function workbook(parts: AsyncIterable<Uint8Array>): Promise<ExcelJS.Worksheet> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of parts) chunks.push(chunk);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

async function csvRows(stream: ReadableStream<string>): Promise<string[][]> {
  let text = '';
  const reader = stream.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) text += part.value;
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
}

const cellsOf = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);

describe('audit exports as workbooks', () => {
  it('writes the History with old and new values as Text cells, like the CSV', async () => {
    const sheet = await workbook(auditXlsx(conn.db, 'history', range));
    const csv = await csvRows(auditCsv(conn.db, 'history', range));
    const headers = cellsOf(sheet.getRow(1));
    // Times are date cells in the person's zone, which their header names (the CSV's are ISO 8601 in UTC).
    const zoned = (h: string) => (h === 'at' || h === 'restores_at' ? `${h} (Asia/Taipei)` : h);
    expect(headers).toEqual(csv[0]!.map(zoned));
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    expect(narrowCells(sheet)).toEqual([]);
    expect(headerFrozenAndFiltered(sheet)).toBe(true);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(csv.length);
    const row = sheet.getRow(2);
    for (const name of ['record_id', 'old_value', 'new_value']) {
      const cell = row.getCell(headers.indexOf(name) + 1);
      expect(typeof cell.value).toBe('string');
      expect(cell.numFmt).toBe('@');
    }
    expect(row.getCell(headers.indexOf('old_value') + 1).value).toBe('4710001000003');
    expect(row.getCell(headers.indexOf('new_value') + 1).value).toBe('00123');
  });

  it('writes the audit log with the status as a number and the records as text', async () => {
    const sheet = await workbook(auditXlsx(conn.db, 'audit', range));
    const headers = cellsOf(sheet.getRow(1));
    const row = sheet.getRow(2);
    expect(row.getCell(headers.indexOf('status') + 1).value).toBe(200);
    const records = row.getCell(headers.indexOf('records') + 1);
    expect(records.value).toBe('4710001000003');
    expect(records.numFmt).toBe('@');
  });
});

describe('audit log CSV', () => {
  it('says from which address an entry came', async () => {
    const [headers, row] = await csvRows(auditCsv(conn.db, 'audit', range));
    expect(row![headers!.indexOf('client_address')]).toBe('203.0.113.7');
    expect(row![headers!.indexOf('person')]).toBe('steward@example.com');
  });
});

describe('the exports of a restore', () => {
  it('name the change it restored, by id, when and who, in the audit log and in History', async () => {
    // Its own database: the entries of the other tests are counted.
    const own = connectConsoleDb({ dataDir: 'memory://' });
    try {
      await migrateConsoleDb(own.db, { secret: 'x'.repeat(40), baseURL: 'http://console.test' });
      const write: Omit<AuditRecord, 'userEmail'> = {
        userId: 'u',
        operation: 'PUT /v1/companies/{id}',
        targetIds: ['7'],
        status: 200,
        outcome: 'updated',
        result: 'applied',
        recordType: 'companies',
      };
      await recordAudit(own.db, {
        ...write,
        userEmail: 'steward@example.com',
        changes: [{ field: 'cellPhone', from: '02-1', to: '02-2' }],
      });
      const { rows } = await sql<{ id: string; at: Date }>`select id::text as id, at from audit_change`.execute(own.db);
      const undone = rows[0]!;
      await recordAudit(own.db, {
        ...write,
        userEmail: 'admin@example.com',
        changes: [{ field: 'cellPhone', from: '02-2', to: '02-1' }],
        restores: undone.id,
      });

      const [audit, ...entries] = await csvRows(auditCsv(own.db, 'audit', range));
      const col = (headers: string[], name: string) => headers.indexOf(name);
      const restore = entries.find((r) => r[col(audit!, 'person')] === 'admin@example.com')!;
      expect(restore[col(audit!, 'restores_change')]).toBe(undone.id);
      expect(restore[col(audit!, 'restores_person')]).toBe('steward@example.com');
      expect(restore[col(audit!, 'restores_at')]).toBe(new Date(undone.at).toISOString());
      expect(restore[col(audit!, 'restores_source')]).toBe('form');
      const plain = entries.find((r) => r[col(audit!, 'person')] === 'steward@example.com')!;
      expect(plain[col(audit!, 'restores_change')]).toBe('');

      // History: the restore's row names the change, which is a row of the same file by its own id.
      const sheet = await workbook(auditXlsx(own.db, 'history', range));
      const headers = cellsOf(sheet.getRow(1)) as string[];
      const cell = (n: number, name: string) => sheet.getRow(n).getCell(headers.indexOf(name) + 1).value;
      const restoreRow = [2, 3].find((n) => cell(n, 'source') === 'restore')!;
      expect(cell(restoreRow, 'restores_change')).toBe(undone.id);
      expect(cell(restoreRow, 'restores_person')).toBe('steward@example.com');
      expect(cell(5 - restoreRow, 'change')).toBe(undone.id);
      expect(cell(5 - restoreRow, 'restores_change')).toBeFalsy();
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe('audit exports of a long range', () => {
  it('exports every entry when the range holds more than a page (5,000) and the ids grow a digit', async () => {
    // 12,000 entries, ids 1 to 12,000: paged by the ids as numbers, not as text ("10000" before "9").
    const { rows: columns } = await sql<{ name: string }>`
      select column_name as name from information_schema.columns where table_name = 'audit_log' and column_name <> 'id'`.execute(
      conn.db,
    );
    const list = sql.join(columns.map((c) => sql.id(c.name)));
    await sql`insert into audit_log (${list}) select ${list} from audit_log, generate_series(1, 11999) where audit_log.id = 1`.execute(
      conn.db,
    );
    const csv = await csvRows(auditCsv(conn.db, 'audit', range));
    expect(csv.length - 1).toBe(12_000);
  }, 60_000);
});
