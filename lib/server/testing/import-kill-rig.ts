import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createService, type Service } from '@/service';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import { serveOverHttp, type ServiceOverHttp } from '@/service/testing/http';

/** Where a job process keeps its console database: a PGlite folder, or a Postgres database by URL. */
export type ConsoleDbPlace = { dataDir: string } | { url: string };

/** The service holds each batch answer this long after writing it: a kill in between loses the answer. */
export const ANSWER_DELAY_MS = 400;

/**
 * What the kill tests share: the reference service over real HTTP with held answers (each batch it receives
 * reported to `onBatch`), a console data folder, and a job process to start and kill (`import-job-process.ts`).
 * Call at a test file's top level; the parts are there once its beforeAll ran.
 */
class KillRig {
  service!: Service;
  http!: ServiceOverHttp;
  readonly folder: string;
  /** Told the count of batches the service has received so far, at each one. */
  onBatch: (n: number) => void = () => {};

  constructor(prefix: string) {
    this.folder = mkdtempSync(path.join(tmpdir(), prefix));
  }

  /**
   * A job process on this service and console database (this rig's folder unless `place` says otherwise),
   * running job `jobId`; kill it with `child.kill('SIGKILL')`.
   */
  runProcess(
    jobId: string,
    place: ConsoleDbPlace = { dataDir: this.folder },
  ): { child: ChildProcess; exited: Promise<number | null> } {
    const child = spawn(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'lib/server/testing/import-job-process.ts'],
      {
        cwd: process.cwd(),
        env: {
          ...process.env,
          ...('url' in place ? { CONSOLE_DATABASE_URL: place.url } : { CONSOLE_DATA_DIR: place.dataDir }),
          UPSTREAM_BASE_URL: this.http.baseUrl,
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

  /**
   * Runs job `jobId` in a process killed (SIGKILL, no clean-up) once the service has received its `batches`-th
   * batch, so that batches are written but their answers are lost; settles when the process is gone.
   */
  async killAtBatch(jobId: string, batches: number, place?: ConsoleDbPlace): Promise<void> {
    const first = this.runProcess(jobId, place);
    const reached = new Promise<void>((resolve) => (this.onBatch = (n) => n >= batches && resolve()));
    await Promise.race([
      reached,
      first.exited.then((code) => Promise.reject(new Error(`first process exited early: ${code}`))),
    ]);
    first.child.kill('SIGKILL');
    await first.exited;
    this.onBatch = () => {};
  }
}

export function killRig(prefix: string): KillRig {
  const rig = new KillRig(prefix);
  beforeAll(async () => {
    rig.service = await createService({ memory: true, seed: testSeed() });
    rig.http = await serveOverHttp(rig.service, { holdMs: ANSWER_DELAY_MS, onBatch: (n) => rig.onBatch(n) });
  }, 120_000);
  afterAll(async () => {
    await rig.http?.close();
    await rig.service?.close();
    rmSync(rig.folder, { recursive: true, force: true });
  });
  return rig;
}
