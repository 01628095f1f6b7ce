import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db/types';
import { describe, expect, it } from 'vitest';
import type { Service } from '@/service';
import { IDS } from '@/service/testing/fixtures';
import { cancelJob } from '../jobs/store';
import type { FetchImpl } from '../upstream';
import { erpClientVia, runJobToEnd, withServiceAndConsoleDb } from '../testing/console-parts';
import { IMPORT_JOB_KINDS } from './import-job';
import * as store from './store';
import { csvRow } from '../testing/import-files';
import { storeCsvImport } from '../testing/csv-import';
import { startImportJob } from '../testing/start-import-job';
import type { FamilyName } from '@/lib/imports/families';

// The import job kind on the real runtime, against the reference service in-process (signed and verified
// as over HTTP), with the console database on PGlite.

let service: Service;
let db: Kysely<ConsoleDatabase>;
/** Replaced per test to slow down or break the transport. */
let transport: FetchImpl = (request) => service.fetch(request);
withServiceAndConsoleDb((opened) => ({ service, db } = opened));

// One quick retry keeps the test short; the rule (keyed only) is what is checked.
const upstream = erpClientVia(() => transport, 2);

async function runImport(
  family: FamilyName,
  items: (Record<string, unknown> | null)[],
  options: { chunk?: number; concurrency?: number; onRunning?: (jobId: string) => Promise<void> } = {},
) {
  const importId = await storeCsvImport(
    db,
    family,
    items.map((item, n) => csvRow(n, item, { errors: item ? [] : [{ code: 'name_too_long' }] })),
    { id: 'u', email: 'u@example.com' },
  );
  const chunks = await store.assignChunks(db, importId, options.chunk ?? store.CHUNK_SIZE);
  const jobId = await startImportJob(db, importId, family, { chunks: [...Array(chunks).keys()] });
  const kinds = Object.values(IMPORT_JOB_KINDS);
  await runJobToEnd({ db, kinds, upstream, concurrency: options.concurrency ?? 2 }, jobId, () =>
    options.onRunning?.(jobId),
  );
  await store.settle(db, importId);
  return store.listRows(db, importId, { limit: 10_000 });
}

describe('import job kind', () => {
  it('records each row: created with its id, refused with its codes, held back as not sent', async () => {
    const rows = await runImport('skus', [
      { productId: IDS.acme.product, outerSysCode: 'IJ-1', name: 'one' },
      { productId: 999_999, outerSysCode: 'IJ-2' },
      null,
      { productId: IDS.acme.product, outerSysCode: 'IJ-1', name: 'one again' },
    ]);
    expect(rows.map((r) => [r.line, r.status, r.errors.map((e) => e.code)])).toEqual([
      [2, 'created', []],
      [3, 'failed', ['invalid_product_id']],
      [4, 'not_sent', ['name_too_long']],
      [5, 'updated', []],
    ]);
    expect(rows[0]!.recordId).toBeGreaterThan(0);
    expect(rows[3]!.recordId).toBe(rows[0]!.recordId);
    // A refusal names its field.
    expect(rows[1]!.errors[0]).toEqual({ code: 'invalid_product_id', field: 'productId' });
  });

  it('a chunk uploaded whole is sent as its stored body: the same items, in order, one request', async () => {
    const sent: unknown[][] = [];
    transport = async (request) => {
      sent.push((await request.clone().json()) as unknown[]);
      return service.fetch(request);
    };
    try {
      // 230 rows: chunk 0 (rows 0–199, one held back) has a stored body; chunk 1 (rows 200–229) is not whole.
      const items = Array.from({ length: 230 }, (_, n) =>
        n === 7
          ? null
          : { productId: n === 9 ? 999_999 : IDS.acme.product, outerSysCode: `IJB-${n}`, name: `body ${n}` },
      );
      const rows = await runImport('skus', items);
      const { rows: bodies } = await sql<{ chunk: number; body_rows: number | null }>`
        select chunk, body_rows from import_chunk where import_id = (select max(id) from import) order by chunk`.execute(
        db,
      );
      expect(bodies).toEqual([
        { chunk: 0, body_rows: 199 },
        { chunk: 1, body_rows: null },
      ]);
      // Chunks run side by side: which request leaves first is not promised, what each holds is.
      expect(sent.map((b) => b.length).sort((a, b) => b - a)).toEqual([199, 30]);
      expect(sent.find((b) => b.length === 199)).toEqual(items.slice(0, 200).filter((i) => i !== null));
      expect(rows.map((r) => r.status)).toEqual(
        items.map((_, n) => (n === 7 ? 'not_sent' : n === 9 ? 'failed' : 'created')),
      );
      expect(rows[10]!.recordId).toBeGreaterThan(0);
    } finally {
      transport = (request) => service.fetch(request);
    }
  });

  it('quota rows end ok or failed with the item error (no record id)', async () => {
    const rows = await runImport('pointQuotas', [
      { companyId: IDS.acme.company, balance: 12 },
      { companyCode: 'NO-SUCH-COMPANY', balance: 1 },
    ]);
    expect(rows.map((r) => [r.status, r.recordId, r.errors.map((e) => e.code)])).toEqual([
      ['ok', null, []],
      ['failed', null, ['company_not_found']],
    ]);
  });

  it('after a 5xx once the write applied: a keyed chunk is re-sent, an unkeyed one ends unknown', async () => {
    // The first request of each kind is applied, then answered 503, as a proxy in front of a busy service might.
    const failedOnce = new Set<string>();
    transport = async (request) => {
      const body = await request.clone().text();
      const response = await service.fetch(request);
      const key = body.includes('KEYED') ? 'keyed' : 'unkeyed';
      if (request.url.endsWith('/v1/companies/batch') && !failedOnce.has(key)) {
        failedOnce.add(key);
        return new Response(JSON.stringify({ error: 'service_unavailable' }), { status: 503 });
      }
      return response;
    };
    try {
      const keyed = await runImport('companies', [{ outerSysCode: 'KEYED-1', name: 'keyed' }]);
      expect(keyed.map((r) => r.status)).toEqual(['updated']);
      const unkeyed = await runImport('companies', [{ name: 'unkeyed company' }]);
      expect(unkeyed.map((r) => [r.status, r.errors.map((e) => e.code)])).toEqual([['unknown', ['outcome_unknown']]]);
      const [{ n }] = (await service.db.query<{ n: number }>(
        `select count(*)::int as n from companies where name = 'unkeyed company'`,
      )) as [{ n: number }];
      expect(n).toBe(1);
    } finally {
      transport = (request) => service.fetch(request);
    }
  });

  it('cancel: rows not yet sent end as not sent; rows sent keep their outcome', async () => {
    let sent = 0;
    transport = async (request) => {
      sent++;
      await new Promise((r) => setTimeout(r, 100));
      return service.fetch(request);
    };
    try {
      const items = Array.from({ length: 50 }, (_, i) => ({
        productId: IDS.acme.product,
        outerSysCode: `IJ-C-${i}`,
        name: `c${i}`,
      }));
      const rows = await runImport('skus', items, {
        chunk: 5,
        concurrency: 1,
        onRunning: async (jobId) => {
          while (sent < 2) await new Promise((r) => setTimeout(r, 10));
          await cancelJob(db, jobId);
        },
      });
      const created = rows.filter((r) => r.status === 'created').length;
      const notSent = rows.filter((r) => r.status === 'not_sent').length;
      expect(created + notSent).toBe(50);
      expect(created).toBeGreaterThanOrEqual(5);
      expect(notSent).toBeGreaterThanOrEqual(30);
      expect(created).toBe(sent * 5);
    } finally {
      transport = (request) => service.fetch(request);
    }
  });
});
