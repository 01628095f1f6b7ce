import { checkConsoleDatabase } from '../db';
import { EnvError, getEnv, type Env } from '../env';

/**
 * The start of each process (the web server, the worker, Next's instrumentation hook): a missing or malformed
 * variable, or a console database that cannot be reached, stops it with a message naming the cause, instead
 * of a 500 at the first request that needs it.
 */
export function envOrExit(): Env {
  try {
    return getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export async function consoleDatabaseOrExit(url: string): Promise<void> {
  const problem = await checkConsoleDatabase(url);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

/**
 * On SIGTERM or SIGINT, once: `stop` within the grace time, then exit. Whatever `stop` does, the process is
 * gone 10 s after the grace time.
 */
export function stopOnSignal(graceMs: number, stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), graceMs + 10_000).unref();
    await stop(signal);
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void onSignal(signal));
}
