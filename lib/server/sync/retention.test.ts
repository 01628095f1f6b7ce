import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ConsoleDatabase } from '../db/types';
import { createJob } from '../jobs/store';
import { erpClient, runJobToEnd, withConsoleDb } from '../testing/console-parts';
import { SYNC_LOG_RETENTION, syncLogRetentionJob } from './retention';
import { addCounts, takeSlots } from './counts';
import { recordRelayedCall } from './store';
import { minuteOf } from './triage';

// SYNC_LOG_RETENTION_DAYS on the real job runtime and console database (PGlite): calls older than the retention
// go with their rejections and the counts of their minutes; recent ones stay.

let db: Kysely<ConsoleDatabase>;
withConsoleDb((opened) => (db = opened));

const refusedSingle = (nonce: string, receivedAt: Date) =>
  recordRelayedCall(
    {
      source: 'relay',
      clientId: 'erp',
      nonce,
      requestId: null,
      method: 'POST',
      pathAndQuery: '/v1/companies',
      receivedAt,
      durationMs: 1,
      addedMs: 0.1,
      status: 400,
      requestBody: '{"outerSysCode":"C1","name":""}',
      responseBody: '{"error":"name_required"}',
    },
    db,
  );

describe('the relay log retention', () => {
  it('deletes calls older than the retention with their rejections and counts, in a background job', async () => {
    const old = new Date(Date.now() - 40 * 86_400_000);
    const recent = new Date(Date.now() - 2 * 86_400_000);
    await refusedSingle('old', old);
    await refusedSingle('new', recent);
    const refused = (at: Date) => ({
      clientId: 'x',
      minute: minuteOf(at),
      status: 401,
      reason: 'refused' as const,
      calls: 3,
    });
    await addCounts(db, [refused(old), refused(recent)]);
    await takeSlots(
      db,
      [
        { clientId: 'erp', receivedAt: old },
        { clientId: 'erp', receivedAt: recent },
      ],
      10,
    );
    expect(await db.selectFrom('sync_rejection').select('id').execute()).toHaveLength(2);

    const jobId = await createJob(db, {
      kind: SYNC_LOG_RETENTION,
      tenant: 't',
      params: { days: 30 },
      rerunExpired: true,
    });
    await runJobToEnd({ db, kinds: [syncLogRetentionJob], upstream: erpClient({ timeoutMs: 1_000 }) }, jobId);

    expect((await db.selectFrom('sync_call').select('nonce').execute()).map((c) => c.nonce)).toEqual(['new']);
    const left = await sql<{ n: number }>`select count(*)::int as n from sync_rejection`.execute(db);
    expect(left.rows[0]!.n).toBe(1);
    const minutes = async (table: 'sync_call_count' | 'sync_call_minute') =>
      (await db.selectFrom(table).select('minute').execute()).map((r) => new Date(r.minute).getTime());
    expect(await minutes('sync_call_count')).toEqual([minuteOf(recent).getTime()]);
    expect(await minutes('sync_call_minute')).toEqual([minuteOf(recent).getTime()]);
  });
});
