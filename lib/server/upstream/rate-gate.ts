import 'server-only';
import PQueue from 'p-queue';
import { PEOPLE_WAIT_MAX_MS, RATE_LIMIT_SPACING } from '@/lib/contract';
import { parseRetryAfterHeader } from './errors';

/**
 * The gate every signed request passes before it is signed (core.ts): the credential's rate limit, shared by
 * every instance, with people first.
 *
 * - Who goes first. A person's request (the proxy, a server-rendered read) is `people`; a job's or a mirror
 *   pass's is `background`. Requests take their turn in one priority queue per process (p-queue), so a
 *   person's request takes the next free turn ahead of every queued background one.
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

export type Priority = 'people' | 'background';

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

/** p-queue runs the highest number first: people above any background request, background in arrival order. */
const PEOPLE_PRIORITY = Number.MAX_SAFE_INTEGER;

export class RateGate {
  readonly #queue = new PQueue({ concurrency: 1 });
  readonly #intervalMs: number | null;
  readonly #now: () => number;
  #pausedUntil = 0;
  #arrivals = 0;
  /** This process's own next slot, used only while the shared budget cannot be reached. */
  #localNext = 0;
  #peopleQueued = 0;
  #onPeople = new Set<() => void>();

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
      await (priority === 'people' ? this.#admitPerson(signal) : this.#admitBackground(signal));
      return null;
    } catch (error) {
      if (error instanceof Refused) return error.refusal;
      if (signal?.aborted) return { reason: 'aborted' };
      throw error;
    }
  }

  async #admitBackground(signal?: AbortSignal): Promise<void> {
    const place = -++this.#arrivals;
    for (;;) {
      await sleep(this.pausedForMs(), signal);
      if (!this.options.budget || !this.#intervalMs) return;
      const waitMs = await this.#inTurn(place, signal, () => this.#takeBackground());
      if (waitMs === null) continue; // gave way to a person's request: queue again, keeping its place
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
    this.#peopleQueued++;
    for (const wake of this.#onPeople) wake();
    let started = false;
    const waitMs = await this.#inTurn(PEOPLE_PRIORITY, signal, async () => {
      started = true;
      this.#peopleQueued--;
      const slot = await this.#book(PEOPLE_WAIT_MAX_MS);
      return slot.taken ? slot.waitMs : null;
    }).finally(() => {
      if (!started) this.#peopleQueued--;
    });
    if (waitMs === null) throw busy(PEOPLE_WAIT_MAX_MS);
    await sleep(waitMs, signal);
  }

  /** A background turn: books the next slot, or waits for it to come near, giving way when a person asks. */
  async #takeBackground(): Promise<number | null> {
    for (;;) {
      const slot = await this.#book(this.#intervalMs!);
      if (slot.taken) return slot.waitMs;
      if (this.#peopleQueued > 0) return null;
      if (await this.#untilPeopleOr(Math.max(1, slot.waitMs - this.#intervalMs!))) return null;
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

  #untilPeopleOr(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      const done = (gaveWay: boolean) => {
        clearTimeout(timer);
        this.#onPeople.delete(wake);
        resolve(gaveWay);
      };
      this.#onPeople.add(wake);
    });
  }

  async #inTurn(
    priority: number,
    signal: AbortSignal | undefined,
    task: () => Promise<number | null>,
  ): Promise<number | null> {
    try {
      return (await this.#queue.add(task, { priority, signal })) as number | null;
    } catch (error) {
      if (signal?.aborted) throw notSent(signal);
      throw error;
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
