import 'server-only';
import { getAuth } from '../auth';
import { ensureJobRunner, ensureMirror, runtime } from './instance';

/**
 * Opens what the first request would otherwise wait for, and starts the job runner so unfinished jobs resume
 * before anyone visits: the console database (migrated), the embedded service in embedded mode, and the
 * first accounts (web processes only; a worker serves no sign-in), and the mirror's passes (lib/server/mirror). Called by instrumentation.ts in a web
 * process and by the worker. A part that fails to open is opened again at its next use.
 */
export async function startRuntime(options: { accounts: boolean }): Promise<void> {
  const process = runtime();
  await process.consoleDb();
  if (process.env.upstream.mode === 'embedded') await process.embeddedService();
  if (options.accounts) await getAuth();
  await ensureJobRunner();
  await ensureMirror();
}
