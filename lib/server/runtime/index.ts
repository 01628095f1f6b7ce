import 'server-only';

/**
 * The composition root (design.md "Processes"): it builds this process's long-lived parts (ProcessRuntime:
 * console database, embedded service, skew estimate, the jobs' request limit, wake-up signals, job runner with
 * the kinds of ./job-kinds.ts, the schedule of the mirror's passes) and installs them as lib/server/process,
 * through which every layer below uses them; nothing below imports this folder. Entry points import it:
 * instrumentation.ts and the worker start it (startRuntime), route handlers, the route wrapper, the root layout
 * and the tests of code that uses the parts load it so that the parts exist. Shutdown: server.ts stops the parts through
 * lib/server/process (it must not build a runtime of its own outside Next's bundles), the worker with
 * runtime().stop().
 */
import { runtime } from './instance';

export { ensureJobRunner, ensureMirror, runtime } from './instance';
export { startRuntime } from './lifecycle';
export { ProcessRuntime, type JobsState } from './process';
export { readiness, readyAnswer, type Readiness } from './readiness';
export { JOB_KINDS } from './job-kinds';

/** Closes the console database and the embedded service (after the jobs stopped): a script's end. */
export async function closeRuntime(): Promise<void> {
  await runtime().close();
}
export { isEmbedded } from './embedded';
