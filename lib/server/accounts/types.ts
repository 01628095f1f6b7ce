import 'server-only';
import type { ConsoleAuth } from '../auth';
import type { ConsoleDatabase } from '../db';
import type { Kysely } from 'kysely';

/** What account changes need: better-auth to make them, the console database to audit them. */
export type AccountDeps = { auth: ConsoleAuth; db: Kysely<ConsoleDatabase> };

/**
 * Console account management (Settings). Every function takes the acting user and refuses unless their
 * role may manage accounts (lib/contract/roles); better-auth's admin plugin then checks the session again.
 * Failures are codes, so the page words them from its message catalogue.
 */
export type AccountErrorCode =
  | 'forbidden'
  | 'unauthenticated'
  | 'emailInvalid'
  | 'emailTaken'
  | 'nameRequired'
  | 'nameTooLong'
  | 'passwordLength'
  | 'roleInvalid'
  | 'notYourself'
  | 'notFound'
  | 'resetLinkInvalid'
  | 'failed';

export type AccountResult<T = undefined> =
  | { ok: true; value: T }
  | {
      ok: false;
      error: AccountErrorCode;
      fields?: Partial<Record<'email' | 'name' | 'role' | 'password', AccountErrorCode>>;
    };
