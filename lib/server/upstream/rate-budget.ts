import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import type { SharedBudget } from './rate-gate';

/**
 * The shared send schedule (rate-gate.ts) in the console database: one row per credential (`tenant`), the next
 * free slot and the pause after a 429, in ms of the database's clock, so instances whose clocks differ still
 * share one schedule. Booking a slot is one statement under the row's lock: about a millisecond on Postgres,
 * once per request sent, and only when the operator gave the limit (UPSTREAM_RATE_LIMIT_PER_SECOND).
 */

const NOW_MS = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::double precision`;

export function databaseBudget(db: Kysely<ConsoleDatabase>, tenant: string): SharedBudget {
  let created: Promise<unknown> | undefined;
  const row = () =>
    (created ??= sql`insert into upstream_budget (tenant) values (${tenant}) on conflict (tenant) do nothing`
      .execute(db)
      .catch((error: unknown) => {
        created = undefined;
        throw error;
      }));

  return {
    async take(intervalMs, horizonMs) {
      await row();
      const { rows } = await sql<{ wait_ms: number; taken: boolean }>`
        with cur as (
          select greatest(next_slot_ms, paused_until_ms, now_ms) as slot, now_ms
          from upstream_budget, (select ${NOW_MS} as now_ms) as clock
          where tenant = ${tenant}
          for update of upstream_budget
        ), booked as (
          update upstream_budget set next_slot_ms = cur.slot + ${intervalMs}::double precision
          from cur
          where tenant = ${tenant} and cur.slot <= cur.now_ms + ${horizonMs}::double precision
          returning 1
        )
        select (cur.slot - cur.now_ms)::double precision as wait_ms, exists (select 1 from booked) as taken from cur
      `.execute(db);
      const got = rows[0];
      return got ? { taken: got.taken, waitMs: Number(got.wait_ms) } : { taken: true, waitMs: 0 };
    },
    async pause(forMs) {
      await row();
      await sql`
        update upstream_budget set paused_until_ms = greatest(paused_until_ms, ${NOW_MS} + ${forMs}::double precision)
        where tenant = ${tenant}
      `.execute(db);
    },
  };
}

/** How long the credential's requests are paused after a 429 (ms; 0: not paused), for the results page. */
export async function upstreamPausedForMs(db: Kysely<ConsoleDatabase>, tenant: string): Promise<number> {
  const { rows } = await sql<{ ms: number }>`
    select greatest(0, paused_until_ms - ${NOW_MS})::double precision as ms from upstream_budget where tenant = ${tenant}
  `.execute(db);
  return Math.ceil(Number(rows[0]?.ms ?? 0));
}
