import 'server-only';
import { logger } from '../log';
import type { Kysely } from 'kysely';
import { authConfigFromEnv, migrateConsoleDb } from '../auth';
import { connectConsoleDb, type ConsoleDatabase, type ConsoleDbConnection } from '../db';
import { listenOnPostgres } from '../db';
import { openEmbeddedService, type EmbeddedService } from './embedded';
import type { Env } from '../env';
import { limitedFetch } from '../jobs';
import type { JobRunner, RecurringJob } from '../jobs';
import type { ProcessParts } from '../process';
import type { FetchImpl } from '../upstream';
import { networkFetch } from '../upstream';
import { SkewTracker } from '../upstream';
import { Signals } from './signals';

type OpenedDb = { connection: ConsoleDbConnection; ready: Promise<Kysely<ConsoleDatabase>> };

/** How the runners are built (runtime/parts.ts): given by the composition root, started once here. */
export type RunnerBuilders = {
  jobRunner: (db: Kysely<ConsoleDatabase>) => JobRunner;
  mirror: (db: Kysely<ConsoleDatabase>, started: () => void) => RecurringJob;
};

/** What /api/ready reports of the job runner: off (JOBS_RUNNER=off), or the state of this process's runner. */
export type JobsState = 'off' | 'idle' | 'starting' | 'running' | 'stopping' | 'stopped' | 'failed';

/**
 * The parts of one process that must exist once per process: the console database (a PGlite folder may be
 * opened once, and a Postgres pool is per process), the embedded reference service (its PGlite folder), the
 * clock-skew estimate, the jobs' request limit (concurrency and 429 pause across every job), the in-process
 * wake-up signals, the first-accounts bootstrap, and the job runner. Everything is opened on first use and
 * retried after a failed start; start() opens eagerly, stop() hands back and closes.
 *
 * Objects here may be used from another bundle than the one that created them (lib/server/process says why),
 * so they are used through their methods only: no caller checks them with instanceof. Layers below the
 * runtime see it as ProcessParts.
 */
export class ProcessRuntime implements ProcessParts {
  readonly skew = new SkewTracker();
  readonly signals = new Signals();
  #db: OpenedDb | undefined;
  #embedded: Promise<EmbeddedService> | undefined;
  #jobsTransport: FetchImpl | undefined;
  #accounts: Promise<void> | undefined;
  #runner: Promise<JobRunner> | undefined;
  #mirror: Promise<RecurringJob> | undefined;
  #jobsState: JobsState | undefined;
  #stopping: Promise<void> | undefined;
  #env: Env | undefined;

  /** The environment is read on first use, not at creation: the wake-up signals need none (tests). */
  constructor(
    private readonly readEnv: () => Env,
    private readonly builders: RunnerBuilders,
  ) {}

  get env(): Env {
    this.#env ??= this.readEnv();
    return this.#env;
  }

  /** True once stopJobs() was called: no runner is started any more. */
  get stopping(): boolean {
    return this.#stopping !== undefined;
  }

  /** The console database (PGlite in CONSOLE_DATA_DIR, or Postgres at DATABASE_URL), migrated on first use. */
  consoleDb(): Promise<Kysely<ConsoleDatabase>> {
    if (!this.#db) {
      const { database } = this.env;
      const connection = connectConsoleDb(database.url ? { url: database.url } : { dataDir: database.dataDir });
      const ready = migrateConsoleDb(connection.db, authConfigFromEnv(this.env)).then(
        () => connection.db,
        async (error: unknown) => {
          this.#db = undefined;
          await connection.close().catch(() => {});
          throw error;
        },
      );
      this.#db = { connection, ready };
    }
    return this.#db.ready;
  }

  /** ConsoleDbConnection.watch on the console database, once it is migrated. */
  async watchConsoleDb(channel: string, onNotify: () => void): Promise<(() => Promise<void>) | null> {
    await this.consoleDb();
    const opened = this.#db;
    if (!opened) throw new Error('The console database closed while starting to listen.');
    return opened.connection.watch(channel, onNotify);
  }

  /**
   * LISTEN on the console's Postgres for notices from other instances (lib/server/db/listen.ts). On PGlite,
   * nothing: one process has the folder.
   */
  async listen(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
    const url = this.env.database.url;
    return url ? listenOnPostgres(url, channel, onNotify) : async () => {};
  }

  /** The console database pool's use (Postgres only; null on PGlite or before the database is opened). */
  consoleDbPoolUse(): { total: number; idle: number; waiting: number; max: number } | null {
    return this.#db?.connection.poolUse?.() ?? null;
  }

  /** Embedded mode only: the in-process reference service, seeded on its first start. */
  embeddedService(): Promise<EmbeddedService> {
    this.#embedded ??= openEmbeddedService(this.env).catch((error: unknown) => {
      this.#embedded = undefined;
      throw error;
    });
    return this.#embedded;
  }

  /** Where signed requests go: the embedded service's fetch handler, or the network. */
  readonly upstreamTransport: FetchImpl = (request) =>
    this.env.upstream.mode === 'embedded'
      ? this.embeddedService().then((service) => service.fetch(request))
      : networkFetch(request);

  /** The transport under the jobs' signing clients: JOBS_CONCURRENCY requests at once, one 429 pause for all. */
  jobsTransport(): FetchImpl {
    this.#jobsTransport ??= limitedFetch(this.upstreamTransport, { concurrency: this.env.jobs.concurrency });
    return this.#jobsTransport;
  }

  /** Runs the first-accounts bootstrap once per process (every bundle builds its own auth on the same tables). */
  accountsOnce(bootstrap: () => Promise<void>): Promise<void> {
    this.#accounts ??= bootstrap().catch((error: unknown) => {
      this.#accounts = undefined;
      throw error;
    });
    return this.#accounts;
  }

  get jobsState(): JobsState {
    return this.#jobsState ?? (this.env.jobs.runner ? 'idle' : 'off');
  }

  /**
   * This process's job runner, started once with `create` (null when JOBS_RUNNER=off or stopping), and woken
   * to look for work now. A failed start (database down) is not kept: the next call tries again.
   */
  async jobs(create: (db: Kysely<ConsoleDatabase>) => JobRunner): Promise<JobRunner | null> {
    if (!this.env.jobs.runner || this.stopping) return null;
    if (!this.#runner) {
      this.#jobsState = 'starting';
      const starting = this.consoleDb().then((db) => {
        const runner = create(db);
        runner.start();
        if (this.#runner === starting) this.#jobsState = 'running';
        return runner;
      });
      this.#runner = starting;
      starting.catch(() => {
        if (this.#runner !== starting) return;
        this.#runner = undefined;
        this.#jobsState = 'failed';
      });
    }
    const runner = await this.#runner;
    runner.wake();
    return runner;
  }

  /** This process's job runner, built by the runtime's builder, started once and woken (see jobs()). */
  ensureJobRunner(): Promise<JobRunner | null> {
    return this.jobs(this.builders.jobRunner);
  }

  /** This process's schedule of the mirror's passes, built by the runtime's builder (see mirror()). */
  ensureMirror(): Promise<RecurringJob | null> {
    return this.mirror(this.builders.mirror);
  }

  /**
   * This process's schedule of the mirror's passes (lib/server/mirror), started once where jobs run and MIRROR is
   * not off: it starts a run of the passes' job kind when one is due, and this process's job runner runs its
   * units beside the other kinds' (one pass at a time across instances: the job store decides). Stopped with
   * the job runner.
   */
  mirror(create: RunnerBuilders['mirror']): Promise<RecurringJob | null> {
    if (!this.env.jobs.runner || !this.env.mirror.enabled || this.stopping) return Promise.resolve(null);
    this.#mirror ??= this.consoleDb().then((db) => {
      const schedule = create(db, () => void this.ensureJobRunner().catch(() => {}));
      schedule.start();
      return schedule;
    });
    this.#mirror.catch(() => (this.#mirror = undefined));
    return this.#mirror;
  }

  /** Wakes the runner if this process has one (after a job was created or a part stored). */
  wakeJobs(): void {
    void this.#runner?.then((runner) => runner.wake()).catch(() => {});
  }

  /**
   * Stops the job runner: no more claims; units in flight may finish for `graceMs`, the rest are handed back at
   * once. A web process does this while its last requests finish, then close()s. Idempotent.
   */
  stopJobs(options: { graceMs: number }): Promise<void> {
    this.#stopping ??= (async () => {
      const mirror = this.#mirror
        ?.then((m) => m.stop())
        .catch((error: unknown) => logFailure('mirror: stopping failed', error));
      const runner = await this.#runner?.catch(() => undefined);
      if (runner) {
        this.#jobsState = 'stopping';
        await runner
          .stop({ graceMs: options.graceMs })
          .catch((error: unknown) => logFailure('jobs: stopping the runner failed', error));
        this.#jobsState = 'stopped';
      }
      await mirror;
    })();
    return this.#stopping;
  }

  /** Closes the console database and the embedded service, after stopJobs(). */
  async close(): Promise<void> {
    await this.#stopping;
    const db = this.#db;
    this.#db = undefined;
    await db?.connection.close().catch((error: unknown) => logFailure('closing the console database failed', error));
    const service = await this.#embedded?.catch(() => undefined);
    this.#embedded = undefined;
    await service?.close().catch((error: unknown) => logFailure('closing the embedded service failed', error));
  }

  /** stopJobs, then close: a worker's shutdown. */
  async stop(options: { graceMs: number }): Promise<void> {
    await this.stopJobs(options);
    await this.close();
  }
}

function logFailure(message: string, error: unknown): void {
  logger().error({ source: 'runtime', error: error instanceof Error ? error.message : error }, message);
}
