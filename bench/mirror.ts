/**
 * Mirror benchmark (issue 32): the reference service and the console database on one real PostgreSQL
 * (initdb, durable settings), N SKUs seeded in bulk by SQL, the service called in-process with real signing.
 * Prints: direct paging of every SKU page vs the mirror's initial pull of the same list (their ratio; target
 * ≥ 0.9), an incremental pass after 1,000 SKUs changed (target ≤ 5 s), list pages as GET /api/lists/skus answers
 * them (its real handler, signed in as a demo steward: the session, the query's checks, freshness, the page, the
 * counts per status, the JSON; target p95 ≤ 150 ms), and the mirror's bytes per SKU.
 *
 *   npm run bench:mirror [-- --skus 1000000 --reads 200]
 */
import { sql } from 'kysely';
import type { ListRead } from '@/lib/server/mirror/reads/lists';
import type { ListReadAnswer } from '@/lib/contract/console/list-read';
import { initialPull, incrementalPass } from '@/lib/server/mirror/passes/passes';
import { readState, writeState } from '@/lib/server/mirror/copy/state';
import { createUpstreamClient } from '@/lib/server/upstream';
import { SkewTracker } from '@/lib/server/upstream/skew';
import { createService } from '@/service';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import { startPostgres } from '@/service/testing/postgres';
import { migratedConsoleDb } from './harness/console-db';
import { percentile, seconds } from './harness/figures';
import { setInProcessConsoleEnv, stewardHeaders } from './harness/in-process-console';
import { benchOptions } from './harness/options';

const { skus: SKUS, reads: READS } = benchOptions({ skus: 200_000, reads: 200 });
const FIRST_ID = 1_001;

const benchStarted = performance.now();
const server = await startPostgres({ durable: true });
const service = await createService({
  databaseUrl: await server.createDatabase('bench_service', { socket: true }),
  seed: testSeed(),
});
const consoleUrl = await server.createDatabase('bench_console', { socket: true });
const conn = await migratedConsoleDb({ url: consoleUrl });
try {
  const db = conn.db;
  let t = performance.now();
  await service.db.exec(`
    insert into skus (id, tenant_id, product_id, outer_sys_code, name, barcode, warehouse, spec, price, sell_price, status, inventory_qty)
    select g, (select id from tenants where key = 'acme'), 1, 'M' || g, '茶葉 Mirror SKU ' || g, '471' || lpad(g::text, 10, '0'), 'W' || (g % 7), (g % 500) || 'g',
      g % 500, (g::bigint * 7919) % 100000 / 100.0, case when g % 3 = 0 then 'Inactive' else 'Active' end, g % 50
    from generate_series(${FIRST_ID}, ${FIRST_ID + SKUS - 1}) g;
    select setval('skus_id_seq', ${FIRST_ID + SKUS + 1000});`);
  // As autovacuum would after a bulk load: the visibility map lets a deep page find its ids in the index alone.
  await service.db.exec('vacuum analyze skus');
  console.log(`seeded ${SKUS} SKUs in the service (insert, vacuum analyze): ${seconds(performance.now() - t)}`);

  const client = createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    clientId: CREDS.erp.clientId,
    clientSecret: CREDS.erp.secret,
    fetch: (r) => service.fetch(r),
    skew: new SkewTracker(),
    timeoutMs: 120_000,
  });
  const ctx = { db, client, entity: 'skus' as const, now: Date.now };

  t = performance.now();
  let paged = 0;
  for await (const page of client.pages('skus', { pageSize: 100 })) paged += page.data.length;
  const direct = performance.now() - t;
  console.log(`direct paging of ${paged} SKUs: ${seconds(direct)}`);

  t = performance.now();
  await initialPull(ctx, await readState(db, 'skus'));
  const pull = performance.now() - t;
  console.log(
    `initial pull into the mirror: ${seconds(pull)}; direct paging ÷ initial pull = ${(direct / pull).toFixed(2)} (target ≥ 0.9)`,
  );

  // 1,000 SKUs changed by the ERP, spread over the id range.
  const step = Math.max(1, Math.floor(SKUS / 1000));
  await service.db.exec(`
    update skus set sell_price = sell_price + 1, updated_at = date_trunc('milliseconds', now())
    where id in (select ${FIRST_ID} + g * ${step} from generate_series(0, 999) g)`);
  t = performance.now();
  const pass = await incrementalPass(ctx, await readState(db, 'skus'));
  console.log(
    `incremental pass with 1,000 changed SKUs: ${seconds(performance.now() - t)} (target ≤ 5 s); ${pass.changed} copies changed, ${pass.recorded} changes recorded`,
  );

  // The search also looks in the SKU's product: the products' copy must be complete too.
  await initialPull({ ...ctx, entity: 'products' }, await readState(db, 'products'));
  await sql`analyze mirror_sku`.execute(db);
  const read = await routeReader(consoleUrl);
  for (const entity of ['skus', 'products'] as const) await writeState(db, entity, { tenant: read.tenant });
  const pages: Record<string, Omit<ListRead, 'list' | 'page' | 'pageSize'>> = {
    'no filter, by id (counts from the summary)': { filters: {} },
    'Active, by sell price desc': { filters: { status: 'Active' }, sort: 'sellPrice', dir: 'desc' },
    'by on hand asc': { filters: {}, sort: 'inventoryQty', dir: 'asc' },
    // The product's name is in another table: no index holds this order, every match is joined and sorted.
    'Active, by product name': { filters: { status: 'Active' }, sort: 'productId', dir: 'asc' },
    'name contains "sku 12", by name (counts grouped)': { filters: { name: 'sku 12' }, sort: 'name', dir: 'asc' },
    'search "茶葉 mirror sku 12", by name': { filters: {}, q: '茶葉 mirror sku 12', sort: 'name', dir: 'asc' },
  };
  for (const [label, query] of Object.entries(pages)) {
    const first = await read.page({ ...query, page: 1, pageSize: 50 });
    if (first.source !== 'mirror') throw new Error(`${label}: the list did not read the mirror (${first.reason})`);
    // Mostly the first pages, as people read lists; now and then a deep one (page 201, or the last the list
    // offers when it stopped counting: a search matching more than MIRROR_COUNT_LIMIT).
    const deep = Math.min(201, first.page.totalPages);
    const ms: number[] = [];
    for (let i = 0; i < READS; i++) {
      const page = i % 10 === 9 ? deep : 1 + (i % 5);
      const started = performance.now();
      const answer = await read.page({ ...query, page, pageSize: 50 });
      ms.push(performance.now() - started);
      if (answer.source !== 'mirror') throw new Error(`${label}: the list did not read the mirror (${answer.reason})`);
    }
    const sorted = ms.sort((a, b) => a - b);
    const total = `${first.more ? 'more than ' : ''}${first.page.totalCount.toLocaleString('en')} match`;
    console.log(
      `${label} [${total}, deep page ${deep}]: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms (target ≤ 150 ms)`,
    );
  }

  const { rows } = await sql<{ bytes: string; n: string }>`
    select pg_total_relation_size('mirror_sku')::text as bytes, (select count(*) from mirror_sku)::text as n`.execute(
    db,
  );
  console.log(
    `mirror bytes per SKU (table, TOAST and indexes): ${Math.round(Number(rows[0]!.bytes) / Number(rows[0]!.n))}`,
  );
  console.log(`whole bench: ${seconds(performance.now() - benchStarted)}`);
} finally {
  await (await import('@/lib/server/runtime')).closeRuntime();
  await conn.close();
  await service.close();
  await server.stop();
}

/**
 * GET /api/lists/skus through its real handler on the bench's console database, signed in as the demo steward
 * (demo mode only creates the accounts; the embedded service it would start is never asked: the lists read the
 * mirror). The environment is set before the console's modules read it.
 */
async function routeReader(databaseUrl: string) {
  const origin = 'http://console.bench';
  setInProcessConsoleEnv(origin, 'mirror-bench-secret-', databaseUrl);
  const { GET } = (await import('@/app/api/lists/[list]/route')) as unknown as {
    GET: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
  };
  const { currentTenant } = await import('@/lib/server/process');
  const headers = await stewardHeaders(origin);
  return {
    tenant: currentTenant(),
    async page(query: Omit<ListRead, 'list'>): Promise<ListReadAnswer> {
      const { filters, ...rest } = query;
      const search = new URLSearchParams(
        Object.entries({ ...filters, ...rest }).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
      );
      const response = await GET(new Request(`${origin}/api/lists/skus?${search}`, { headers }), {
        params: Promise.resolve({ list: 'skus' }),
      });
      if (response.status !== 200)
        throw new Error(`GET /api/lists/skus?${search}: ${response.status} ${await response.text()}`);
      return (await response.json()) as ListReadAnswer;
    },
  };
}
