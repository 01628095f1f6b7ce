import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { logger } from '../log';
import type { UpstreamClient } from '../upstream';
import { MIRROR_ENTITY_NAMES, type MirrorEntityName } from './entities';
import { passErrorMessage } from './freshness';
import { runDuePass, type PassResult } from './passes';
import { dropLease, readState, resetState, takeLease, writeState } from './state';
import { clearMirror } from './store';

export interface MirrorRunnerOptions {
  db: Kysely<ConsoleDatabase>;
  /** The signing client (the jobs' one: their request limit and shared 429 pause). */
  client: UpstreamClient;
  /** Which upstream the copy belongs to (lib/server/jobs currentTenant): another one empties it first. */
  tenant: string;
  intervalMs: number;
  sweepMs: number;
  owner?: string;
  leaseMs?: number;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
  /**
   * Subscribes to Refresh asked for in other instances (MIRROR_REFRESH_CHANNEL: a web instance that does not run
   * the passes); resolves to a function that stops listening.
   */
  watchRefresh?: (onRefresh: () => void) => Promise<() => Promise<void>>;
}

/** Where a web instance that does not run the passes asks the one that does for a round now (refresh.ts). */
export const MIRROR_REFRESH_CHANNEL = 'console_mirror_refresh';

export type RoundResult = Partial<Record<MirrorEntityName, PassResult | { error: string }>>;

/**
 * Runs the mirror's passes every interval in a process that runs jobs (the web process in demo mode, the
 * workers in production). Every such process asks for the one lease (mirror_state's '*' row); the holder does
 * the passes, renewing it while they run, and another instance takes over when it lapses. Each round runs,
 * per entity, the pass that is due (runDuePass); a failed entity is noted on its state and retried next round.
 */
export class MirrorRunner {
  readonly owner: string;
  readonly #options: MirrorRunnerOptions;
  readonly #leaseMs: number;
  readonly #now: () => number;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #round: Promise<RoundResult | null> | null = null;
  #abort: AbortController | null = null;
  #running = false;
  /** Woken while a round ran: the next one starts as soon as it ends. */
  #again = false;
  #unwatch: Promise<(() => Promise<void>) | null> | null = null;

  constructor(options: MirrorRunnerOptions) {
    this.#options = options;
    this.owner = options.owner ?? `mirror-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.#leaseMs = options.leaseMs ?? Math.max(60_000, options.intervalMs * 2);
    this.#now = options.now ?? Date.now;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(0);
    this.#unwatch =
      this.#options
        .watchRefresh?.(() => this.wake())
        .catch((error: unknown) => {
          this.#log('could not listen for Refresh from other instances; their copy comes at the interval', error);
          return null;
        }) ?? null;
  }

  #schedule(ms: number): void {
    if (!this.#running) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#again = false;
      this.#round = this.round().catch((error: unknown) => {
        this.#log('mirror round failed', error);
        return null;
      });
      void this.#round.then(() => this.#schedule(this.#again ? 0 : this.#options.intervalMs));
    }, ms);
    this.#timer.unref?.();
  }

  /**
   * A round now instead of at the end of the interval (a Refresh); while one is running, the next one as soon as
   * it ends (the running one may have read an entity before the change the Refresh is for). The next follows an
   * interval after it as usual.
   */
  wake(): void {
    if (!this.#running) return;
    if (this.#timer === null) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#timer = null;
    this.#schedule(0);
  }

  /** Stops after the page in flight (the walk's progress is kept) and hands the lease back. */
  async stop(): Promise<void> {
    this.#running = false;
    void this.#unwatch?.then((unwatch) => unwatch?.());
    this.#unwatch = null;
    if (this.#timer) clearTimeout(this.#timer);
    this.#abort?.abort();
    await this.#round?.catch(() => null);
    await dropLease(this.#options.db, this.owner).catch(() => {});
  }

  /** One round: the due pass of every entity, if this instance holds the lease. Null when another one does. */
  async round(): Promise<RoundResult | null> {
    const { db, client, tenant, sweepMs } = this.#options;
    if (!(await takeLease(db, this.owner, this.#leaseMs))) return null;
    const renew = setInterval(() => void takeLease(db, this.owner, this.#leaseMs).catch(() => {}), this.#leaseMs / 3);
    renew.unref?.();
    this.#abort = new AbortController();
    const results: RoundResult = {};
    try {
      for (const entity of MIRROR_ENTITY_NAMES) {
        if (this.#abort.signal.aborted) break;
        const state = await readState(db, entity);
        if (state.tenant === null) await writeState(db, entity, { tenant });
        else if (state.tenant !== tenant) {
          await clearMirror(db, entity);
          await resetState(db, entity, tenant);
        }
        try {
          results[entity] = await runDuePass(
            { db, client, entity, now: this.#now, signal: this.#abort.signal },
            { sweepEveryMs: sweepMs },
          );
        } catch (error) {
          const message = passErrorMessage(error);
          results[entity] = { error: message };
          if (!this.#abort.signal.aborted) this.#log(`mirror pass of ${entity} failed`, error);
          await writeState(db, entity, { lastError: message }).catch(() => {});
        }
      }
    } finally {
      clearInterval(renew);
    }
    return results;
  }

  #log(message: string, error?: unknown): void {
    const log =
      this.#options.log ??
      ((m: string, e?: unknown) =>
        logger().warn({ source: 'mirror', error: e instanceof Error ? `${e.name}: ${e.message}` : e }, m));
    log(message, error);
  }
}
