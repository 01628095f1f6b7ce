import { checkConsoleDatabase } from '../db';
import { EnvError, getEnv, type Env } from '../env';
import { flushTraces, startTracing, TracingConfigError } from '../telemetry';

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
 * Starts exporting traces when OTEL_EXPORTER_OTLP_ENDPOINT asks for it (lib/server/telemetry); an endpoint that is
 * not a URL stops the start with the variable's name, as a malformed variable of the console's own does.
 */
export async function startTracingOrExit(role: 'web' | 'worker'): Promise<void> {
  try {
    await startTracing(role);
  } catch (error) {
    if (error instanceof TracingConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
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
    // The last spans still queued (none when traces are off), or they would be lost with the process.
    await flushTraces();
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void onSignal(signal));
}
