import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '@/service';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import { serveOverHttp, type ServiceOverHttp } from '@/service/testing/http';
import { connectConsoleDb } from '../db/connect';
import { migrateConsoleDb } from '../auth';
import * as store from './store';
import { companiesImportMeta, companyRow } from './testing/import-files';
import { startImportJob } from './testing/start-import-job';

/**
 * Kills the process running an import while requests are in flight, starts another, and checks the
 * outcome of every row against what the service really received: one outcome per row, and no row sent
 * twice unless it is an idempotent keyed upsert (here: a company with an ERP code).
 */

const ROWS = 200;
const CHUNK = 20;
/** The service holds each batch answer this long after writing it: a kill in between loses the answer. */
const ANSWER_DELAY_MS = 400;

let service: Service;
let http: ServiceOverHttp;
let onBatch: (n: number) => void = () => {};
const folder = mkdtempSync(path.join(tmpdir(), 'import-kill-'));

beforeAll(async () => {
  service = await createService({ memory: true, seed: testSeed() });
  http = await serveOverHttp(service, { holdMs: ANSWER_DELAY_MS, onBatch: (n) => onBatch(n) });
}, 120_000);

afterAll(async () => {
  await http?.close();
  await service?.close();
  rmSync(folder, { recursive: true, force: true });
});

function runProcess(jobId: string): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'lib/server/imports/testing/job-process.ts'],
    {
      cwd: process.cwd(),
      env: {
        ...process.env,
        CONSOLE_DATA_DIR: folder,
        UPSTREAM_BASE_URL: http.baseUrl,
        UPSTREAM_CLIENT_ID: CREDS.erp.clientId,
        UPSTREAM_CLIENT_SECRET: CREDS.erp.secret,
        JOB_ID: jobId,
        LEASE_MS: '1000',
        CONCURRENCY: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (d: Buffer) => (errors += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (code) console.error(errors);
      resolve(code);
    }),
  );
  return { child, exited };
}

describe('an import whose console process is killed mid-import', () => {
  it('ends every row with one outcome, re-sending only keyed upserts', async () => {
    const run = Date.now().toString(36).toUpperCase();
    // Even chunks: keyed by ERP code (idempotent). Odd chunks: no code, so each send creates a company.
    const keyedRow = (n: number) => Math.floor(n / CHUNK) % 2 === 0;
    const marker = (n: number) => (keyedRow(n) ? `K-${run}-${n}` : `U-${run}-${n}`);

    const setup = connectConsoleDb({ dataDir: folder });
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
    const first = runProcess(jobId);
    const fourth = new Promise<void>((resolve) => (onBatch = (n) => n >= 4 && resolve()));
    await Promise.race([
      fourth,
      first.exited.then((code) => Promise.reject(new Error(`first process exited early: ${code}`))),
    ]);
    first.child.kill('SIGKILL');
    await first.exited;
    onBatch = () => {};
    const sentBeforeKill = http.batches();

    // Second process: resumes once the dead process's leases expire, and finishes the job.
    const second = runProcess(jobId);
    expect(await second.exited).toBe(0);
    expect(http.batches()).toBeGreaterThan(sentBeforeKill);

    const check = connectConsoleDb({ dataDir: folder });
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
      const times = http.received.get(marker(row.rowNo)) ?? 0;
      // The console's own count of sends matches what the service received.
      expect(sentCounts.get(row.rowNo), `row ${row.rowNo}`).toBe(times);
      if (!keyedRow(row.rowNo)) {
        expect(times, `unkeyed row ${row.rowNo} sent ${times} times`).toBeLessThanOrEqual(1);
      }
      if (row.status === 'unknown') expect(keyedRow(row.rowNo)).toBe(false);
    }
    const unknown = rows.filter((r) => r.status === 'unknown');
    const resent = rows.filter((r) => (http.received.get(marker(r.rowNo)) ?? 0) > 1);
    // The kill landed on an unkeyed chunk (its rows wait for the user) and on a keyed one (re-sent).
    expect(unknown.length).toBeGreaterThan(0);
    expect(resent.length).toBeGreaterThan(0);
    expect(resent.every((r) => keyedRow(r.rowNo) && (r.status === 'created' || r.status === 'updated'))).toBe(true);
    // The unknown rows were in fact written once by the service: "unknown", never "failed".
    const [{ n }] = (await service.db.query<{ n: number }>(
      `select count(*)::int as n from companies where name like $1`,
      [`U-${run}-%`],
    )) as [{ n: number }];
    const unkeyedSent = rows.filter(
      (r) => !keyedRow(r.rowNo) && (http.received.get(marker(r.rowNo)) ?? 0) === 1,
    ).length;
    expect(n).toBe(unkeyedSent);
  }, 180_000);
});
