import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';

/**
 * The per-address sign-in limit counts wrong passwords only. better-auth's own limiter counts every attempt in
 * a window that each attempt extends, so behind an office's NAT the eleventh colleague signing in on a Monday
 * morning was refused. Written here because better-auth has no "count failures only" option.
 *
 * An attempt takes a slot as it arrives (one atomic statement, so a burst of parallel guesses cannot all pass
 * a check made before any failure is written), and gives it back when the password was right. A slot is held
 * by a good sign-in only for the time it takes to check the password, so colleagues never lock each other out.
 * The window is fixed: it opens at the first attempt and closes `window` seconds later.
 *
 * The count lives in better-auth's `rateLimit` table under the key better-auth would use for that address and
 * path ("ip|/sign-in/email"), so all instances share it and better-auth's pruning of old rows covers it; the
 * `lastRequest` column holds the window's start (milliseconds, the database's clock).
 */
export type AddressLimit = { window: number; max: number };

export type Reservation = { allowed: true; windowStart: number } | { allowed: false; retryAfter: number };

const NOW_MS = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

export async function reserveAttempt(
  db: Kysely<ConsoleDatabase>,
  key: string,
  limit: AddressLimit,
): Promise<Reservation> {
  const windowMs = limit.window * 1000;
  const open = sql`"rateLimit"."lastRequest" > ${NOW_MS} - ${windowMs}`;
  const { rows } = await sql<{ lastRequest: string }>`
    insert into "rateLimit" (id, key, count, "lastRequest") values (gen_random_uuid()::text, ${key}, 1, ${NOW_MS})
    on conflict (key) do update set
      count = case when ${open} then "rateLimit".count + 1 else 1 end,
      "lastRequest" = case when ${open} then "rateLimit"."lastRequest" else ${NOW_MS} end
    where not (${open}) or "rateLimit".count < ${limit.max}
    returning "lastRequest"
  `.execute(db);
  if (rows[0]) return { allowed: true, windowStart: Number(rows[0].lastRequest) };
  const { rows: current } = await sql<{ left: string }>`
    select greatest(1, ceil(("lastRequest" + ${windowMs} - ${NOW_MS}) / 1000.0))::int as left from "rateLimit" where key = ${key}
  `.execute(db);
  return { allowed: false, retryAfter: Number(current[0]?.left ?? limit.window) };
}

/**
 * Gives back a slot taken by an attempt that turned out not to be a wrong password, in the window it was taken
 * in (null: the window is unknown, a call without a request; then whatever window is open).
 */
export async function releaseAttempt(
  db: Kysely<ConsoleDatabase>,
  key: string,
  windowStart: number | null,
): Promise<void> {
  const sameWindow = windowStart === null ? sql`true` : sql`"lastRequest" = ${windowStart}`;
  await sql`update "rateLimit" set count = count - 1 where key = ${key} and ${sameWindow} and count > 0`.execute(db);
}
