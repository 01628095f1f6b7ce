import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import type { UpstreamClient } from '../upstream';
import { claimStep, renewHeld } from './claim';
import { handBackRunning, handBackUnstarted } from './hand-back';
import { FinishedBatch } from './finished-batch';
import { jobsWarning, quietKind } from './job-log';
import { planJob } from './plan-job';
import { runUnit } from './run-unit';
import type { JobRunnerOptions } from './runner-options';
import type { AnyJobKind } from './kind';
import { unitContext } from './unit-context';
import { closeFinishedJobs, failExpiredUnits } from './store';
import { claimPlanning, releasePlanning } from './planning';
import type { ClaimedUnit } from './units';

export type { JobRunnerOptions } from './runner-options';

type Held = { unit: ClaimedUnit; kind: AnyJobKind };

/**
 * One per process: claims units of running jobs and runs them, plans jobs created without units, renews
 * its leases, records outcomes in batches, closes jobs with nothing left. Everything it knows is in the
 * database, so stopping it (or killing the process) loses at most the units in flight, which another
 * runner takes over when their lease expires.
 */
export class JobRunner {
  readonly owner: string;
  readonly #db: Kysely<ConsoleDatabase>;
  readonly #kinds: Map<string, AnyJobKind>;
  readonly #upstream: UpstreamClient;
  readonly #upstreamOf: Readonly<Record<string, UpstreamClient>>;
  readonly #concurrency: number;
  readonly #leaseMs: number;
  readonly #pollMs: number;
  readonly #batch: FinishedBatch;
  readonly #log: (message: string, error?: unknown) => void;

  #running = false;
  #abandoned = false;
  #loop: Promise<void> | null = null;
  #wakeLoop: (() => void) | null = null;
  #heartbeat: ReturnType<typeof setInterval> | null = null;
  #held = new Map<string, Held>();
  #queue: Held[] = [];
  #inFlight = new Set<Promise<void>>();
  #planning: { jobId: string; done: Promise<void> } | null = null;
  #lastSweep = 0;
  #lastPlanLook = 0;
  #lookForPlans = true;
  #lastBoundedLook = 0;
  #lookForBounded = true;
  #wakePending = false;
  #claimReleased = false;
  #unwatch: Promise<(() => Promise<void>) | null> = Promise.resolve(null);
  /** Aborted by stop(): units that look at their context's signal (a mirror pass) stop after their request. */
  #abort = new AbortController();
  readonly #watchReleases: JobRunnerOptions['watchReleases'];
  readonly #readBack: JobRunnerOptions['readBack'];

  constructor(options: JobRunnerOptions) {
    this.owner = options.owner ?? `runner-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.#db = options.db;
    this.#kinds = new Map(options.kinds.map((k) => [k.name, k]));
    for (const kind of options.kinds) if (kind.quiet) quietKind(kind.name);
    this.#upstream = options.upstream;
    this.#upstreamOf = options.upstreamOf ?? {};
    this.#concurrency = options.concurrency ?? 8;
    this.#leaseMs = options.leaseMs ?? 30_000;
    this.#pollMs = options.pollMs ?? 1_000;
    this.#log = options.log ?? jobsWarning;
    this.#watchReleases = options.watchReleases;
    this.#readBack = options.readBack;
    this.#batch = new FinishedBatch({
      db: this.#db,
      owner: this.owner,
      flushMs: options.flushMs ?? 200,
      flushMax: options.flushMax ?? 500,
      contextOf: (unit) => this.#context(unit),
      storeReadBacks: options.storeReadBacks,
      abandoned: () => this.#abandoned,
      settled: (batch) => this.#settled(batch),
      log: this.#log,
    });
  }

  get isRunning(): boolean {
    return this.#running;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#abandoned = false;
    this.#abort = new AbortController();
    this.#heartbeat = setInterval(() => this.#renew(), Math.max(50, this.#leaseMs / 3));
    this.#heartbeat.unref?.();
    const watch = this.#watchReleases;
    if (watch) {
      this.#unwatch = watch(() => {
        this.#claimReleased = true;
        this.#wakeSelf();
      }).catch((error) => {
        this.#log('could not listen for handed-back units; they are claimed at the next look', error);
        return null;
      });
    }
    this.#loop = this.#run();
  }

  /** Looks for work now instead of at the next poll (after a job was created in this process). */
  wake(): void {
    this.#lookForPlans = true;
    this.#lookForBounded = true;
    this.#wakeSelf();
  }

  #wakeSelf(): void {
    // A wake while the loop is busy (not waiting) is kept, so the loop goes round again instead of sleeping.
    if (this.#wakeLoop) this.#wakeLoop();
    else this.#wakePending = true;
  }

  /**
   * Stops claiming and hands back what it holds. Claimed units not started go back at once; units in flight
   * may finish for `graceMs` (default: as long as they take), and those still running then are handed back
   * at once too (store.releaseUnits), so another instance takes them now instead of after the lease. With
   * `abandon`, behaves like a killed process (tests): nothing more is written, and the held units stay
   * claimed until their lease expires.
   */
  async stop(options: { abandon?: boolean; graceMs?: number } = {}): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    this.#abandoned = options.abandon === true;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    // The grace time counts from the stop, not from after the steps below (unref: it only bounds a wait).
    const graceOver =
      options.graceMs === undefined
        ? null
        : new Promise<false>((resolve) => setTimeout(resolve, options.graceMs, false).unref());
    this.wake();
    this.#abort.abort();
    await this.#loop;
    // Closing the listener takes a round trip: not in the way of handing units back.
    const unwatched = this.#unwatch.then((unwatch) => unwatch?.()).catch(() => {});
    if (this.#abandoned) return unwatched;
    const unstarted = this.#queue.splice(0);
    for (const h of unstarted) this.#held.delete(h.unit.id);
    const ids = unstarted.map((h) => h.unit.id);
    await handBackUnstarted(this.#db, this.owner, ids, this.#log);
    await unwatched;
    const settled = Promise.all([Promise.all([...this.#inFlight]), this.#planning?.done]).then(() => true);
    const inTime = graceOver ? await Promise.race([settled, graceOver]) : await settled;
    await this.#batch.flush();
    if (!inTime) {
      // Nothing else is written from here.
      this.#abandoned = true;
      await handBackRunning(this.#db, this.owner, [...this.#held.keys()], this.#log);
    }
    await releasePlanning(this.#db, this.owner).catch((error) => this.#log('could not hand back planning', error));
  }

  async #run(): Promise<void> {
    while (this.#running) {
      let busy = false;
      try {
        busy = await this.#tick();
      } catch (error) {
        this.#log('runner step failed; trying again shortly', error);
        // Database down: wait a poll interval rather than spin.
        this.#wakePending = false;
      }
      if (!this.#running) break;
      if (busy || this.#wakePending) {
        this.#wakePending = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#pollMs);
        this.#wakeLoop = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wakeLoop = null;
    }
  }

  /** One round: sweep, plan, claim, start. True when it should go again without waiting. */
  async #tick(): Promise<boolean> {
    const now = Date.now();
    if (now - this.#lastSweep > this.#leaseMs / 2) {
      this.#lastSweep = now;
      await closeFinishedJobs(this.#db, await failExpiredUnits(this.#db));
    }
    // Looking for a job to plan costs a query, so not on every unit finished: on a poll or an outside wake().
    if (!this.#planning && (this.#lookForPlans || now - this.#lastPlanLook >= this.#pollMs)) {
      this.#lookForPlans = false;
      this.#lastPlanLook = now;
      const job = await claimPlanning(this.#db, this.owner, this.#leaseMs, [...this.#kinds.keys()]);
      if (job) {
        const done = planJob(this.#db, job, {
          owner: this.owner,
          leaseMs: this.#leaseMs,
          kind: this.#kinds.get(job.kind)!,
          context: this.#context(
            { jobId: job.id, kind: job.kind, tenant: job.tenant, params: job.params },
            job.startedAt,
          ),
          running: () => this.#running,
          wake: () => this.#wakeSelf(),
          log: this.#log,
        }).finally(() => {
          this.#planning = null;
          this.#wakeSelf();
        });
        this.#planning = { jobId: job.id, done };
      }
    }
    // Claim in batches (one query for several units), topping up before the local queue runs dry. At most
    // one round ahead: units claimed here wait for this instance, while another one (after a worker handed
    // its units back on SIGTERM) could run them now.
    let claimed: ClaimedUnit[] = [];
    const released = this.#claimReleased;
    this.#claimReleased = false;
    if (this.#queue.length < this.#concurrency || released) {
      // Units another instance handed back are taken now, queue full or not, so none waits for a free runner.
      const want = Math.max(
        this.#concurrency * 2 - this.#queue.length - this.#inFlight.size,
        released ? this.#concurrency * 2 : 0,
      );
      // Bounded kinds (the mirror's passes) cost a query of their own: on a poll or an outside wake() only.
      const bounded = this.#lookForBounded || now - this.#lastBoundedLook >= this.#pollMs;
      if (bounded) [this.#lookForBounded, this.#lastBoundedLook] = [false, now];
      claimed = await claimStep(this.#db, {
        owner: this.owner,
        leaseMs: this.#leaseMs,
        kinds: [...this.#kinds.values()],
        want,
        bounded,
        held: (kind) => [...this.#held.values()].filter((h) => h.kind.name === kind).length,
      });
      for (const unit of claimed) {
        const held = { unit, kind: this.#kinds.get(unit.kind)! };
        this.#held.set(unit.id, held);
        this.#queue.push(held);
      }
    }
    this.#startQueued();
    // Nothing claimed and nothing queued: idle until the poll interval or a wake.
    if (claimed.length === 0) return false;
    // Full: wait until a unit finishes (it wakes the loop); else go again.
    return this.#inFlight.size < this.#concurrency;
  }

  #startQueued(): void {
    while (this.#running && this.#inFlight.size < this.#concurrency && this.#queue.length > 0) {
      const held = this.#queue.shift()!;
      const task: Promise<void> = this.#runUnit(held).finally(() => {
        this.#inFlight.delete(task);
        this.#startQueued();
        if (this.#queue.length < this.#concurrency) this.#wakeSelf();
      });
      this.#inFlight.add(task);
    }
  }

  #context(unit: { jobId: string; kind: string; tenant: string; params: unknown }, startedAt?: Date) {
    const upstream = this.#upstreamOf[unit.kind] ?? this.#upstream;
    return unitContext({ db: this.#db, upstream, signal: this.#abort.signal }, unit, startedAt);
  }

  async #runUnit(held: Held): Promise<void> {
    const { outcome, readBack } = await runUnit(held.kind, held.unit.input, this.#context(held.unit), this.#readBack);
    if (this.#abandoned) return;
    // The last unit running here, nothing queued: record now. Waiting flushMs would end the job that much later.
    this.#batch.add({ ...held, outcome, readBack }, this.#inFlight.size <= 1 && this.#queue.length === 0);
  }

  /** Recorded units are no longer held; a bounded kind's next unit is looked for at once, not at the next poll. */
  #settled(batch: readonly { unit: ClaimedUnit; kind: AnyJobKind }[]): void {
    for (const f of batch) this.#held.delete(f.unit.id);
    if (!batch.some((f) => f.kind.perRunner !== undefined)) return;
    this.#lookForBounded = true;
    this.#wakeSelf();
  }

  #renew(): void {
    if (!this.#running) return;
    const held = { units: [...this.#held.keys()], planningJobId: this.#planning?.jobId };
    void renewHeld(this.#db, this.owner, held, this.#leaseMs).catch((e) => this.#log('could not renew leases', e));
  }
}
