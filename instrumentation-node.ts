import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { getAuth } from './lib/server/auth/auth';
import { getEmbeddedService, isEmbedded } from './lib/server/embedded';
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

// Opening and migrating the databases, seeding the embedded service and hashing the first accounts'
// passwords take seconds: begin at start, so the first visitor does not wait for them. A failure here is
// only logged; the first request that needs the part tries again and shows the error.
if (process.env.NEXT_PHASE !== PHASE_PRODUCTION_BUILD) {
  Promise.all([getAuth(), isEmbedded() ? getEmbeddedService() : null]).catch((error: unknown) => {
    console.error(`[start] warm-up failed, the first request will retry: ${error instanceof Error ? error.message : String(error)}`);
  });
}
