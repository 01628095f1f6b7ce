import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ConsoleDatabase } from '../db/types';
import { createJob } from '../jobs/store';
import { erpClient, runJobToEnd, withConsoleDb } from '../testing/console-parts';
import { listAudit, listHistory, recordAudit } from './audit-log';
import { AUDIT_RETENTION, auditRetentionJob, startRetentionIfDue } from './retention';

// AUDIT_RETENTION_DAYS on the real job runtime and console database (PGlite): old entries and their change
// records go, recent ones stay.

let db: Kysely<ConsoleDatabase>;
withConsoleDb((opened) => (db = opened));

const write = (id: string) =>
  recordAudit(db, {
    userId: 'u',
    userEmail: 'steward@example.com',
    operation: 'PUT /v1/companies/{id}',
    targetIds: [id],
    status: 200,
    outcome: 'updated',
    result: 'applied',
    recordType: 'companies',
    changes: [{ field: 'name', from: 'a', to: 'b' }],
  });

describe('audit retention', () => {
  it('deletes entries older than the retention, with their change records, in a background job', async () => {
    await write('1');
    await write('2');
    await sql`update audit_log set at = now() - interval '40 days' where target_ids = array['1']`.execute(db);
    await sql`update audit_change set at = now() - interval '40 days' where record_id = '1'`.execute(db);
    await write('3');

    const upstream = erpClient({ timeoutMs: 1_000 });
    const jobId = await createJob(db, {
      kind: AUDIT_RETENTION,
      tenant: 't',
      params: { days: 30 },
      rerunExpired: true,
    });
    await runJobToEnd({ db, kinds: [auditRetentionJob], upstream }, jobId);

    expect(await listHistory(db, 'companies', '1')).toEqual([]);
    expect(await listHistory(db, 'companies', '2')).toHaveLength(1);
    expect((await listAudit(db)).entries.map((e) => e.targetIds[0])).toEqual(['3', '2']);
  });

  it('starts at most once a day, and never without a retention', async () => {
    const started: unknown[] = [];
    const start = async (p: unknown) => void started.push(p);
    expect(await startRetentionIfDue(null, { latest: async () => null, start })).toBe(false);
    expect(await startRetentionIfDue(30, { latest: async () => ({ createdAt: new Date() }), start })).toBe(false);
    expect(
      await startRetentionIfDue(30, {
        latest: async () => ({ createdAt: new Date(Date.now() - 25 * 3_600_000) }),
        start,
      }),
    ).toBe(true);
    expect(started).toEqual([{ days: 30 }]);
  });
});
