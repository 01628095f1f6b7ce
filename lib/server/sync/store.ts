import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { getConsoleDb } from '../process';
import { THE_ERP } from '../history';
import { CLOSED_COLUMNS_SQL, rejectionOutcome, writeRejectionHistory, type ClosedRejection } from './closed-history';
import { addCounts, takeSlots } from './counts';
import { parseCall, type AppliedRecord, type ParsedCall } from './parse';
import { createTally, type CallCount } from './triage';

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
 * paths the contract does not name are not recorded. Returns how many calls were stored. (The log upload's and the
 * paste's way in; the relay's own goes through recordRelayTraffic, which counts what it does not keep.)
 */
export async function recordRelayedCalls(db: Kysely<ConsoleDatabase>, calls: readonly RelayedCall[]): Promise<number> {
  const parsed = parseAll(calls);
  if (parsed.length === 0) return 0;
  return db.transaction().execute((trx) => storeParsed(trx, parsed));
}

/**
 * The relay's recordings of one flush, in one transaction (see ./triage.ts): `counts` (calls refused as a whole)
 * are added to their counts; of `calls`, those carrying an item that did not apply are stored, the others as far
 * as the cap of their client's minute (`cap`) leaves room, and the rest counted as over the cap, still closing
 * the open rejections of the records they applied. Returns the counts added for calls over the cap.
 */
export async function recordRelayTraffic(
  db: Kysely<ConsoleDatabase>,
  calls: readonly RelayedCall[],
  counts: readonly CallCount[],
  cap: number,
): Promise<CallCount[]> {
  const parsed = parseAll(calls);
  if (parsed.length === 0 && counts.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const capped = parsed.filter((p) => p.read.rejected.length === 0);
    const slots = await takeSlots(
      trx,
      capped.map((p) => p.call),
      cap,
    );
    const over = createTally();
    capped.forEach((p, i) => {
      if (slots[i]) return;
      p.counted = true;
      over.add(p.call.clientId, p.call.receivedAt, p.call.status ?? 0, 'over_cap');
    });
    await storeParsed(trx, parsed);
    const overCap = over.take();
    await addCounts(trx, [...counts, ...overCap]);
    return overCap;
  });
}

interface Parsed {
  call: RelayedCall;
  read: ParsedCall;
  /** Counted instead of stored: only its effect on open rejections remains. */
  counted?: boolean;
}

function parseAll(calls: readonly RelayedCall[]): Parsed[] {
  return calls.flatMap((call) => {
    const read = parseCall(call);
    return read ? [{ call, read }] : [];
  });
}

async function storeParsed(trx: Kysely<ConsoleDatabase>, parsed: readonly Parsed[]): Promise<number> {
  let stored = 0;
  for (const { call, read, counted } of parsed) {
    if (!counted) {
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
    }
    if (read.family) await closeRejectionsByErp(trx, read.family, read.applied, call.receivedAt);
  }
  return stored;
}

/** Stores one relayed write (the log upload's and the paste's way in); see recordRelayedCalls. */
export async function recordRelayedCall(call: RelayedCall, db?: Kysely<ConsoleDatabase>): Promise<void> {
  await recordRelayedCalls(db ?? (await getConsoleDb()), [call]);
}

/**
 * The ERP applied these records itself: their rejections received before that call close as "fixed by the ERP",
 * in the audit log and on each record's History as by the ERP. In the transaction that stores the call.
 */
async function closeRejectionsByErp(
  db: Kysely<ConsoleDatabase>,
  family: string,
  applied: readonly AppliedRecord[],
  before: Date,
): Promise<void> {
  const wanted = [...new Set(applied.map((a) => a.key).filter((k) => k !== ''))];
  if (wanted.length === 0) return;
  const { rows } = await sql<ClosedRejection>`
    update sync_rejection set closed_at = now(), closed_how = 'erp'
    where closed_at is null and family = ${family} and record_key = any(${wanted}::text[])
      and received_at < ${before.toISOString()}::timestamptz
    ${CLOSED_COLUMNS_SQL}`.execute(db);
  const ids = new Map(applied.map((a) => [a.key, a.recordId]));
  await writeRejectionHistory(
    db,
    { actor: THE_ERP, how: 'erp', outcome: rejectionOutcome(rows.length, `closed: fixed by the ERP (${family})`) },
    rows.map((r) => ({ ...r, recordId: ids.get(r.record_key) ?? null })),
  );
}
