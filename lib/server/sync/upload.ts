import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { LogUploadResult } from '@/lib/contract/console/rejection-types';
import { readIntegrationLog } from '@/lib/imports/integration-log';
import type { ConsoleDatabase } from '../db';
import { recordRelayedCalls, type RelayedCall } from './store';

/**
 * An uploaded integration log (for an ERP that cannot point at the relay): its /v1 calls recorded as the relay
 * records what it forwards (source 'upload'), so its refused items join the same rejections; a call already
 * recorded (the same client, nonce and time: the log uploaded twice) is not recorded again. Answers what was read
 * and the log's open rejections, for the fix grid; null when nothing in the file reads as a call.
 */
export async function recordUploadedLog(db: Kysely<ConsoleDatabase>, text: string): Promise<LogUploadResult | null> {
  const log = readIntegrationLog(text);
  if ('error' in log) return null;
  const now = new Date();
  const calls: RelayedCall[] = log.calls.map((c) => ({
    source: 'upload',
    clientId: c.clientId,
    nonce: c.nonce,
    requestId: c.requestId,
    method: c.method,
    pathAndQuery: c.pathAndQuery,
    // A line without its time counts as received now (the upload's time).
    receivedAt: c.at ?? now,
    durationMs: null,
    addedMs: null,
    status: c.status,
    requestBody: c.requestBody,
    responseBody: c.responseBody,
  }));
  await recordRelayedCalls(db, calls);
  const ids = calls.length ? await rejectionsOf(db, calls) : [];
  const { rows } = ids.length
    ? await sql<{ rejected: number }>`
        select count(*)::int as rejected from sync_rejection where id = any(${ids}::bigint[])`.execute(db)
    : { rows: [{ rejected: 0 }] };
  // The grid holds one kind of record: the kind with the most open rows opens, the others wait on the page.
  const open = ids.length
    ? (
        await sql<{ id: string; family: string }>`
          select id::text, family from sync_rejection where id = any(${ids}::bigint[]) and closed_at is null
          order by received_at desc, id desc`.execute(db)
      ).rows
    : [];
  const counts = new Map<string, number>();
  for (const r of open) counts.set(r.family, (counts.get(r.family) ?? 0) + 1);
  const first = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  return {
    calls: log.calls.length,
    rejected: rows[0]?.rejected ?? 0,
    unreadable: log.unreadable,
    skipped: log.skipped,
    ids: open.filter((r) => r.family === first).map((r) => r.id),
    elsewhere: open.filter((r) => r.family !== first).length,
  };
}

/** The rejections of these calls, whether recorded now or by an earlier upload of the same log. */
async function rejectionsOf(db: Kysely<ConsoleDatabase>, calls: readonly RelayedCall[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select r.id::text from sync_rejection r join sync_call c on c.id = r.call_id
    join unnest(${calls.map((c) => c.clientId)}::text[], ${calls.map((c) => c.nonce)}::text[],
      ${calls.map((c) => c.receivedAt.toISOString())}::timestamptz[]) as u(client_id, nonce, received_at)
      on c.client_id = u.client_id and c.nonce is not distinct from u.nonce and c.received_at = u.received_at
    where c.source = 'upload'`.execute(db);
  return [...new Set(rows.map((r) => r.id))];
}
