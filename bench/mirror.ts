/**
 * Mirror benchmark (issues 32 and 65): the reference service on one real PostgreSQL (initdb, durable settings),
 * N SKUs of N/200 products (5,000 at 1M) and N/20 companies of 200 salespeople seeded in bulk by SQL, the service
 * called in-process with real signing. The console database is another database of that cluster (`--db
 * postgres`) or PGlite in a folder, the embedded default (`--db pglite`); `--db both` (the default) runs the bench
 * once on each, one process each.
 * Prints: direct paging of every SKU page vs the mirror's initial pull of the same list (their ratio; target
 * ≥ 0.9), an incremental pass after 1,000 SKUs changed (target ≤ 5 s), one after 100 products were renamed (their
 * SKUs' kept product names rewritten), list pages as GET /api/lists/[list] answers them (its real handler, signed in
 * as a demo steward: the session, the query's checks, freshness, the page, the counts per status, the JSON; target
 * p95 ≤ 150 ms), the SKU list sorted by product name and the company list by salesperson name among them, and the
 * mirror's bytes per SKU.
 *
 *   npm run bench:mirror [-- --skus 1000000 --reads 200 --db postgres|pglite|both]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { ListRead } from '@/lib/server/mirror/reads/lists';
import type { ListReadAnswer } from '@/lib/contract/console/list-read';
import type { ListName } from '@/lib/contract/lists';
import { initialPull, incrementalPass } from '@/lib/server/mirror/passes/passes';
import { readState, writeState } from '@/lib/server/mirror/copy/state';
import type { MirrorEntityName } from '@/lib/server/mirror/copy/entities';
import { createUpstreamClient } from '@/lib/server/upstream';
import { SkewTracker } from '@/lib/server/upstream/skew';
import { createService } from '@/service';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import { startPostgres } from '@/service/testing/postgres';
import { percentile, seconds } from './harness/figures';
import { setInProcessConsoleEnv, stewardHeaders } from './harness/in-process-console';
import { FIRST_ID, mirrorSeedSql } from './harness/mirror-seed';
import { benchOptions } from './harness/options';
import { runCommand } from './harness/processes';

const values = benchOptions({ skus: 200_000, reads: 200, db: 'both', products: 0, companies: 0, salespeople: 200 });
const SKUS = values.skus;
const READS = values.reads;
const sizes = {
  skus: SKUS,
  products: values.products || Math.max(1, Math.round(SKUS / 200)),
  companies: values.companies || Math.max(1_000, Math.round(SKUS / 20)),
  salespeople: values.salespeople,
};

type Engine = 'postgres' | 'pglite';
type Page = Omit<ListRead, 'list' | 'page' | 'pageSize'> & { list?: ListName };

// The page reads: mostly the first pages, as people read lists; now and then a deep one (page 201, or the last the
// list offers when it stopped counting: a search matching more than MIRROR_COUNT_LIMIT).
const PAGES: Record<string, Page> = {
  'no filter, by id (counts from the summary)': { filters: {} },
  'Active, by sell price desc': { filters: { status: 'Active' }, sort: 'sellPrice', dir: 'desc' },
  'by on hand asc': { filters: {}, sort: 'inventoryQty', dir: 'asc' },
  // The product's name is in another table: the mirror keeps it on the SKU's row, in an index (migration 0690).
  'SKUs by product name': { filters: {}, sort: 'productId', dir: 'asc' },
  'Active SKUs, by product name desc': { filters: { status: 'Active' }, sort: 'productId', dir: 'desc' },
  'companies by salesperson name': { list: 'companies', filters: {}, sort: 'internalUserId', dir: 'asc' },
  'Active companies, by salesperson name desc': {
    list: 'companies',
    filters: { status: 'Active' },
    sort: 'internalUserId',
    dir: 'desc',
  },
  'name contains "sku 12", by name (counts grouped)': { filters: { name: 'sku 12' }, sort: 'name', dir: 'asc' },
  'search "茶葉 mirror sku 12", by name': { filters: {}, q: '茶葉 mirror sku 12', sort: 'name', dir: 'asc' },
};

if (values.db === 'both') {
  for (const engine of ['postgres', 'pglite'] satisfies Engine[]) {
    const args = Object.entries({ ...sizes, reads: READS, db: engine }).flatMap(([k, v]) => [`--${k}`, String(v)]);
    await runCommand('npx', ['tsx', '--conditions', 'react-server', 'bench/mirror.ts', ...args], {});
  }
} else if (values.db === 'postgres' || values.db === 'pglite') {
  await bench(values.db);
} else {
  throw new Error(`--db ${values.db}: postgres, pglite or both`);
}

async function bench(engine: Engine) {
  const benchStarted = performance.now();
  console.log(
    `console database: ${engine === 'pglite' ? 'PGlite in a folder' : 'PostgreSQL'}; ${SKUS.toLocaleString('en')} SKUs of ` +
      `${sizes.products.toLocaleString('en')} products, ${sizes.companies.toLocaleString('en')} companies of ${sizes.salespeople} salespeople`,
  );
  const server = await startPostgres({ durable: true });
  const service = await createService({
    databaseUrl: await server.createDatabase('bench_service', { socket: true }),
    seed: testSeed(),
  });
  const folder = engine === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'mirror-bench-')) : null;
  try {
    let t = performance.now();
    await service.db.exec(mirrorSeedSql(sizes));
    // As autovacuum would after a bulk load: the visibility map lets a deep page find its ids in the index alone.
    for (const table of ['skus', 'products', 'companies', 'internal_users'])
      await service.db.exec(`vacuum analyze ${table}`);
    console.log(`seeded the service (insert, vacuum analyze): ${seconds(performance.now() - t)}`);

    const read = await routeReader(
      folder ? { dataDir: folder } : await server.createDatabase('bench_console', { socket: true }),
    );
    const { getConsoleDb } = await import('@/lib/server/process');
    const db = await getConsoleDb();
    const client = createUpstreamClient({
      baseUrl: 'http://embedded.invalid',
      clientId: CREDS.erp.clientId,
      clientSecret: CREDS.erp.secret,
      fetch: (r) => service.fetch(r),
      skew: new SkewTracker(),
      timeoutMs: 120_000,
    });
    const ctx = (entity: MirrorEntityName) => ({ db, client, entity, now: Date.now });
    const pull = async (entity: MirrorEntityName) => initialPull(ctx(entity), await readState(db, entity));
    const pass = async (entity: MirrorEntityName) => incrementalPass(ctx(entity), await readState(db, entity));

    // The named records first, as the passes walk them: a SKU copied in finds its product's name.
    t = performance.now();
    for (const entity of ['internalUsers', 'companies', 'products'] as const) await pull(entity);
    console.log(`initial pull of the salespeople, companies and products: ${seconds(performance.now() - t)}`);

    t = performance.now();
    let paged = 0;
    for await (const page of client.pages('skus', { pageSize: 100 })) paged += page.data.length;
    const direct = performance.now() - t;
    console.log(`direct paging of ${paged} SKUs: ${seconds(direct)}`);

    t = performance.now();
    await pull('skus');
    const pulled = performance.now() - t;
    console.log(
      `initial pull into the mirror: ${seconds(pulled)}; direct paging ÷ initial pull = ${(direct / pulled).toFixed(2)} (target ≥ 0.9)`,
    );

    // 1,000 SKUs changed by the ERP, spread over the id range.
    const step = Math.max(1, Math.floor(SKUS / 1000));
    await service.db.exec(`
      update skus set sell_price = sell_price + 1, updated_at = date_trunc('milliseconds', now())
      where id in (select ${FIRST_ID} + g * ${step} from generate_series(0, 999) g)`);
    t = performance.now();
    const skuPass = await pass('skus');
    console.log(
      `incremental pass with 1,000 changed SKUs: ${seconds(performance.now() - t)} (target ≤ 5 s); ${skuPass.changed} copies changed, ${skuPass.recorded} changes recorded`,
    );

    // 100 products renamed by the ERP: the pass rewrites the kept product name of each of their SKUs.
    const renamed = Math.min(100, sizes.products);
    await service.db.exec(`
      update products set name = 'renamed ' || name, updated_at = date_trunc('milliseconds', now())
      where id in (select ${FIRST_ID} + g * ${Math.floor(sizes.products / renamed)} from generate_series(0, ${renamed - 1}) g)`);
    t = performance.now();
    const productPass = await pass('products');
    const { rows: kept } = await sql<{ n: string }>`
      select count(*)::text as n from mirror_sku where named_name like 'renamed %'`.execute(db);
    console.log(
      `incremental pass with ${renamed} renamed products: ${seconds(performance.now() - t)}; ${productPass.changed} copies changed, ${Number(kept[0]!.n).toLocaleString('en')} SKUs' product names rewritten`,
    );

    // PGlite has no autovacuum: the statistics the lists plan with are taken here, as the passes do after a copy.
    for (const table of ['mirror_sku', 'mirror_product', 'mirror_company', 'mirror_internal_user'])
      await sql`analyze ${sql.id(table)}`.execute(db);
    for (const entity of ['skus', 'products', 'companies', 'internalUsers'] as const)
      await writeState(db, entity, { tenant: read.tenant });
    for (const [label, { list = 'skus', ...query }] of Object.entries(PAGES)) await readPages(read, label, list, query);

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
    await service.close();
    await server.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}

type Reader = Awaited<ReturnType<typeof routeReader>>;

/** READS reads of a list page, p50 and p95 printed against the lists' target. */
async function readPages(read: Reader, label: string, list: ListName, query: Omit<Page, 'list'>) {
  const first = await read.page(list, { ...query, page: 1, pageSize: 50 });
  if (first.source !== 'mirror') throw new Error(`${label}: the list did not read the mirror (${first.reason})`);
  const deep = Math.min(201, first.page.totalPages);
  const ms: number[] = [];
  for (let i = 0; i < READS; i++) {
    const page = i % 10 === 9 ? deep : 1 + (i % 5);
    const started = performance.now();
    const answer = await read.page(list, { ...query, page, pageSize: 50 });
    ms.push(performance.now() - started);
    if (answer.source !== 'mirror') throw new Error(`${label}: the list did not read the mirror (${answer.reason})`);
  }
  const sorted = ms.sort((a, b) => a - b);
  const total = `${first.more ? 'more than ' : ''}${first.page.totalCount.toLocaleString('en')} match`;
  console.log(
    `${label} [${total}, deep page ${deep}]: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms (target ≤ 150 ms)`,
  );
}

/**
 * GET /api/lists/[list] through its real handler on the bench's console database, signed in as the demo steward
 * (demo mode only creates the accounts; the embedded service it would start is never asked: the lists read the
 * mirror). The environment is set before the console's modules read it.
 */
async function routeReader(database: string | { dataDir: string }) {
  const origin = 'http://console.bench';
  setInProcessConsoleEnv(origin, 'mirror-bench-secret-', database);
  const { GET } = (await import('@/app/api/lists/[list]/route')) as unknown as {
    GET: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
  };
  const { currentTenant } = await import('@/lib/server/process');
  const headers = await stewardHeaders(origin);
  return {
    tenant: currentTenant(),
    async page(list: ListName, query: Omit<ListRead, 'list'>): Promise<ListReadAnswer> {
      const { filters, ...rest } = query;
      const search = new URLSearchParams(
        Object.entries({ ...filters, ...rest }).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
      );
      const response = await GET(new Request(`${origin}/api/lists/${list}?${search}`, { headers }), {
        params: Promise.resolve({ list }),
      });
      if (response.status !== 200)
        throw new Error(`GET /api/lists/${list}?${search}: ${response.status} ${await response.text()}`);
      return (await response.json()) as ListReadAnswer;
    },
  };
}
