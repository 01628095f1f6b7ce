import { randomUUID } from 'node:crypto';
import { EnvError, getEnv } from './lib/server/env';

// Reading the environment at start makes a missing or malformed variable stop the server with a message
// naming it, instead of failing on the first request that needs it.
try {
  getEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// No warm-up here (opening the databases, creating the first accounts) although the first request pays for
// it: this file is bundled apart from the routes, so objects it created would be shared with them through
// globalThis holders while carrying other copies of their classes; `instanceof APIError` in the settings
// actions failed that way.

// Background jobs resume at start, before anyone visits: the runner must live in the routes' bundle (see
// above), so ask this process's own /api/jobs/wake to start it. The token is random per process, so no one
// else can call it. Tried until the server answers (it listens only after this hook returns).
// Never during `next build` (its workers may load this hook too), and the timers do not hold a process open.
if (process.env.NEXT_PHASE !== 'phase-production-build') {
  const token = randomUUID();
  process.env.CONSOLE_JOBS_WAKE_TOKEN = token;
  void (async () => {
    for (let attempt = 0; attempt < 120; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, attempt === 0 ? 200 : 1000).unref());
      const port = process.env.PORT;
      if (!port) continue;
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/jobs/wake`, { method: 'POST', headers: { 'x-wake-token': token } });
        if (response.status === 204) return;
      } catch {
        // Not listening yet.
      }
    }
    console.warn('jobs: could not start the job runner at start-up; it starts with the first request that needs it.');
  })();
}
