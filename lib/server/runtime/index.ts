import 'server-only';
import { getEnv } from '../env';
import { ProcessRuntime } from './process';

export { ProcessRuntime, type JobsState } from './process';

/**
 * The one home of the process's long-lived parts (design.md "Processes"): `runtime()` is this process's
 * ProcessRuntime (console database, embedded service, skew estimate, the jobs' request limit, wake-up signals,
 * job runner); runtime/parts.ts builds the parts each bundle keeps for itself on top of it (auth, upstream
 * clients, the console proxy). startRuntime() runs at start-up (instrumentation.ts, the worker), stopRuntime()
 * at shutdown (server.ts, the worker).
 *
 * Why globalThis, here and nowhere else: Next bundles route handlers, pages with their server actions, and
 * instrumentation.ts apart, each with its own module registry (in a build, `server/chunks/[turbopack]_runtime.js`
 * for route handlers and instrumentation, with different module ids per layer, and
 * `server/chunks/ssr/[turbopack]_runtime.js` for pages), so a module-level variable exists once per bundle,
 * not once per process. The parts above must exist once per process, so they hang from one well-known symbol.
 * The objects are used across bundles through their methods only (see ProcessRuntime).
 */
const KEY = Symbol.for('master-data-console.runtime');
const slot = globalThis as typeof globalThis & { [KEY]?: ProcessRuntime };

export function runtime(): ProcessRuntime {
  slot[KEY] ??= new ProcessRuntime(getEnv);
  return slot[KEY];
}

/** The runtime if something in this process already made it (shutdown must not create one). */
export function existingRuntime(): ProcessRuntime | undefined {
  return slot[KEY];
}

/**
 * A web process's shutdown, in two steps around its last requests: stopJobs at once (in parallel with them),
 * closeRuntime after them. No-ops when nothing in this process made the runtime.
 */
export async function stopJobs(): Promise<void> {
  await existingRuntime()?.stopJobs({ graceMs: getEnv().shutdownGraceMs });
}

export async function closeRuntime(): Promise<void> {
  await existingRuntime()?.close();
}
