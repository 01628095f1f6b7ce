import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectConsoleDb } from '../db/connect';
import { migrateConsoleDb } from '../auth';
import * as store from './store';
import { companiesImportMeta, companyRow } from '../testing/import-files';
import { killRig } from '../testing/import-kill-rig';
import { startImportJob } from '../testing/start-import-job';

/**
 * Kills the process running an import while requests are in flight, starts another, and checks the
 * outcome of every row against what the service really received: one outcome per row, and no row sent
 * twice unless it is an idempotent keyed upsert (here: a company with an ERP code).
 */

const ROWS = 200;
const CHUNK = 20;

const rig = killRig('import-kill-');

describe('an import whose console process is killed mid-import', () => {
  it('ends every row with one outcome, re-sending only keyed upserts', async () => {
    const run = Date.now().toString(36).toUpperCase();
    // Even chunks: keyed by ERP code (idempotent). Odd chunks: no code, so each send creates a company.
    const keyedRow = (n: number) => Math.floor(n / CHUNK) % 2 === 0;
    const marker = (n: number) => (keyedRow(n) ? `K-${run}-${n}` : `U-${run}-${n}`);

    const setup = connectConsoleDb({ dataDir: rig.folder });
    const db = setup.db;
    await migrateConsoleDb(setup.db, { secret: 'k'.repeat(40), baseURL: 'http://console.test' });
    const importId = await store.createImport(db, companiesImportMeta(ROWS), {
      id: 'u1',
      email: 'steward@example.com',
    });
    await store.appendRows(
      db,
      importId,
      'companies',
      Array.from({ length: ROWS }, (_, n) => companyRow(n, marker(n), keyedRow(n))),
    );
    const chunks = await store.assignChunks(db, importId, CHUNK);
    const jobId = await startImportJob(db, importId, 'companies', { chunks: [...Array(chunks).keys()], tenant: 't' });
    await setup.close();

    // First process: killed (SIGKILL, no clean-up) when the fourth request has reached the service, so two
    // requests, one keyed chunk and one not, are written but their answers are lost.
    await rig.killAtBatch(jobId, 4);
    const sentBeforeKill = rig.http.batches();

    // Second process: resumes once the dead process's leases expire, and finishes the job.
    const second = rig.runProcess(jobId);
    expect(await second.exited).toBe(0);
    expect(rig.http.batches()).toBeGreaterThan(sentBeforeKill);

    const check = connectConsoleDb({ dataDir: rig.folder });
    const rows = await store.listRows(check.db, importId, { limit: ROWS });
    // How many requests carried each row: its chunk's count of sends (recorded before each request left).
    const { rows: sent } = await sql<{ row_no: number; sends: number }>`
      select r.row_no, coalesce(c.sends, 0) as sends from import_row r
      left join import_chunk c on c.import_id = r.import_id and c.chunk = r.chunk
      where r.import_id = ${importId}`.execute(check.db);
    const sentCounts = new Map(sent.map((r) => [r.row_no, r.sends]));
    await check.close();

    expect(rows).toHaveLength(ROWS);
    // Exactly one outcome per row: none is left pending or in flight.
    expect(rows.filter((r) => !['created', 'updated', 'failed', 'unknown'].includes(r.status))).toEqual([]);
    for (const row of rows) {
      const times = rig.http.received.get(marker(row.rowNo)) ?? 0;
      // The console's own count of sends matches what the service received.
      expect(sentCounts.get(row.rowNo), `row ${row.rowNo}`).toBe(times);
      if (!keyedRow(row.rowNo)) {
        expect(times, `unkeyed row ${row.rowNo} sent ${times} times`).toBeLessThanOrEqual(1);
      }
      if (row.status === 'unknown') expect(keyedRow(row.rowNo)).toBe(false);
    }
    const unknown = rows.filter((r) => r.status === 'unknown');
    const resent = rows.filter((r) => (rig.http.received.get(marker(r.rowNo)) ?? 0) > 1);
    // The kill landed on an unkeyed chunk (its rows wait for the user) and on a keyed one (re-sent).
    expect(unknown.length).toBeGreaterThan(0);
    expect(resent.length).toBeGreaterThan(0);
    expect(resent.every((r) => keyedRow(r.rowNo) && (r.status === 'created' || r.status === 'updated'))).toBe(true);
    // The unknown rows were in fact written once by the service: "unknown", never "failed".
    const [{ n }] = (await rig.service.db.query<{ n: number }>(
      `select count(*)::int as n from companies where name like $1`,
      [`U-${run}-%`],
    )) as [{ n: number }];
    const unkeyedSent = rows.filter(
      (r) => !keyedRow(r.rowNo) && (rig.http.received.get(marker(r.rowNo)) ?? 0) === 1,
    ).length;
    expect(n).toBe(unkeyedSent);
  }, 180_000);
});
