/**
 * History benchmark (issue 25 point 5): a record's History when the console database holds 1,000,000 change
 * records, on a real PostgreSQL (initdb, durable settings). The log is filled the way imports fill it (5,000
 * entries of 200 rows over 100,000 SKUs, plus one busy record written on every entry), then a record's first
 * page and "Show older" pages are read through the console's own query (listHistoryPage), and a 200-row chunk's
 * entry is written through the job runtime's insert (writeHistory) to show what recording costs an import.
 *
 *   npm run bench:history [-- --changes 1000000 --reads 500]
 * Target: History of one record ≤ 50 ms p95.
 */
import { sql } from 'kysely';
import { listHistoryPage } from '@/lib/server/audit/audit-log';
import { person, writeHistory, type RecordChange } from '@/lib/server/history';
import { startPostgres } from '@/service/testing/postgres';
import { migratedConsoleDb } from './harness/console-db';
import { percentile } from './harness/figures';
import { benchOptions } from './harness/options';

const { changes: CHANGES, reads: READS } = benchOptions({ changes: 1_000_000, reads: 500 });
const ROWS = 200;
const ENTRIES = Math.ceil(CHANGES / ROWS);
const RECORDS = 100_000;

const figures = (label: string, ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  console.log(
    `${label}: n=${s.length} p50=${percentile(s, 50).toFixed(2)} ms p95=${percentile(s, 95).toFixed(2)} ms max=${s[s.length - 1]!.toFixed(2)} ms`,
  );
  return percentile(s, 95);
};

const server = await startPostgres({ durable: true });
const conn = await migratedConsoleDb({ url: await server.createDatabase('bench_history', { socket: true }) });
try {
  const db = conn.db;

  let t = performance.now();
  await sql`
    insert into audit_log (at, user_id, user_email, operation, target_ids, status, outcome, result, record_type, family, import_id, attempt, chunk)
    select now() - make_interval(secs => ${ENTRIES} - g), 'u', 'steward@example.com', 'PUT /v1/prices/batch', '{}', 200, '200 updated',
      'applied', 'skus', 'import', 1, 1, g - 1
    from generate_series(1, ${ENTRIES}) g`.execute(db);
  // Row r of entry e names SKU (e * 200 + r) mod 100,000: every SKU ends with about ten writes; the busy
  // record (SKU 0) is row 0 of every entry.
  await sql`
    insert into audit_change (audit_id, at, record_type, record_id, source, result, action, row_no, changes, old_read)
    select a.id, a.at, 'skus', (case when r = 0 then 0 else ((a.chunk * ${ROWS} + r) % ${RECORDS}) + 1 end)::text, 'import', 'applied', 'updated', r,
      jsonb_build_array(jsonb_build_object('field', 'sellPrice', 'from', r, 'to', r + 1)), true
    from audit_log a cross join generate_series(0, ${ROWS} - 1) r
    where a.id <= ${ENTRIES}`.execute(db);
  await sql`analyze audit_log`.execute(db);
  await sql`analyze audit_change`.execute(db);
  const { rows: counted } = await sql<{ n: string }>`select count(*)::text as n from audit_change`.execute(db);
  console.log(
    `filled ${counted[0]!.n} change records in ${ENTRIES} entries in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  // Warm the connection pool and caches as a running console would have them.
  for (let i = 0; i < 20; i++) await listHistoryPage(db, 'skus', String(1 + i));

  const one: number[] = [];
  for (let i = 0; i < READS; i++) {
    const id = String(1 + Math.floor(Math.random() * RECORDS));
    t = performance.now();
    await listHistoryPage(db, 'skus', id);
    one.push(performance.now() - t);
  }
  const p95 = figures('History of one record (first page, ~10 entries)', one);

  const busy: number[] = [];
  const older: number[] = [];
  for (let i = 0; i < Math.max(20, READS / 10); i++) {
    t = performance.now();
    let page = await listHistoryPage(db, 'skus', '0');
    busy.push(performance.now() - t);
    for (let n = 0; n < 5 && page.older; n++) {
      t = performance.now();
      page = await listHistoryPage(db, 'skus', '0', { older: page.older });
      older.push(performance.now() - t);
    }
  }
  const busyP95 = figures(`History of the busy record (${ENTRIES} entries, first page of 50)`, busy);
  const olderP95 = figures('  "Show older" pages of it', older);

  const writes: number[] = [];
  for (let i = 0; i < 50; i++) {
    const changes: RecordChange[] = Array.from({ length: ROWS }, (_, r) => ({
      recordType: 'skus',
      recordId: String(1 + ((i * ROWS + r) % RECORDS)),
      source: 'import',
      result: 'applied',
      action: 'updated',
      rowNo: r,
      changes: [{ field: 'sellPrice', from: r, to: r + 1 }],
      oldRead: true,
    }));
    t = performance.now();
    await writeHistory(db, {
      actor: person('u', 'steward@example.com'),
      operation: 'PUT /v1/prices/batch',
      family: 'import',
      targetIds: changes.map((c) => c.recordId),
      status: 200,
      outcome: '200 updated',
      result: 'applied',
      recordType: 'skus',
      batch: { jobId: null, importId: '1', attempt: 1, chunk: i },
      records: changes,
    });
    writes.push(performance.now() - t);
  }
  figures('Recording one 200-row chunk (1 entry + 200 change records, one statement)', writes);
  const worst = Math.max(p95, busyP95, olderP95);
  console.log(`target: History p95 ≤ 50 ms → ${worst <= 50 ? 'met' : 'NOT met'} (worst p95 ${worst.toFixed(2)} ms)`);
} finally {
  await conn.close();
  await server.stop();
}
