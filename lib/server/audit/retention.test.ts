import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDS } from '@/service/testing/fixtures';
import { connectConsoleDb, type ConsoleDbConnection } from '../db/connect';
import { migrateConsoleDb } from '../auth';
import { JobRunner } from '../jobs/runner';
import { createJob, getJob } from '../jobs/store';
import { createUpstreamClient } from '../upstream';
import { listAudit, listHistory, recordAudit } from './audit-log';
import { AUDIT_RETENTION, auditRetentionJob, startRetentionIfDue } from './retention';

// AUDIT_RETENTION_DAYS on the real job runtime and console database (PGlite): old entries and their change
// records go, recent ones stay.

let conn: ConsoleDbConnection;

beforeAll(async () => {
  conn = connectConsoleDb({ dataDir: 'memory://' });
  await migrateConsoleDb(conn.db, { secret: 'x'.repeat(40), baseURL: 'http://console.test' });
}, 120_000);

afterAll(async () => {
  await conn?.close();
});

const write = (id: string) =>
  recordAudit(conn.db, {
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
    await sql`update audit_log set at = now() - interval '40 days' where target_ids = array['1']`.execute(conn.db);
    await sql`update audit_change set at = now() - interval '40 days' where record_id = '1'`.execute(conn.db);
    await write('3');

    const upstream = createUpstreamClient({
      baseUrl: 'http://service.invalid',
      clientId: CREDS.erp.clientId,
      clientSecret: CREDS.erp.secret,
      timeoutMs: 1_000,
    });
    const jobId = await createJob(conn.db, {
      kind: AUDIT_RETENTION,
      tenant: 't',
      params: { days: 30 },
      rerunExpired: true,
    });
    const runner = new JobRunner({
      db: conn.db,
      kinds: [auditRetentionJob],
      upstream,
      concurrency: 1,
      pollMs: 10,
      flushMs: 5,
    });
    runner.start();
    for (;;) {
      const job = await getJob(conn.db, jobId);
      if (job && !['planning', 'running'].includes(job.state)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await runner.stop();

    expect(await listHistory(conn.db, 'companies', '1')).toEqual([]);
    expect(await listHistory(conn.db, 'companies', '2')).toHaveLength(1);
    expect((await listAudit(conn.db)).entries.map((e) => e.targetIds[0])).toEqual(['3', '2']);
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
