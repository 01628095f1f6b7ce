import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectConsoleDb, type ConsoleDbConnection } from '../db/connect';
import { migrateConsoleDb } from '../auth';
import * as store from './store';
import { columnsImportMeta } from '../testing/import-files';

let conn: ConsoleDbConnection;
let db: Kysely<ConsoleDatabase>;
const user = { id: 'u1', email: 'steward@example.com' };

beforeAll(async () => {
  conn = connectConsoleDb({ dataDir: 'memory://' });
  db = conn.db;
  await migrateConsoleDb(conn.db, { secret: 'x'.repeat(40), baseURL: 'http://console.test' });
});

afterAll(async () => {
  await conn?.close();
});

const meta = (totalRows: number) => columnsImportMeta('skus', ['productId', 'outerSysCode', 'name'], totalRows);

const row = (rowNo: number, item: Record<string, unknown> | null): store.UploadRow => ({
  rowNo,
  line: rowNo + 2,
  cells: [String(item?.productId ?? ''), String(item?.outerSysCode ?? ''), String(item?.name ?? '')],
  item,
  errors: item ? [] : [{ code: 'name_too_long', field: 'name', column: 3 }],
  warnings: [],
});

describe('imports store (real PGlite, console migrations)', () => {
  it('keeps every row, re-checks items with the contract, and chunks consecutive rows, leaving held-back rows out', async () => {
    const id = await store.createImport(db, meta(5), user);
    await store.appendRows(db, id, 'skus', [
      row(0, { productId: 1, outerSysCode: 'S1', name: 'a' }),
      row(1, null),
      // The browser said fine, the contract says no: held back here too.
      row(2, { productId: 1, outerSysCode: 'S3', name: 'x'.repeat(101) }),
    ]);
    await store.appendRows(db, id, 'skus', [
      row(3, { productId: 1, name: 'no code' }),
      row(4, { productId: 1, outerSysCode: 'S5' }),
    ]);
    // Chunks of two consecutive rows: [0, 1 held back], [2 held back, 3], [4].
    expect(await store.assignChunks(db, id, 2)).toBe(3);

    const view = await store.getImport(db, id);
    expect(view).toMatchObject({ family: 'skus', totalRows: 5, uploadedRows: 5, state: 'uploading' });
    expect(view!.counts).toMatchObject({ pending: 3, not_sent: 2 });

    expect((await store.loadChunk(db, id, 0)).rows.map((r) => [r.rowNo, r.keyed])).toEqual([[0, true]]);
    expect((await store.loadChunk(db, id, 1)).rows.map((r) => [r.rowNo, r.keyed])).toEqual([[3, false]]);
    expect((await store.loadChunk(db, id, 2)).rows.map((r) => [r.rowNo, r.keyed])).toEqual([[4, true]]);
    const held = await store.listRows(db, id, { statuses: ['not_sent'] });
    expect(held.map((r) => [r.line, r.errors[0]?.code])).toEqual([
      [3, 'name_too_long'],
      [4, 'name_too_long'],
    ]);
  });

  it('numbers chunks of CHUNK_SIZE rows as the rows are stored, so starting rewrites nothing', async () => {
    const id = await store.createImport(db, meta(450), user);
    const rows = Array.from({ length: 450 }, (_, n) => row(n, { productId: 1, outerSysCode: `C${n}` }));
    await store.appendRows(db, id, 'skus', rows.slice(0, 300));
    await store.appendRows(db, id, 'skus', rows.slice(300));
    expect(await store.assignChunks(db, id)).toBe(3);
    const second = (await store.loadChunk(db, id, 1)).rows;
    expect([second.length, second[0]!.rowNo, second.at(-1)!.rowNo]).toEqual([200, 200, 399]);
    expect((await store.loadChunk(db, id, 2)).rows.length).toBe(50);
  });

  it('records outcomes, and settles rows left without one as not sent or unknown', async () => {
    const id = await store.createImport(db, meta(3), user);
    await store.appendRows(
      db,
      id,
      'skus',
      [0, 1, 2].map((n) => row(n, { productId: 1, outerSysCode: `S${n}` })),
    );
    await store.assignChunks(db, id, 1);
    // The job takes chunks 0 and 1: each is marked sent before its request would leave.
    await store.takeChunk(db, id, 0);
    await store.takeChunk(db, id, 1);
    await store.recordOutcomes(db, id, 0, [{ rowNo: 0, status: 'created', recordId: 42, errors: [] }]);
    // Row 1's request left and no answer came back: it shows as sending (counted with the pending rows).
    expect((await store.listRows(db, id, { statuses: ['sending'] })).map((r) => r.rowNo)).toEqual([1]);
    expect((await store.listRows(db, id, { statuses: ['pending'] })).map((r) => r.rowNo)).toEqual([2]);
    expect((await store.getImport(db, id))!.counts).toMatchObject({ created: 1, pending: 2 });
    expect((await store.loadChunk(db, id, 1)).sends).toBe(1);
    expect((await store.loadChunk(db, id, 2)).sends).toBe(0);
    await store.settle(db, id);
    const rows = await store.listRows(db, id);
    expect(rows.map((r) => [r.status, r.recordId, r.errors.map((e) => e.code)])).toEqual([
      ['created', 42, []],
      ['unknown', null, ['outcome_unknown']],
      ['not_sent', null, []],
    ]);
    expect((await store.getImport(db, id))!.state).toBe('settled');
  });

  it('counts a misprediction: a row the comparison predicted to succeed that the service refused', async () => {
    const id = await store.createImport(db, meta(4), user);
    const predicted = (n: number, kind?: 'create' | 'update') => ({
      ...row(n, { productId: 1, outerSysCode: `M${n}` }),
      ...(kind ? { predicted: kind } : {}),
    });
    await store.appendRows(db, id, 'skus', [
      predicted(0, 'create'),
      predicted(1, 'update'),
      predicted(2),
      { ...row(3, null), predicted: 'create' as const },
    ]);
    await store.assignChunks(db, id, 4);
    await store.takeChunk(db, id, 0);
    expect((await store.getImport(db, id))!.mispredicted).toBe(0);
    await store.recordOutcomes(db, id, 0, [
      { rowNo: 0, status: 'created', recordId: 7, errors: [] },
      { rowNo: 1, status: 'failed', recordId: null, errors: [{ code: 'invalid_product_id' }] },
      // Refused without a prediction (not compared): not a misprediction.
      { rowNo: 2, status: 'failed', recordId: null, errors: [{ code: 'invalid_product_id' }] },
    ]);
    // Row 3 was held back: never sent, so nothing it was predicted to do can be wrong.
    expect((await store.getImport(db, id))!.mispredicted).toBe(1);
    const rows = await store.listRows(db, id, { mispredicted: true });
    expect(rows.map((r) => [r.rowNo, r.status, r.predicted])).toEqual([[1, 'failed', 'update']]);
    expect((await store.listRows(db, id)).map((r) => r.predicted)).toEqual(['create', 'update', null, null]);
  });

  it('tells a row the comparison said changes nothing apart from "updated", and the history line counts mispredictions', async () => {
    const id = await store.createImport(db, meta(2), user);
    const same = (n: number, kind: 'same' | 'create') => ({
      ...row(n, { productId: 1, outerSysCode: `U${n}` }),
      predicted: kind,
    });
    await store.appendRows(db, id, 'skus', [same(0, 'same'), same(1, 'create')]);
    await store.assignChunks(db, id, 2);
    await store.takeChunk(db, id, 0);
    await store.recordOutcomes(db, id, 0, [
      { rowNo: 0, status: 'updated', recordId: 7, errors: [] },
      { rowNo: 1, status: 'failed', recordId: null, errors: [{ code: 'invalid_product_id' }] },
    ]);
    const view = (await store.getImport(db, id))!;
    expect([view.counts.updated, view.unchanged, view.mispredicted]).toEqual([1, 1, 1]);
    const line = (await store.listImports(db)).find((i) => i.id === id)!;
    expect([line.notSucceeded, line.mispredicted]).toEqual([1, 1]);
  });

  it('keeps a mapping per user and family, merging new headers into the old', async () => {
    await store.saveMapping(db, 'u1', 'skus', { 品號: 'outerSysCode' });
    await store.saveMapping(db, 'u1', 'skus', { 品名: 'name' });
    await store.saveMapping(db, 'u2', 'skus', { 品號: '' });
    expect(await store.getSavedMapping(db, 'u1', 'skus')).toEqual({ 品號: 'outerSysCode', 品名: 'name' });
    expect(await store.getSavedMapping(db, 'u2', 'skus')).toEqual({ 品號: '' });
    expect(await store.getSavedMapping(db, 'u1', 'companies')).toEqual({});
  });
});
