import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import type { Env } from '../env';
import type { FetchImpl, RateGate, SkewTracker } from '../upstream';

/** In-process wake-ups between request handlers and the job runner (lib/server/runtime/signals.ts). */
export interface ProcessSignals {
  notify(topic: string): void;
  /** Resolves at the next notify(topic) or after timeoutMs, whichever comes first. */
  next(topic: string, timeoutMs: number): Promise<void>;
}

/**
 * What the layers below the composition root may use of this process's long-lived parts. The runtime
 * (lib/server/runtime, ProcessRuntime) builds them and installs itself here; db, upstream, auth, jobs and the
 * features reach the process through this interface only, so none of them imports the runtime and the
 * runtime may import all of them. The job runner is an opaque callback: what runs there (the job kinds) is
 * the runtime's choice, not the jobs layer's.
 */
export interface ProcessParts {
  /** The validated environment, read on first use. */
  readonly env: Env;
  /** The clock-skew estimate every signing client of the process shares. */
  readonly skew: SkewTracker;
  readonly signals: ProcessSignals;
  /** Where signed requests go: the embedded service's fetch handler, or the network. */
  readonly upstreamTransport: FetchImpl;
  /** The transport under the jobs' signing clients: the jobs' concurrency limit and one 429 pause for all. */
  jobsTransport(): FetchImpl;
  /** The credential's rate limit as this process keeps it: people first, one schedule for all instances. */
  rateGate(): RateGate;
  /** The console database, migrated on first use. */
  consoleDb(): Promise<Kysely<ConsoleDatabase>>;
  watchConsoleDb(channel: string, onNotify: () => void): Promise<(() => Promise<void>) | null>;
  /** LISTEN for other instances' notices (Postgres; nothing on PGlite). */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  consoleDbPoolUse(): { total: number; idle: number; waiting: number; max: number } | null;
  /** Runs the first-accounts bootstrap once per process. */
  accountsOnce(bootstrap: () => Promise<void>): Promise<void>;
  /** Starts this process's job runner if it runs jobs, and wakes it to look for work now. */
  ensureJobRunner(): Promise<unknown>;
  /** For the entry point that owns shutdown (server.ts): stop the jobs, then close the databases. */
  stopJobs(options: { graceMs: number }): Promise<void>;
  close(): Promise<void>;
}

/**
 * Why globalThis, here and nowhere else: Next bundles route handlers, pages with their server actions, and
 * instrumentation.ts apart, each with its own module registry (in a build, `server/chunks/[turbopack]_runtime.js`
 * for route handlers and instrumentation, with different module ids per layer, and
 * `server/chunks/ssr/[turbopack]_runtime.js` for pages), so a module-level variable exists once per bundle,
 * not once per process. The parts must exist once per process, so they hang from one well-known symbol, and
 * are used across bundles through their methods only (no instanceof on them).
 */
const KEY = Symbol.for('master-data-console.runtime');
const slot = globalThis as typeof globalThis & { [KEY]?: ProcessParts };

/**
 * Called by the runtime when its module is first loaded: the first bundle of the process to load it makes the
 * parts (instrumentation in a web process, the worker script in a worker), later ones find them. Every bundle
 * installs the same class (lib/server/runtime's ProcessRuntime), so the parts found are a `T` too.
 */
export function installProcess<T extends ProcessParts>(create: () => T): T {
  slot[KEY] ??= create();
  return slot[KEY] as T;
}

/** This process's parts; throws, naming the fix, when no entry point loaded the runtime. */
export function processParts(): ProcessParts {
  const parts = slot[KEY];
  if (!parts) {
    throw new Error(
      "The process's parts are not installed: the entry point (server code that Next or a script starts) must import '@/lib/server/runtime' before anything uses the console database, the upstream or the jobs (a test of such code imports it too).",
    );
  }
  return parts;
}

/** The parts if an entry point already installed them (shutdown and the pool gauge must not need them). */
export function existingProcess(): ProcessParts | undefined {
  return slot[KEY];
}

/** Starts this process's job runner if it runs jobs (the runtime decides which kinds) and wakes it. */
export function ensureJobRunner(): Promise<unknown> {
  return processParts().ensureJobRunner();
}
