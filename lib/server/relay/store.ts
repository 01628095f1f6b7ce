import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { getConsoleDb } from '../process';
import { parseCall } from './parse';

/** A write the ERP sent and what the upstream answered, as the relay (or an integration log) saw it. */
export interface RelayedCall {
  source: 'relay' | 'upload' | 'paste';
  /** X-Client-Id as sent; '' when absent. */
  clientId: string;
  nonce: string | null;
  requestId: string | null;
  method: string;
  /** The path and query exactly as sent. */
  pathAndQuery: string;
  receivedAt: Date;
  /** The upstream's round trip as the relay saw it. */
  durationMs: number | null;
  /** The relay's own added time. */
  addedMs: number | null;
  /** null: no answer (timeout, lost connection). */
  status: number | null;
  requestBody: Uint8Array | string | null;
  responseBody: Uint8Array | string | null;
}

/**
 * Stores relayed writes in one transaction: one sync_call each, the items that did not apply as sync_rejection
 * rows, and closes ('erp') the open rejections of the records a call applied, received before that call. A call
 * already stored (same client, nonce and time: another instance, a retried insert) is skipped whole. Reads and
 * paths the contract does not name are not recorded. Returns how many calls were stored.
 */
export async function recordRelayedCalls(db: Kysely<ConsoleDatabase>, calls: readonly RelayedCall[]): Promise<number> {
  const parsed = calls.flatMap((call) => {
    const read = parseCall(call);
    return read ? [{ call, read }] : [];
  });
  if (parsed.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    let stored = 0;
    for (const { call, read } of parsed) {
      const row = await trx
        .insertInto('sync_call')
        .values({
          source: call.source,
          client_id: call.clientId,
          operation: read.operation,
          family: read.family,
          received_at: call.receivedAt,
          duration_ms: call.durationMs,
          added_ms: call.addedMs,
          status: call.status,
          outcome: read.outcome,
          item_count: read.itemCount,
          applied_count: read.appliedCount,
          rejected_count: read.rejected.length,
          nonce: call.nonce,
          request_id: call.requestId,
          error_code: read.errorCode,
        })
        .onConflict((oc) => oc.columns(['client_id', 'nonce', 'received_at']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) continue;
      stored++;
      if (read.family && read.rejected.length > 0)
        await trx
          .insertInto('sync_rejection')
          .values(
            read.rejected.map((r) => ({
              call_id: row.id,
              family: read.family!,
              item_index: r.index,
              record_key: r.recordKey,
              item: JSON.stringify(r.item),
              error_code: r.errorCode,
              error_field: r.errorField,
              errors: JSON.stringify(r.errors),
              received_at: call.receivedAt,
            })),
          )
          .execute();
      const keys = [...new Set(read.appliedKeys.filter((k) => k !== ''))];
      if (read.family && keys.length > 0)
        await trx
          .updateTable('sync_rejection')
          .set({ closed_at: sql<Date>`now()`, closed_how: 'erp' })
          .where('family', '=', read.family)
          .where('record_key', 'in', keys)
          .where('closed_at', 'is', null)
          .where('received_at', '<', call.receivedAt)
          .execute();
    }
    return stored;
  });
}

/** Stores one relayed write (the log upload's and the paste's way in); see recordRelayedCalls. */
export async function recordRelayedCall(call: RelayedCall, db?: Kysely<ConsoleDatabase>): Promise<void> {
  await recordRelayedCalls(db ?? (await getConsoleDb()), [call]);
}
