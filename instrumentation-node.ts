import http from 'node:http';
import { installClientAddress } from './lib/server/client-address';
import { checkConsoleDatabase } from './lib/server/db/check';
import { EnvError, getEnv, type Env } from './lib/server/env';

// Reading the environment at start makes a missing or malformed variable stop the server with a message
// naming it, instead of failing on the first request that needs it.
let env: Env;
try {
  env = getEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// Sign-in limits count per client address; it comes from the socket, not from a header a client can forge.
installClientAddress(http.Server.prototype, env.trustedProxyHops);

// A console database that cannot be reached stops the start with its name, not a 500 at the first sign-in.
if (env.database.url) {
  const problem = await checkConsoleDatabase(env.database.url);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

// No warm-up here (opening the databases, creating the first accounts) although the first request pays for
// it: this file is bundled apart from the routes, so objects it created would be shared with them through
// globalThis holders while carrying other copies of their classes; `instanceof APIError` in the settings
// actions failed that way.
