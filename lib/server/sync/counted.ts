import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { getConsoleDb } from '../process';
import { minuteOf, type CountReason } from './triage';

export interface CountedRow {
  /** As counted: '' when the call had none, '*' for the clients past a minute's first 20. */
  clientId: string;
  /** 0: no answer. */
  status: number;
  reason: CountReason;
  /** In the last full minute (`RelayCounted.minute`). */
  lastMinute: number;
  lastHour: number;
}

export interface RelayCounted {
  /** The start of the last full minute, whose counts `lastMinute` gives. */
  minute: Date;
  /** The largest counts of the last hour, by client id, status and reason (at most `limit`). */
  rows: CountedRow[];
  /** All counted calls of the last hour, by reason, including those of rows left out. */
  refused: number;
  overCap: number;
  /** How many (client id, status, reason) counts the hour has, `rows` being the largest of them. */
  groups: number;
}

/** The Status page's counts of the relay's last hour: calls it counted instead of storing, from every instance. */
export async function relayCounted(
  options: { db?: Kysely<ConsoleDatabase>; now?: Date; limit?: number } = {},
): Promise<RelayCounted> {
  const db = options.db ?? (await getConsoleDb());
  const now = options.now ?? new Date();
  const minute = minuteOf(new Date(now.getTime() - 60_000));
  const since = new Date(now.getTime() - 3_600_000);
  const { rows } = await sql<{
    client_id: string;
    status: number;
    reason: CountReason;
    last_minute: string;
    last_hour: string;
  }>`
    select client_id, status, reason,
      coalesce(sum(calls) filter (where minute = ${minute.toISOString()}::timestamptz), 0) as last_minute,
      sum(calls) as last_hour
    from sync_call_count where minute > ${since.toISOString()}::timestamptz
    group by client_id, status, reason
    order by last_hour desc, client_id, status, reason
  `.execute(db);
  const total = (reason: CountReason) =>
    rows.filter((r) => r.reason === reason).reduce((sum, r) => sum + Number(r.last_hour), 0);
  return {
    minute,
    rows: rows.slice(0, options.limit ?? 20).map((r) => ({
      clientId: r.client_id,
      status: Number(r.status),
      reason: r.reason,
      lastMinute: Number(r.last_minute),
      lastHour: Number(r.last_hour),
    })),
    refused: total('refused'),
    overCap: total('over_cap'),
    groups: rows.length,
  };
}
