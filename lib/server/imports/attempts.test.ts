import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '@/service';
import { IDS } from '@/service/testing/fixtures';
import { JobRunner } from '../jobs/runner';
import { erpClient, untilJobEnds, withServiceAndConsoleDb } from '../testing/console-parts';
import * as attempts from './attempts';
import { IMPORT_JOB_KINDS } from './import-job';
import * as store from './store';
import { startImportJob } from '../testing/start-import-job';

// Resending fixed rows as a new attempt of the same import, on the real job runtime against the reference
// service in-process, with the console database on PGlite.

let service: Service;
let db: Kysely<ConsoleDatabase>;
let runner: JobRunner;
const user = { id: 'u1', email: 'steward@example.com' };
withServiceAndConsoleDb((opened) => ({ service, db } = opened));

beforeAll(() => {
  const upstream = erpClient({ fetch: (request) => service.fetch(request), timeoutMs: 5_000 });
  runner = new JobRunner({
    db,
    kinds: Object.values(IMPORT_JOB_KINDS),
    upstream,
    concurrency: 2,
    pollMs: 10,
    flushMs: 5,
  });
  runner.start();
});

afterAll(() => runner?.stop());

const headers = ['productId', 'outerSysCode', 'name'];

async function runJob(importId: string, chunks: number[]) {
  const jobId = await startImportJob(db, importId, 'skus', { chunks, tenant: 'test' });
  runner.wake();
  await untilJobEnds(db, jobId);
  await store.settle(db, importId);
  return jobId;
}

async function firstAttempt(cells: string[][]) {
  const id = await store.createImport(
    db,
    {
      family: 'skus',
      fileName: 'skus.csv',
      encoding: 'utf-8',
      delimiter: ',',
      headers,
      mapping: headers,
      totalRows: cells.length,
    },
    user,
  );
  await store.appendRows(
    db,
    id,
    'skus',
    cells.map((c, n) => ({
      rowNo: n,
      line: n + 2,
      cells: c,
      item: c[2]!.length > 100 ? null : { productId: Number(c[0]), outerSysCode: c[1], name: c[2] },
      errors: c[2]!.length > 100 ? [{ code: 'name_too_long', field: 'name', column: 3 }] : [],
      warnings: [],
    })),
  );
  const chunks = await store.assignChunks(db, id, 2);
  const jobId = await runJob(
    id,
    Array.from({ length: chunks }, (_, i) => i),
  );
  await attempts.recordAttempt(db, id, { no: 1, jobId, rows: cells.length, user });
  return id;
}

describe('import attempts', () => {
  it('resends only the fixed rows as attempt 2; each row shows its latest outcome and its earlier attempts', async () => {
    const p = String(IDS.acme.product);
    const id = await firstAttempt([
      [p, 'AT-1', 'one'],
      ['999999', 'AT-2', 'two'],
      [p, 'AT-3', 'x'.repeat(101)],
      [p, 'AT-4', 'four'],
    ]);
    let rows = await store.listRows(db, id, { limit: 10 });
    expect(rows.map((r) => r.status)).toEqual(['created', 'failed', 'not_sent', 'created']);
    expect(await attempts.errorFileRows(db, id)).toEqual([
      { cells: ['999999', 'AT-2', 'two'], errors: [{ code: 'invalid_product_id', field: 'productId' }] },
      { cells: [p, 'AT-3', 'x'.repeat(101)], errors: [{ code: 'name_too_long', field: 'name', column: 3 }] },
    ]);

    const view = (await store.getImport(db, id))!;
    // A row that succeeded cannot be resent; a fix that still fails the contract is refused; nothing moves.
    await expect(attempts.prepareResend(db, view, [{ rowNo: 0, cells: [p, 'AT-1', 'again'] }])).rejects.toMatchObject({
      code: 'row_not_resendable',
    });
    await expect(
      attempts.prepareResend(db, view, [{ rowNo: 2, cells: [p, 'AT-3', 'y'.repeat(101)] }]),
    ).rejects.toMatchObject({
      code: 'rows_invalid',
      rows: [{ rowNo: 2, errors: [{ code: 'name_too_long', field: 'name', column: 3 }] }],
    });

    const prepared = await attempts.prepareResend(db, view, [
      { rowNo: 1, cells: [p, 'AT-2', 'two'] },
      { rowNo: 2, cells: [p, 'AT-3', 'three'] },
    ]);
    expect(prepared).toMatchObject({ attempt: 2, chunks: 1, rowNos: [1, 2] });
    expect(prepared.firstChunk).toBe(2);
    const jobId = await runJob(id, [prepared.firstChunk]);
    await attempts.recordAttempt(db, id, { no: 2, jobId, rows: 2, user });

    rows = await store.listRows(db, id, { limit: 10 });
    expect(rows.map((r) => [r.status, r.attempt])).toEqual([
      ['created', 1],
      ['created', 2],
      ['created', 2],
      ['created', 1],
    ]);
    expect(rows[1]!.cells).toEqual([p, 'AT-2', 'two']);
    expect(rows[1]!.history).toEqual([
      {
        attempt: 1,
        cells: ['999999', 'AT-2', 'two'],
        status: 'failed',
        recordId: null,
        errors: [{ code: 'invalid_product_id', field: 'productId' }],
      },
    ]);
    expect(rows[0]!.history).toEqual([]);
    // The rows of attempt 1 were not sent again.
    expect((await attempts.listAttempts(db, id)).map((a) => [a.no, a.rows, a.createdByEmail])).toEqual([
      [1, 4, user.email],
      [2, 2, user.email],
    ]);
    expect(await attempts.errorFileRows(db, id)).toEqual([]);
    const history = await store.listImports(db, { family: 'skus', state: 'succeeded' });
    expect(history.find((h) => h.id === id)).toMatchObject({ attempts: 2, succeeded: 4, notSucceeded: 0 });
  });

  it('puts the rows back when the new job could not start', async () => {
    const id = await firstAttempt([['999999', 'RV-1', 'one']]);
    const view = (await store.getImport(db, id))!;
    const prepared = await attempts.prepareResend(db, view, [
      { rowNo: 0, cells: [String(IDS.acme.product), 'RV-1', 'one'] },
    ]);
    expect((await store.listRows(db, id))[0]).toMatchObject({ status: 'pending', attempt: 2 });
    await attempts.revertResend(db, id, prepared);
    const [row] = await store.listRows(db, id);
    expect(row).toMatchObject({ status: 'failed', attempt: 1, cells: ['999999', 'RV-1', 'one'], history: [] });
    expect((await store.listImports(db, { state: 'to_fix' })).map((h) => h.id)).toContain(id);
  });
});
