import 'server-only';
import { createHash } from 'node:crypto';
import { getSessionCookie } from 'better-auth/cookies';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';

/** Why someone else ended a person's sessions: what the sign-in page tells them (`signIn.ended.<reason>`). */
export const SESSION_END_REASONS = ['roleChanged', 'disabled', 'ended', 'passwordReset'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** A note outlives the longest session (12 hours) with room to spare, then goes. */
const KEEP_DAYS = 3;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('base64url');

/**
 * Notes why these sessions end, by the hash of each token (the token itself is a credential and is not kept).
 * Called with the tokens read before the sessions are deleted; notes older than KEEP_DAYS go at the same time.
 */
export async function noteSessionsEnded(
  db: Kysely<ConsoleDatabase>,
  tokens: readonly string[],
  reason: SessionEndReason,
): Promise<void> {
  await db
    .deleteFrom('session_end')
    .where('ended_at', '<', sql<Date>`now() - make_interval(days => ${KEEP_DAYS})`)
    .execute();
  if (!tokens.length) return;
  await db
    .insertInto('session_end')
    .values(tokens.map((token) => ({ token_hash: hashOf(token), reason })))
    .onConflict((oc) => oc.column('token_hash').doUpdateSet({ reason, ended_at: sql`now()` }))
    .execute();
}

/** The tokens of a person's sessions (optionally one session, or all but `keep`), read before they are ended. */
export async function sessionTokensOf(
  db: Kysely<ConsoleDatabase>,
  userId: string,
  keep: string | null,
  only?: string,
): Promise<string[]> {
  let query = db.selectFrom('session').select('token').where('userId', '=', userId);
  if (keep) query = query.where('id', '!=', keep);
  if (only) query = query.where('id', '=', only);
  return (await query.execute()).map((row) => row.token);
}

/**
 * Why the session this browser still names was ended, or null (no cookie, signed out by the person, expired, or
 * never noted). The cookie is better-call's signed value `token.signature`; only the token is looked up.
 */
export async function sessionEndReason(
  db: Kysely<ConsoleDatabase>,
  headers: Headers,
): Promise<SessionEndReason | null> {
  const value = getSessionCookie(headers);
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot <= 0) return null;
  const row = await db
    .selectFrom('session_end')
    .select('reason')
    .where('token_hash', '=', hashOf(value.slice(0, dot)))
    .executeTakeFirst();
  const reason = row?.reason;
  return (SESSION_END_REASONS as readonly string[]).includes(reason ?? '') ? (reason as SessionEndReason) : null;
}
