import 'server-only';
import { betterAuth } from 'better-auth';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { authOptions, type AuthConfig } from './options';
import type { TwoFactorMode } from './two-factor-state';

/** The database and mode each instance was built on, for the console's own session check (session.ts). */
const built = new WeakMap<object, { db: Kysely<ConsoleDatabase>; mode: TwoFactorMode }>();

/** A better-auth instance on the given (already migrated) console database. Tests build their own. */
export function createConsoleAuth(db: Kysely<ConsoleDatabase>, config: AuthConfig) {
  const auth = betterAuth(authOptions(db, config));
  built.set(auth, { db, mode: twoFactorModeOf(config) });
  return auth;
}

export type ConsoleAuth = ReturnType<typeof createConsoleAuth>;

export function builtOn(auth: ConsoleAuth): { db: Kysely<ConsoleDatabase>; mode: TwoFactorMode } {
  const found = built.get(auth);
  if (!found) throw new Error('not a console auth instance');
  return found;
}

export function twoFactorModeOf(config: AuthConfig): TwoFactorMode {
  return { demoMode: config.demoMode ?? false, adminsByDefault: config.twoFactorAdminsByDefault ?? true };
}
