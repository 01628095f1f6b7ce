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
