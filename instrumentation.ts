/**
 * Runs once when a console server starts. The Node-only part lives in its own file so that the Edge build
 * of this hook never sees it.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    await import('./instrumentation-node');
  }
}
