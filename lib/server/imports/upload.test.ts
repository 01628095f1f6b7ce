// An entry point, as the server is: what it calls reaches the process's parts, which the runtime installs.
import '@/lib/server/runtime';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Service } from '@/service';
import { IDS } from '@/service/testing/fixtures';
import type { ConsoleDatabase } from '../db/types';
import { JobRunner } from '../jobs/runner';
import { cancelJob, getJob } from '../jobs/store';
import { erpClient, withServiceAndConsoleDb } from '../testing/console-parts';
import { importKind } from './import-job';
import * as store from './store';
import { csvImportMeta, csvRow } from '../testing/import-files';
import { startImportJob } from '../testing/start-import-job';
import { PartRefusedError, storePart } from './upload';

// Sending while the rows are still arriving: the import job plans its chunks as their rows come in. The real
// runtime and the reference service in-process (signed and verified as over HTTP), the console database on PGlite.

let service: Service;
let db: Kysely<ConsoleDatabase>;
let requests = 0;
withServiceAndConsoleDb((opened) => ({ service, db } = opened));

const upstream = erpClient({
  fetch: (request) => {
    requests++;
    return service.fetch(request);
  },
  timeoutMs: 5_000,
});

const TOTAL = 1_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** An import of TOTAL SKU rows, started (its job planning) before any row arrives, with a runner on it. */
async function startEarly(prefix: string, uploadIdleMs = 60_000) {
  const importId = await store.createImport(db, csvImportMeta('skus', TOTAL), { id: 'u', email: 'u@example.com' });
  const jobId = await startImportJob(db, importId, 'skus');
  const runner = new JobRunner({
    db,
    kinds: [importKind('skus', { uploadIdleMs })],
    upstream,
    concurrency: 2,
    pollMs: 10,
    flushMs: 5,
  });
  runner.start();
  runner.wake();
  const part = (from: number, to: number) =>
    storePart(
      db,
      importId,
      Array.from({ length: to - from }, (_, i) => {
        const n = from + i;
        return csvRow(n, { productId: IDS.acme.product, outerSysCode: `${prefix}-${n}`, name: `n${n}` });
      }),
    );
  const statuses = async () => {
    const rows = await store.listRows(db, importId, { limit: 10_000 });
    return new Map(rows.map((r) => [r.rowNo, r.status]));
  };
  const finished = async () => {
    await until(async () => !['planning', 'running'].includes((await getJob(db, jobId))!.state), 'the job to end');
    await runner.stop();
    await store.settle(db, importId);
  };
  return { importId, jobId, part, statuses, finished };
}

const sends = async (importId: string) =>
  (
    await sql<{
      chunk: number;
      sends: number;
    }>`select chunk, sends from import_chunk where import_id = ${importId} and sends > 0 order by chunk`.execute(db)
  ).rows;

const inService = async (prefix: string) =>
  (
    (await service.db.query<{ n: number }>(
      `select count(*)::int as n from skus where outer_sys_code like '${prefix}-%'`,
    )) as [{ n: number }]
  )[0].n;

describe('an import started before its rows have all arrived', () => {
  it('sends each chunk once all its rows are in, while later parts are still on their way', async () => {
    const run = await startEarly('UP-A');
    // Rows 0–299: chunk 0 is whole, chunk 1 has 100 of its 200 rows.
    await run.part(0, 300);
    await until(async () => (await run.statuses()).get(199) === 'created', 'chunk 0 to be sent');
    expect((await getJob(db, run.jobId))!.state).toBe('planning');
    let now = await run.statuses();
    expect(now.get(200)).toBe('pending');
    expect(now.has(300)).toBe(false);
    // The rest, out of order: a chunk is listed only when every row of its range is in.
    await run.part(600, TOTAL);
    await sleep(100);
    expect((await run.statuses()).get(200)).toBe('pending');
    await run.part(300, 600);
    await run.finished();
    now = await run.statuses();
    expect([...now.values()].filter((s) => s === 'created')).toHaveLength(TOTAL);
    expect(await sends(run.importId)).toEqual([0, 1, 2, 3, 4].map((chunk) => ({ chunk, sends: 1 })));
    expect(await inService('UP-A')).toBe(TOTAL);
    // A part after the upload is complete and the job has moved on is refused.
    await expect(run.part(0, 10)).rejects.toEqual(new PartRefusedError('import_not_uploading'));
  });

  it('a part past the last row is refused; a part stored twice keeps the first rows', async () => {
    const run = await startEarly('UP-B');
    await expect(run.part(990, 1_001)).rejects.toEqual(new PartRefusedError('invalid_parameter'));
    await run.part(0, 500);
    const before = requests;
    await run.part(0, 500);
    await run.part(500, TOTAL);
    await run.finished();
    expect([...(await run.statuses()).values()].filter((s) => s === 'created')).toHaveLength(TOTAL);
    expect(await sends(run.importId)).toHaveLength(5);
    expect(requests - before).toBeLessThanOrEqual(5);
    expect(await inService('UP-B')).toBe(TOTAL);
  });

  it('an upload that stops: after the idle time the rows that came are sent, later parts are refused', async () => {
    // An idle time well above how long the first part takes to store on a loaded machine, far below the default.
    const run = await startEarly('UP-C', 2_000);
    // Chunk 1 (rows 200–299 of 200–399) never gets whole: it is sent as it is once the upload is closed.
    await run.part(0, 300);
    await run.finished();
    const now = await run.statuses();
    expect(now.size).toBe(300);
    expect([...now.values()].every((s) => s === 'created')).toBe(true);
    const view = (await store.getImport(db, run.importId))!;
    expect(view).toMatchObject({ uploadClosed: true, uploadedRows: 300, totalRows: TOTAL });
    await expect(run.part(300, 400)).rejects.toEqual(new PartRefusedError('import_not_uploading'));
    expect(await inService('UP-C')).toBe(300);
  });

  it('cancelled while rows arrive: the planner stops at once, later parts are refused, unsent rows end not sent', async () => {
    const run = await startEarly('UP-D');
    await run.part(0, 300);
    await until(async () => (await run.statuses()).get(199) === 'created', 'chunk 0 to be sent');
    await cancelJob(db, run.jobId);
    // Far below the idle time (60 s): the planner sees the cancel on its next look.
    await run.finished();
    await expect(run.part(300, 400)).rejects.toEqual(new PartRefusedError('import_not_uploading'));
    const now = await run.statuses();
    expect([...now.values()].filter((s) => s === 'created')).toHaveLength(200);
    expect([...now.values()].filter((s) => s === 'not_sent')).toHaveLength(100);
    expect(await inService('UP-D')).toBe(200);
  });
});

describe('an import whose start never came', () => {
  it('is closed after the idle time: it no longer shows as running, its rows end not sent, later parts are refused', async () => {
    const create = () => store.createImport(db, csvImportMeta('skus', TOTAL), { id: 'u', email: 'left@example.com' });
    const rows = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) =>
        csvRow(from + i, { productId: IDS.acme.product, outerSysCode: `UP-E-${from + i}`, name: 'n' }),
      );
    const left = await create();
    await storePart(db, left, rows(0, 400));
    // Chunk 1 was put in a request by a start racing the close (startImport cancels that job): not "not sent".
    await sql`insert into import_chunk (import_id, chunk, sends) values (${left}, 1, 1)
      on conflict (import_id, chunk) do update set sends = 1`.execute(db);
    const fresh = await create();
    await storePart(db, fresh, rows(0, 200));
    // And one whose first part never came (the answer to its create was lost).
    const empty = await create();
    await sql`update import set created_at = now() - interval '10 minutes' where id in (${left}, ${empty})`.execute(db);

    await store.closeAbandoned(db, 120_000);

    const view = (await store.getImport(db, left))!;
    expect(view.state).toBe('abandoned');
    expect(view.uploadClosed).toBe(true);
    expect(view.counts.pending).toBe(0);
    expect(view.counts.not_sent).toBe(200);
    expect(view.counts.unknown).toBe(200);
    await expect(storePart(db, left, rows(400, 600))).rejects.toMatchObject({ code: 'import_not_uploading' });
    // A start that read it as uploading just before does not reopen it (startImport then cancels its job).
    expect(await store.markStarted(db, left, '999', { onlyIfUploading: true })).toBe(false);
    expect((await store.getImport(db, left))!.state).toBe('abandoned');
    // One created moments ago is still waiting for its start.
    expect((await store.getImport(db, fresh))!.state).toBe('uploading');
    const running = (await store.listImports(db, { state: 'running', createdByEmail: 'left@example.com' })).map(
      (i) => i.id,
    );
    expect(running).toEqual([fresh]);
    const toFix = (await store.listImports(db, { state: 'to_fix', createdByEmail: 'left@example.com' })).map(
      (i) => i.id,
    );
    expect(toFix.sort()).toEqual([left, empty].sort());
    expect(await store.listImports(db, { state: 'succeeded', createdByEmail: 'left@example.com' })).toEqual([]);
    expect((await store.getImport(db, empty))!.state).toBe('abandoned');
  });
});
