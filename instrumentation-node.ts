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
