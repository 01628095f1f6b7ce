import 'server-only';
import PQueue from 'p-queue';
import { PEOPLE_WAIT_MAX_MS, RATE_LIMIT_SPACING } from '@/lib/contract';
import { parseRetryAfterHeader } from './errors';

/**
 * The gate every signed request passes before it is signed (core.ts): the credential's rate limit, shared by
 * every instance, with people first.
 *
 * - Who goes first. A person's request (the proxy, a server-rendered read) is `people`; a job's (an import's
 *   chunks and their read-backs, exports, quota refresh) is `jobs`; a mirror pass's is `mirror`, last, since
 *   the write-through keeps the copy of what the jobs wrote and the passes catch up once the jobs leave room.
 *   Requests take their turn in one priority queue per process (p-queue): a person's takes the next free turn
 *   ahead of every queued background one, and a job's ahead of the mirror's.
 * - The limit, across instances. With UPSTREAM_RATE_LIMIT_PER_SECOND set, each turn books the next send slot
 *   in the console database (rate-budget.ts): one schedule for every instance on that database, slots spaced
 *   1/limit apart (a little wider, RATE_LIMIT_SPACING), so the instances together stay within the limit instead
 *   of each learning it from 429s. A person's request may book up to 2 s ahead; a background one only the
 *   next slot, so a person on another instance still finds a slot free within one spacing.
 * - 429. Its Retry-After pauses every request of this process (and, through the budget, of every instance)
 *   until then; the signing client sends the refused request again after it (retry.ts).
 * - Busy. A person's request that would wait more than PEOPLE_WAIT_MAX_MS is not sent: the signing client fails
 *   it at once with kind `busy`, code `service_busy` (nothing was sent), and the page says the service is busy.
 *
 * The gate is one per process and used from several bundles (lib/server/process), so it answers with plain
 * values, never with an error class that another bundle's `instanceof` would not know.
 */

export type Priority = 'people' | 'jobs' | 'mirror';

/** Why a request was not let through: nothing was sent. */
export type GateRefusal = { reason: 'busy'; waitMs: number } | { reason: 'aborted' };

class Refused extends Error {
  constructor(readonly refusal: GateRefusal) {
    super(refusal.reason);
  }
}

/** The instances' shared send schedule (rate-budget.ts): one row per credential in the console database. */
export interface SharedBudget {
  /** Books the next slot when it is at most `horizonMs` away; either way says in how many ms it is. */
  take(intervalMs: number, horizonMs: number): Promise<{ taken: boolean; waitMs: number }>;
  /** Nobody's slot starts before `forMs` from now (a 429's Retry-After); also what the results page shows. */
  pause(forMs: number): Promise<void>;
}

export interface RateGateOptions {
  /** The credential's known limit; null: not known, the gate only waits out the service's 429s. */
  perSecond: number | null;
  budget?: SharedBudget;
  /** A Retry-After longer than this pauses nobody: the request's caller gives up on it (retry.ts). */
  retryAfterMaxMs: number;
  now?: () => number;
  /** A failure to use the shared budget (database down): logged, and the request goes by the local pause. */
  onBudgetError?: (error: unknown) => void;
}

/**
 * p-queue runs the highest number first: people above any background request, then jobs, then the mirror;
 * within each, in order of arrival.
 */
const PEOPLE_PRIORITY = Number.MAX_SAFE_INTEGER;
const MIRROR_BELOW = 1e12;

export class RateGate {
  readonly #queue = new PQueue({ concurrency: 1 });
  readonly #intervalMs: number | null;
  readonly #now: () => number;
  #pausedUntil = 0;
  #arrivals = 0;
  /** This process's own next slot, used only while the shared budget cannot be reached. */
  #localNext = 0;
  /** Turns waiting in the queue, by class: a background turn waiting for its slot gives way to a higher one. */
  #queued = { people: 0, jobs: 0, mirror: 0 };
  #onQueued = new Set<() => void>();

  constructor(private readonly options: RateGateOptions) {
    this.#intervalMs = options.perSecond ? (1000 / options.perSecond) * RATE_LIMIT_SPACING : null;
    this.#now = options.now ?? Date.now;
  }

  /** Milliseconds until this process may send again after a 429 (0: not paused). */
  pausedForMs(): number {
    return Math.max(0, this.#pausedUntil - this.#now());
  }

  /** Resolves with null when a request of this priority may be sent now, else with why not (nothing sent). */
  async admit(priority: Priority, signal?: AbortSignal): Promise<GateRefusal | null> {
    try {
      await (priority === 'people' ? this.#admitPerson(signal) : this.#admitBackground(priority, signal));
      return null;
    } catch (error) {
      if (error instanceof Refused) return error.refusal;
      if (signal?.aborted) return { reason: 'aborted' };
      throw error;
    }
  }

  async #admitBackground(priority: 'jobs' | 'mirror', signal?: AbortSignal): Promise<void> {
    const place = -++this.#arrivals - (priority === 'mirror' ? MIRROR_BELOW : 0);
    for (;;) {
      await sleep(this.pausedForMs(), signal);
      if (!this.options.budget || !this.#intervalMs) return;
      const waitMs = await this.#inTurn(priority, place, signal, () => this.#takeBackground(priority));
      if (waitMs === null) continue; // gave way to a higher class: queue again, keeping its place
      await sleep(waitMs, signal);
      return;
    }
  }

  /** After every answer: a 429 pauses everyone until its Retry-After (when within the ceiling). */
  observe(response: Response): void {
    if (response.status !== 429) return;
    const retryAfterMs = parseRetryAfterHeader(response.headers.get('retry-after'), this.#now());
    if (retryAfterMs === undefined || retryAfterMs > this.options.retryAfterMaxMs) return;
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#now() + retryAfterMs);
    this.options.budget?.pause(retryAfterMs).catch((error: unknown) => this.options.onBudgetError?.(error));
  }

  async #admitPerson(signal?: AbortSignal): Promise<void> {
    const paused = this.pausedForMs();
    if (paused > PEOPLE_WAIT_MAX_MS) throw busy(paused);
    if (!this.options.budget || !this.#intervalMs) return sleep(paused, signal);
    const waitMs = await this.#inTurn('people', PEOPLE_PRIORITY, signal, async () => {
      const slot = await this.#book(PEOPLE_WAIT_MAX_MS);
      return slot.taken ? slot.waitMs : null;
    });
    if (waitMs === null) throw busy(PEOPLE_WAIT_MAX_MS);
    await sleep(waitMs, signal);
  }

  /** A background turn: books the next slot, or waits for it to come near, giving way when a higher class asks. */
  async #takeBackground(priority: 'jobs' | 'mirror'): Promise<number | null> {
    const higher = () => this.#queued.people > 0 || (priority === 'mirror' && this.#queued.jobs > 0);
    for (;;) {
      const slot = await this.#book(this.#intervalMs!);
      if (slot.taken) return slot.waitMs;
      if (higher() || (await this.#untilOr(higher, Math.max(1, slot.waitMs - this.#intervalMs!)))) return null;
    }
  }

  /** Books a slot at most `horizonMs` away; says in how many ms it (or the first free one) is. */
  async #book(horizonMs: number): Promise<{ taken: boolean; waitMs: number }> {
    try {
      const slot = await this.options.budget!.take(this.#intervalMs!, horizonMs);
      return { taken: slot.taken, waitMs: Math.max(0, slot.waitMs) };
    } catch (error) {
      // The database holds the shared schedule; without it, this process keeps to the limit on its own.
      this.options.onBudgetError?.(error);
      const now = this.#now();
      const at = Math.max(this.#localNext, now);
      this.#localNext = at + this.#intervalMs!;
      return { taken: true, waitMs: at - now };
    }
  }

  /** True as soon as `higher()` holds (a turn of a higher class was queued), false after `ms`. */
  #untilOr(higher: () => boolean, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = () => higher() && done(true);
      const timer = setTimeout(() => done(false), ms);
      const done = (gaveWay: boolean) => {
        clearTimeout(timer);
        this.#onQueued.delete(wake);
        resolve(gaveWay);
      };
      this.#onQueued.add(wake);
    });
  }

  /** Runs `task` in its turn: one turn at a time in this process, highest priority first. */
  async #inTurn(
    kind: Priority,
    priority: number,
    signal: AbortSignal | undefined,
    task: () => Promise<number | null>,
  ): Promise<number | null> {
    let started = false;
    this.#queued[kind]++;
    for (const wake of this.#onQueued) wake();
    const run = () => {
      started = true;
      this.#queued[kind]--;
      return task();
    };
    try {
      return (await this.#queue.add(run, { priority, signal })) as number | null;
    } catch (error) {
      if (signal?.aborted) throw notSent(signal);
      throw error;
    } finally {
      if (!started) this.#queued[kind]--;
    }
  }
}

/** Waits `ms`; a caller that gives up meanwhile is refused (nothing was sent). */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(notSent(signal));
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(notSent(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function notSent(_signal: AbortSignal): Refused {
  return new Refused({ reason: 'aborted' });
}

function busy(waitMs: number): Refused {
  return new Refused({ reason: 'busy', waitMs: Math.ceil(waitMs) });
}
