import 'server-only';
import { betterAuth } from 'better-auth';
import type { Kysely } from 'kysely';
import { getConsoleDb } from '../db';
import type { ConsoleDatabase } from '../db/types';
import { getEnv } from '../env';
import { ensureAccounts } from './bootstrap';
import { authConfigFromEnv } from './config';
import { authOptions, type AuthConfig } from './options';

/** A better-auth instance on the given (already migrated) console database. Tests build their own. */
export function createConsoleAuth(db: Kysely<ConsoleDatabase>, config: AuthConfig) {
  return betterAuth(authOptions(db, config));
}

export type ConsoleAuth = ReturnType<typeof createConsoleAuth>;

const holder = globalThis as typeof globalThis & { __consoleAuth?: Promise<ConsoleAuth> };

/**
 * The console's better-auth instance, after the database is migrated and the first admin / demo
 * accounts exist. Async because both need the database; a failed start is retried on the next call.
 */
export function getAuth(): Promise<ConsoleAuth> {
  holder.__consoleAuth ??= (async () => {
    const env = getEnv();
    const db = await getConsoleDb();
    const auth = createConsoleAuth(db, authConfigFromEnv(env));
    await ensureAccounts(auth, db, { demoMode: env.demoMode, initialAdmin: env.initialAdmin });
    return auth;
  })().catch((error: unknown) => {
    holder.__consoleAuth = undefined;
    throw error;
  });
  return holder.__consoleAuth;
}
