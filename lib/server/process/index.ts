import 'server-only';

/**
 * What code below the composition root (lib/server/runtime) may use of this process: its console database,
 * its signing clients, its wake-up signals, its job runner (woken, never built here). The runtime installs
 * itself when an entry point imports it (instrumentation, server actions' and pages' root layout, route
 * handlers, the route wrapper, scripts, the tests of code that uses them); this folder imports nothing above db, upstream
 * and env, so every layer may import it and none needs the runtime.
 *
 * Why a folder of its own rather than getConsoleDb in db/ and getUpstream in upstream/: the parts' interface
 * names db's and upstream's types, so it sits above both; were it imported back by them, db → process → db
 * would be a cycle (type imports count).
 */
export {
  ensureJobRunner,
  existingProcess,
  installProcess,
  processParts,
  type ProcessParts,
  type ProcessSignals,
} from './slot';
export { consoleDbPoolUse, getConsoleDb, watchConsoleDb } from './console-db';
export { currentTenant, getJobsUpstream, getMirrorUpstream, getUpstream } from './upstream';
