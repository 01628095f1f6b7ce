import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { jobsWarning, quietKind } from './job-log';
import type { AnyJobKind } from './kind';
import { createJob, JobAlreadyActiveError, type UnitSpec } from './store';

export interface RecurringJobOptions {
  db: Kysely<ConsoleDatabase>;
  kind: AnyJobKind;
  tenant: string;
  /** A run starts this long after the previous one ended, or at once when asked (wake). */
  everyMs: number;
  /** Each run's units, listed when it starts. */
  units: () => readonly UnitSpec[];
  params?: unknown;
  /** Called after this schedule started a run: the process's runner looks for its units now. */
  started?: () => void;
  /** Subscribes to asks from other instances (a NOTIFY); resolves to a function that stops listening. */
  watch?: (onAsk: () => void) => Promise<() => Promise<void>>;
  /** Ended runs are deleted this long after they ended (default an hour): a run every few seconds adds up. */
  keepMs?: number;
  /** How often to look whether the active run ended (default a second). */
  lookMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * A job the runtime starts on a schedule (the mirror's passes): one run at a time across every instance on the
 * database (the job table's one-active-job index decides), the next `everyMs` after the last one ended, by
 * whichever instance looks first. The runs are ordinary jobs: the job runners claim their units under their
 * leases, with the jobs' request limit, pause and shutdown. This only decides when a run starts.
 */
export class RecurringJob {
  readonly #o: RecurringJobOptions;
  readonly #lookMs: number;
  #running = false;
  #asked = false;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #looking: Promise<void> | null = null;
  #unwatch: Promise<(() => Promise<void>) | null> | null = null;

  constructor(options: RecurringJobOptions) {
    this.#o = options;
    this.#lookMs = options.lookMs ?? 1_000;
    if (options.kind.quiet) quietKind(options.kind.name);
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(0);
    this.#unwatch =
      this.#o
        .watch?.(() => this.wake())
        .catch((error: unknown) => {
          this.#log('could not listen for asks from other instances; runs come at the interval', error);
          return null;
        }) ?? null;
  }

  /**
   * A run now rather than at the interval (a Refresh); while one is active, another as soon as it ends (the
   * active one may have read its data before the change the ask is for).
   */
  wake(): void {
    this.#asked = true;
    if (!this.#running || this.#timer === null) return;
    clearTimeout(this.#timer);
    this.#schedule(0);
  }

  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    void this.#unwatch?.then((unwatch) => unwatch?.()).catch(() => {});
    this.#unwatch = null;
    await this.#looking;
  }

  #schedule(ms: number): void {
    if (!this.#running) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#looking = this.look()
        .catch((error: unknown) => {
          this.#log(`could not start a ${this.#o.kind.name} run; trying again`, error);
          return this.#lookMs;
        })
        .then((next) => this.#schedule(next));
    }, ms);
    this.#timer.unref?.();
  }

  /** Starts a run if one is due and none is active; resolves to how long until the next look. */
  async look(): Promise<number> {
    const { db, kind, tenant, everyMs } = this.#o;
    const { rows } = await sql<{ active: boolean; due_in_ms: number | string | null }>`
      select state in ('planning', 'running') as active,
        extract(epoch from (finished_at - now())) * 1000 + ${everyMs} as due_in_ms
      from job where kind = ${kind.name} and tenant = ${tenant} order by id desc limit 1`.execute(db);
    const last = rows[0];
    if (last?.active) return this.#lookMs;
    const dueIn = last ? Math.max(0, Number(last.due_in_ms ?? 0)) : 0;
    if (dueIn > 0 && !this.#asked) return dueIn;
    this.#asked = false;
    try {
      await createJob(db, {
        kind: kind.name,
        tenant,
        params: this.#o.params,
        rerunExpired: kind.rerunExpired,
        units: this.#o.units(),
      });
    } catch (error) {
      // Another instance started one first.
      if (error instanceof JobAlreadyActiveError) return this.#lookMs;
      throw error;
    }
    this.#o.started?.();
    const keepMs = this.#o.keepMs ?? 3_600_000;
    await sql`
      delete from job where kind = ${kind.name} and tenant = ${tenant} and state not in ('planning', 'running')
        and finished_at < now() - ${keepMs} * interval '1 millisecond'`.execute(db);
    return this.#lookMs;
  }

  #log(message: string, error?: unknown): void {
    (this.#o.log ?? jobsWarning)(message, error);
  }
}
