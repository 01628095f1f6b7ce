import 'server-only';
import { getEnv } from '../env';
import { processParts } from '../process';
import { ensureAccounts } from './bootstrap';
import { authConfigFromEnv } from './config';
import { createConsoleAuth, type ConsoleAuth } from './create';

/**
 * One per bundle, on the process's database: better-auth's APIError is checked with instanceof by code of the
 * same bundle (the account actions), so a bundle must not be handed another bundle's copy.
 */
let auth: Promise<ConsoleAuth> | undefined;

/**
 * The console's better-auth instance, after the database is migrated and the first admin / demo accounts exist
 * (created once per process). A failed start is retried on the next call.
 */
export function getAuth(): Promise<ConsoleAuth> {
  auth ??= (async () => {
    const env = getEnv();
    const process = processParts();
    const db = await process.consoleDb();
    const created = createConsoleAuth(db, authConfigFromEnv(env));
    await process.accountsOnce(() =>
      ensureAccounts(created, db, { demoMode: env.demoMode, initialAdmin: env.initialAdmin }),
    );
    return created;
  })().catch((error: unknown) => {
    auth = undefined;
    throw error;
  });
  return auth;
}
