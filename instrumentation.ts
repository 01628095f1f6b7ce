/**
 * Runs once when a console server starts. Reading the environment here makes a missing or malformed variable
 * stop the start with a message naming it, instead of failing on the first request that needs it.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getEnv, EnvError } = await import('./lib/server/env');
  try {
    getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
