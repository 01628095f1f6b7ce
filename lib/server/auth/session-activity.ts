import 'server-only';
import type { Kysely } from 'kysely';
import { logger } from '../log';
import type { ConsoleDatabase } from '../db';

/**
 * How far "Last active" in Settings may lag behind use: a session's use is written at most this often (per
 * session and process), so a person clicking all day costs one small write every few minutes, not one a request.
 */
export const ACTIVITY_EVERY_MS = 2 * 60_000;

/** Sessions remembered at most; past that the oldest go (a forgotten one is simply written again). */
const REMEMBERED = 10_000;
const written = new Map<string, number>();

/**
 * Notes that `sessionId` was used now, off the request's path: the decision is one map look-up, and the write,
 * when due, is not awaited (a failure only leaves "Last active" older). Its own table, not "session": an update
 * of "session" notifies the proxy's session cache, which would then empty itself for everyone (migration 0030).
 */
export function touchSession(
  db: Kysely<ConsoleDatabase> | (() => Promise<Kysely<ConsoleDatabase>>),
  sessionId: string,
  now = Date.now(),
): Promise<void> | null {
  const last = written.get(sessionId);
  if (last !== undefined && now - last < ACTIVITY_EVERY_MS) return null;
  written.delete(sessionId);
  written.set(sessionId, now);
  if (written.size > REMEMBERED) written.delete(written.keys().next().value!);
  const seenAt = new Date(now);
  const write = async () => {
    const database = typeof db === 'function' ? await db() : db;
    await database
      .insertInto('session_activity')
      .values({ session_id: sessionId, seen_at: seenAt })
      .onConflict((oc) => oc.column('session_id').doUpdateSet({ seen_at: seenAt }))
      .execute();
  };
  // A session ended meanwhile has no row to refer to (foreign key): nothing to note then, and no retry before the
  // next interval (a failing database is not asked again on every request).
  return write().catch((error: unknown) => {
    logger().debug({ source: 'auth', error: error instanceof Error ? error.message : error }, 'session use not noted');
  });
}
