import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { getConsoleDb } from '../process';

export interface RelayLastHour {
  /** Write calls relayed in the last hour. */
  calls: number;
  items: number;
  rejected: number;
  /** Calls whose outcome is unknown (5xx, timeout, lost connection). */
  unknown: number;
  refused: number;
  /** The relay's own added time at p50, over those calls; null when none. */
  addedP50Ms: number | null;
}

/** The Status page's figures of the relay: its write calls of the last hour, from every instance's records. */
export async function relayLastHour(db?: Kysely<ConsoleDatabase>): Promise<RelayLastHour> {
  const row = await sql<{
    calls: string;
    items: string | null;
    rejected: string | null;
    unknown: string;
    refused: string;
    added_p50: number | null;
  }>`
    select count(*) as calls, sum(item_count) as items, sum(rejected_count) as rejected,
      count(*) filter (where outcome = 'unknown') as unknown, count(*) filter (where outcome = 'refused') as refused,
      percentile_cont(0.5) within group (order by added_ms) as added_p50
    from sync_call where source = 'relay' and received_at > now() - interval '1 hour'
  `.execute(db ?? (await getConsoleDb()));
  const r = row.rows[0]!;
  return {
    calls: Number(r.calls),
    items: Number(r.items ?? 0),
    rejected: Number(r.rejected ?? 0),
    unknown: Number(r.unknown),
    refused: Number(r.refused),
    addedP50Ms: r.added_p50 === null ? null : Number(r.added_p50),
  };
}
