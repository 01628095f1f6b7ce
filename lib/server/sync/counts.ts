import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { clientFolder, createTally, minuteOf, type CallCount } from './triage';

/**
 * The counts' side of ./triage.ts in the console database: adding to sync_call_count, and taking slots of a
 * client's minute under the stored-calls cap in sync_call_minute. Both run inside the recorder's transaction.
 */

type Db = Kysely<ConsoleDatabase>;

/** The client ids each of these minutes already holds in `table`, for the fold. */
async function heldClients(db: Db, table: 'sync_call_count' | 'sync_call_minute', minutes: readonly Date[]) {
  const wanted = [...new Set(minutes.map((m) => m.toISOString()))];
  if (wanted.length === 0) return [];
  const { rows } = await sql<{ minute: Date | string; client_id: string }>`
    select distinct minute, client_id from ${sql.table(table)} where minute = any(${wanted}::timestamptz[])
  `.execute(db);
  return rows.map((r) => ({ minute: new Date(r.minute), clientId: r.client_id }));
}

/** Adds counts to sync_call_count, each minute keeping to its CLIENTS_PER_MINUTE client ids. */
export async function addCounts(db: Db, counts: readonly CallCount[]): Promise<void> {
  if (counts.length === 0) return;
  const folder = clientFolder(
    await heldClients(
      db,
      'sync_call_count',
      counts.map((c) => c.minute),
    ),
  );
  // Folded again into one entry per key: one statement may not update the same row twice.
  const tally = createTally();
  for (const c of counts) tally.add(folder.fold(c.minute, c.clientId), c.minute, c.status, c.reason, c.calls);
  await db
    .insertInto('sync_call_count')
    .values(
      tally.take().map((c) => ({
        client_id: c.clientId,
        minute: c.minute,
        status: c.status,
        reason: c.reason,
        calls: c.calls,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['client_id', 'minute', 'status', 'reason'])
        .doUpdateSet({ calls: sql<number>`sync_call_count.calls + excluded.calls` }),
    )
    .execute();
}

/**
 * How many of each group's calls may be stored under the cap: `groups` are (client id, received at) of the calls
 * the cap applies to, in arrival order; the answer says, per call, whether it gets a slot. One upsert per client's
 * minute adds the calls and returns the minute's total, so instances sharing the database share the cap.
 */
export async function takeSlots(
  db: Db,
  calls: readonly { clientId: string; receivedAt: Date }[],
  cap: number,
): Promise<boolean[]> {
  const minutes = calls.map((c) => minuteOf(c.receivedAt));
  const folder = clientFolder(await heldClients(db, 'sync_call_minute', minutes));
  const groups = new Map<string, { clientId: string; minute: Date; indexes: number[] }>();
  calls.forEach((c, i) => {
    const clientId = folder.fold(minutes[i]!, c.clientId);
    const key = JSON.stringify([clientId, minutes[i]!.getTime()]);
    const group = groups.get(key) ?? { clientId, minute: minutes[i]!, indexes: [] };
    group.indexes.push(i);
    groups.set(key, group);
  });
  const slot = calls.map(() => false);
  for (const { clientId, minute, indexes } of groups.values()) {
    const { rows } = await sql<{ calls: number }>`
      insert into sync_call_minute (client_id, minute, calls) values (${clientId}, ${minute.toISOString()}, ${indexes.length})
      on conflict (client_id, minute) do update set calls = sync_call_minute.calls + excluded.calls
      returning calls
    `.execute(db);
    const after = Number(rows[0]!.calls);
    const free = Math.max(0, Math.min(cap, after) - Math.min(cap, after - indexes.length));
    indexes.slice(0, free).forEach((i) => (slot[i] = true));
  }
  return slot;
}
