import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';

/**
 * Failed sign-ins allowed per account before that account's sign-in pauses. The per-address limit alone is
 * not enough: one guesser can use many addresses (a botnet, or a mistaken TRUSTED_PROXY_HOPS that lets
 * X-Forwarded-For through). Counting per account cannot be dodged that way. Only wrong passwords count, so a busy user's
 * good sign-ins never lock them out; the price is that someone who knows an email can pause its sign-in for
 * `window` seconds, the usual trade.
 */
export const ACCOUNT_LIMIT = { window: 300, maxFailures: 10 } as const;

export type AccountLimit = { window: number; maxFailures: number };

const windowStart = (limit: AccountLimit) => sql`(now() - make_interval(secs => ${limit.window}))`;

/** Seconds until the account's sign-in resumes, or null when it is not paused. */
export async function accountPausedFor(
  db: Kysely<ConsoleDatabase>,
  email: string,
  limit: AccountLimit,
): Promise<number | null> {
  const { rows } = await sql<{ failures: number; left: number }>`
    select failures, greatest(1, ceil(extract(epoch from window_start - ${windowStart(limit)})))::int as left
    from sign_in_failures where email = ${email} and window_start > ${windowStart(limit)}
  `.execute(db);
  const row = rows[0];
  return row && row.failures >= limit.maxFailures ? row.left : null;
}

export async function clearAccountFailures(db: Kysely<ConsoleDatabase>, email: string): Promise<void> {
  await sql`delete from sign_in_failures where email = ${email}`.execute(db);
}

/**
 * A window opens at the first failure and closes `window` seconds later; a failure after that starts a new one.
 * `weight`: how many wrong passwords this failure counts as (a wrong second-factor code counts more).
 */
export async function recordAccountFailure(
  db: Kysely<ConsoleDatabase>,
  email: string,
  limit: AccountLimit,
  weight = 1,
): Promise<void> {
  const start = windowStart(limit);
  await sql`
    insert into sign_in_failures (email, failures, window_start) values (${email}, ${weight}, now())
    on conflict (email) do update set
      failures = case when sign_in_failures.window_start > ${start} then sign_in_failures.failures + ${weight}
        else ${weight} end,
      window_start = case when sign_in_failures.window_start > ${start} then sign_in_failures.window_start else now() end
  `.execute(db);
}
