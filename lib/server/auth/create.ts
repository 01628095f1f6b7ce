import 'server-only';
import { betterAuth } from 'better-auth';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { authOptions, type AuthConfig } from './options';

/** A better-auth instance on the given (already migrated) console database. Tests build their own. */
export function createConsoleAuth(db: Kysely<ConsoleDatabase>, config: AuthConfig) {
  return betterAuth(authOptions(db, config));
}

export type ConsoleAuth = ReturnType<typeof createConsoleAuth>;
