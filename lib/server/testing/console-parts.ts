import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { createService, type Service } from '@/service';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import { fromMigratedTemplate } from '@/lib/testing/migrated-template';
import { migrateConsoleDb } from '../auth';
import type { AuthConfig } from '../auth/options';
import { connectConsoleDb, type ConsoleDbConnection } from '../db/connect';
import type { ConsoleDatabase } from '../db/types';
import type { JobRunnerOptions } from '../jobs/runner-options';
import { JobRunner } from '../jobs/runner';
import { getJob } from '../jobs/store';
import { createUpstreamClient, SkewTracker, type FetchImpl } from '../upstream';
import type { UpstreamClientOptions } from '../upstream/client';

// The real parts a server test runs on: the console database on in-memory PGlite, the reference service in memory
// with the test seed, and the job runtime.

/**
 * A console database on in-memory PGlite, migrated as the console migrates it at start (after the process's first,
 * from a copy of that one: lib/testing/migrated-template.ts).
 */
export async function openConsoleDb(
  auth: AuthConfig = { secret: 'x'.repeat(40), baseURL: 'http://console.test' },
): Promise<ConsoleDbConnection> {
  return fromMigratedTemplate(`console-${JSON.stringify(auth)}`, async (dataDir) => {
    const conn = connectConsoleDb({ dataDir });
    await migrateConsoleDb(conn.db, auth);
    return conn;
  });
}

/** Opens a console database before a test file's tests, hands it to `onOpen`, and closes it after them. */
export function withConsoleDb(onOpen: (db: Kysely<ConsoleDatabase>) => void) {
  let conn: ConsoleDbConnection | undefined;
  beforeAll(async () => {
    conn = await openConsoleDb();
    onOpen(conn.db);
  }, 120_000);
  afterAll(() => conn?.close());
}

/**
 * Opens the reference service (in memory, test seed) and a console database before a test file's tests, hands
 * them to `onOpen`, and closes both after them.
 */
export function withServiceAndConsoleDb(onOpen: (parts: { service: Service; db: Kysely<ConsoleDatabase> }) => void) {
  let service: Service | undefined;
  let conn: ConsoleDbConnection | undefined;
  beforeAll(async () => {
    service = await createService({ memory: true, seed: testSeed() });
    conn = await openConsoleDb();
    onOpen({ service, db: conn.db });
  }, 120_000);
  afterAll(async () => {
    await conn?.close();
    await service?.close();
  });
}

/** An upstream client signing with the ERP's credential; give it the in-process service's fetch to reach it. */
export function erpClient(options: Partial<UpstreamClientOptions> = {}) {
  return createUpstreamClient({
    baseUrl: 'http://service.invalid',
    clientId: CREDS.erp.clientId,
    clientSecret: CREDS.erp.secret,
    ...options,
  });
}

/**
 * An ERP client on the in-process service `service()` answers at the time of each request, behind the embedded
 * mode's placeholder address and with a clock-skew tracker, as the mirror passes are given it.
 */
export function embeddedErpClient(service: () => Service) {
  return erpClient({
    fetch: (request) => service().fetch(request),
    baseUrl: 'http://embedded.invalid',
    skew: new SkewTracker(),
  });
}

/**
 * An ERP client whose each request goes to the transport `transport()` answers at the time (a test replaces it to
 * slow down or break the line), with a 5 s timeout and `attempts` tries in all, 10 to 20 ms apart.
 */
export function erpClientVia(transport: () => FetchImpl, attempts: number, timeoutMs = 5_000) {
  return erpClient({
    fetch: (request) => transport()(request),
    timeoutMs,
    retry: { attempts, baseDelayMs: 10, maxDelayMs: 20 },
  });
}

/** Waits until a job has left planning and running. */
export async function untilJobEnds(db: Kysely<ConsoleDatabase>, jobId: string) {
  for (;;) {
    const job = await getJob(db, jobId);
    if (job && !['planning', 'running'].includes(job.state)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs a job runner (one unit at a time, quick polls unless told) until the job ends, then stops it. */
export async function runJobToEnd(options: JobRunnerOptions, jobId: string, onRunning?: () => Promise<void> | void) {
  const runner = new JobRunner({ concurrency: 1, pollMs: 10, flushMs: 5, ...options });
  runner.start();
  await onRunning?.();
  await untilJobEnds(options.db, jobId);
  await runner.stop();
}

/**
 * An ERP client (one try) on the in-process service `service()` answers, that keeps every credit quota batch the
 * service receives in `creditWrites`: a row held for approval must never be among them.
 */
export function creditWritesSeen(service: () => Service) {
  const creditWrites: Record<string, unknown>[][] = [];
  const transport: FetchImpl = async (request) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/v1/companies/credit-quota/batch')
      creditWrites.push((await request.clone().json()) as Record<string, unknown>[]);
    return service().fetch(request);
  };
  return { creditWrites, upstream: erpClientVia(() => transport, 1) };
}
