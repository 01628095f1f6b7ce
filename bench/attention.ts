/**
 * "Needs attention" benchmark (issue 43): the console database on one real PostgreSQL (initdb, durable
 * settings), its mirror filled in bulk by SQL with N SKUs, B bundles and C companies (with their quotas, products,
 * categories and salespeople), about 5 % of them breaking some rule. Prints: the full evaluation of every rule
 * (target ≤ 60 s), the evaluation after a pass that changed 1,000 SKUs (target ≤ 1 s), and the p95 of the home
 * (GET /api/attention) and of a rule's findings page (GET /api/attention/rules/[rule]) through their real route
 * handlers, signed in as the demo steward (target ≤ 150 ms each).
 *
 *   npm run bench:attention [-- --skus 1000000 --bundles 100000 --companies 10000 --reads 200]
 */
import { sql } from 'kysely';
import { RULE_IDS } from '@/lib/contract/attention';
import { evaluateAll, evaluateChanged } from '@/lib/server/attention';
import { upsertMirror } from '@/lib/server/mirror/copy/store';
import { startPostgres } from '@/service/testing/postgres';
import { migratedConsoleDb } from './harness/console-db';
import { percentile, seconds } from './harness/figures';
import { setInProcessConsoleEnv, stewardHeaders } from './harness/in-process-console';
import { benchOptions } from './harness/options';

const {
  skus: SKUS,
  bundles: BUNDLES,
  companies: COMPANIES,
  reads: READS,
} = benchOptions({ skus: 1_000_000, bundles: 100_000, companies: 10_000, reads: 200 });

const benchStarted = performance.now();
const server = await startPostgres({ durable: true });
const consoleUrl = await server.createDatabase('bench_attention', { socket: true });
const conn = await migratedConsoleDb({ url: consoleUrl });
try {
  const db = conn.db;
  let t = performance.now();
  await seedMirror(db);
  console.log(
    `seeded the mirror: ${SKUS} SKUs, ${BUNDLES} bundles, ${COMPANIES} companies: ${seconds(performance.now() - t)}`,
  );

  t = performance.now();
  const full: Awaited<ReturnType<typeof evaluateAll>> = [];
  const took: string[] = [];
  for (const rule of RULE_IDS) {
    const started = performance.now();
    full.push(...(await evaluateAll(db, [rule])));
    took.push(`  ${rule}: ${seconds(performance.now() - started)}`);
  }
  const opened = full.reduce((sum, o) => sum + o.opened, 0);
  const records = SKUS + BUNDLES + COMPANIES * 2;
  console.log(
    `full evaluation of every rule: ${seconds(performance.now() - t)} (target ≤ 60 s); ${opened} findings opened (${((100 * opened) / records).toFixed(1)} % of ${records} records)`,
  );
  for (const [i, o] of full.entries()) console.log(`${took[i]}, ${o.opened} opened`);

  // A pass that changed 1,000 SKUs spread over the id range: every tenth gets a barcode with a wrong check digit,
  // the others a new sell price; stored as a pass stores them, then evaluated as the pass does.
  const step = Math.max(1, Math.floor(SKUS / 1000));
  const { rows } = await sql<{ record: Record<string, unknown> & { id: number } }>`
    select record from mirror_sku where id in (select 50 + g * ${step} from generate_series(0, 999) g)`.execute(db);
  const changed = rows.map(({ record }, i) =>
    i % 10 === 0
      ? {
          ...record,
          barcode: `${String(record.barcode).slice(0, -1)}${(Number(String(record.barcode).at(-1)) + 1) % 10}`,
        }
      : { ...record, sellPrice: Number(record.sellPrice) + 1 },
  );
  t = performance.now();
  const { stored } = await upsertMirror(db, 'skus', changed);
  const storedMs = performance.now() - t;
  t = performance.now();
  const after = await evaluateChanged(db, 'skus', stored);
  console.log(
    `evaluation after a pass with ${stored.length} changed SKUs: ${seconds(performance.now() - t)} (target ≤ 1 s; storing them took ${seconds(storedMs)}); ${after.reduce((s, o) => s + o.opened, 0)} opened, ${after.reduce((s, o) => s + o.resolved, 0)} resolved`,
  );

  const call = await routeCaller(consoleUrl);
  for (const [label, path, params] of [
    ['home, GET /api/attention', '/api/attention', null],
    [
      "a rule's findings page, GET /api/attention/rules/sku-barcode-check-digit",
      '/api/attention/rules/sku-barcode-check-digit',
      { rule: 'sku-barcode-check-digit' },
    ],
  ] as const) {
    await call(path, params, 'page=1');
    const ms: number[] = [];
    for (let i = 0; i < READS; i++) {
      const started = performance.now();
      await call(path, params, `page=${1 + (i % 5)}&pageSize=50`);
      ms.push(performance.now() - started);
    }
    const sorted = ms.sort((a, b) => a - b);
    console.log(
      `${label}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms (target ≤ 150 ms)`,
    );
  }
  console.log(`whole bench: ${seconds(performance.now() - benchStarted)}`);
} finally {
  await (await import('@/lib/server/runtime')).closeRuntime();
  await conn.close();
  await server.stop();
}

/**
 * The mirror in bulk, as the contract's records: every hundredth record of a kind breaks one rule or another
 * (about 5 % in all), the rest are clean (valid EAN-13 barcodes, prices, active components, salespeople).
 */
async function seedMirror(db: typeof conn.db) {
  await sql`
    create or replace function bench_ean(body text) returns text language sql immutable as $$
      select body || ((10 - (3 * (substr(p, 1, 1)::int + substr(p, 3, 1)::int + substr(p, 5, 1)::int + substr(p, 7, 1)::int
        + substr(p, 9, 1)::int + substr(p, 11, 1)::int + substr(p, 13, 1)::int) + substr(p, 2, 1)::int
        + substr(p, 4, 1)::int + substr(p, 6, 1)::int + substr(p, 8, 1)::int + substr(p, 10, 1)::int
        + substr(p, 12, 1)::int) % 10) % 10)::text
      from lpad(body, 13, '0') as p
    $$`.execute(db);
  const insert = (table: string, records: ReturnType<typeof sql>) =>
    sql`insert into ${sql.id(table)} (id, record, hash) select (r->>'id')::bigint, r, md5(r::text) from (${records}) x(r)`.execute(
      db,
    );
  await insert(
    'mirror_product_category',
    sql`select jsonb_build_object('id', g, 'name', 'Category ' || g, 'parentId', null, 'isAssignable', true) from generate_series(1, 100) g`,
  );
  await insert(
    'mirror_internal_user',
    sql`select jsonb_build_object('id', g, 'account', 'u' || g, 'name', 'User ' || g, 'email', 'u' || g || '@example.com',
      'roleId', 1, 'status', case when g = 50 then 'Inactive' else 'Active' end, 'outerSysCode', null) from generate_series(1, 50) g`,
  );
  await insert(
    'mirror_sku',
    // Barcodes: valid EAN-13 but every hundredth (a wrong check digit) and pairs sharing one (g % 100 = 3 takes g - 1's).
    sql`select jsonb_build_object('id', g, 'productId', 1 + g % ${COMPANIES}, 'outerSysCode',
        case when g % 200 = 106 then 'Ｓ' || g else 'S' || g end,
      'name', case when g % 200 = 6 then '烏龍茶  ' || g else '烏龍茶 ' || g end,
      'barcode', case
        when g % 100 = 1 then left(bench_ean('47' || lpad(g::text, 10, '0')), 12) || ((right(bench_ean('47' || lpad(g::text, 10, '0')), 1)::int + 1) % 10)::text
        when g % 100 = 3 then bench_ean('47' || lpad((g - 1)::text, 10, '0'))
        else bench_ean('47' || lpad(g::text, 10, '0')) end,
      'warehouse', 'W1', 'unit', 'box', 'spec', null, 'price', 200, 'sellPrice',
        case when g % 100 = 4 then 0 when g % 100 = 5 then 250 else 150 end,
      'quantityPrecision', 0, 'status', case when g % 10 = 9 then 'Inactive' else 'Active' end, 'inventoryQty', g % 50)
    from generate_series(1, ${SKUS}) g`,
  );
  await insert(
    'mirror_bundle',
    sql`select jsonb_build_object('id', 2000000 + g, 'skuId', 5000000 + g, 'outerSysCode', 'B' || g, 'name', 'Bundle ' || g,
      'status', 'Active', 'productCategoryId', 1, 'unit', 'box', 'spec', null, 'barcode', null, 'warehouse', 'W1',
      'price', 500, 'sellPrice', 450, 'quantityPrecision', 0, 'availableQty', case when g % 100 = 2 then 0 else 5 end,
      'components', jsonb_build_array(
        jsonb_build_object('componentSkuId', case when g % 100 = 1 then 9 else 1 + (g * 70) % ${SKUS} end,
          'componentSkuOuterSysCode', null, 'componentSkuName', null, 'quantity', 1, 'sort', 10),
        jsonb_build_object('componentSkuId', 2 + (g * 130) % ${SKUS}, 'componentSkuOuterSysCode', null,
          'componentSkuName', null, 'quantity', 2, 'sort', 20)))
    from generate_series(1, ${BUNDLES}) g`,
  );
  await insert(
    'mirror_product',
    sql`select jsonb_build_object('id', g, 'outerSysCode', 'P' || g, 'name', 'Product ' || g,
      'productCategoryId', case when g % 100 = 1 then 999 else 1 + g % 100 end, 'status', 'Active')
    from generate_series(1, ${COMPANIES}) g`,
  );
  await insert(
    'mirror_company',
    sql`select jsonb_build_object('id', g, 'outerSysCode', 'C' || g, 'name', 'Company ' || g, 'shortName', null,
      'cellPhone', null, 'shippingAddress', null, 'internalUserId', case when g % 100 = 1 then 50 else 1 + g % 49 end,
      'status', 'Active')
    from generate_series(1, ${COMPANIES}) g`,
  );
  await insert(
    'mirror_quota',
    sql`select jsonb_build_object('id', g,
      'credit', jsonb_build_object('companyId', g, 'companyOuterSysCode', 'C' || g, 'creditAmount', 10000,
        'pendingAmount', case when g % 100 = 2 then 12000 when g % 100 = 3 then 9500 else 1000 end,
        'availableAmount', case when g % 100 = 2 then -2000 when g % 100 = 3 then 500 else 9000 end,
        'enabled', true, 'memo', null, 'updatedAt', null),
      'point', jsonb_build_object('companyId', g, 'companyOuterSysCode', 'C' || g,
        'balance', case when g % 100 = 4 then -5 else 100 end, 'enabled', true, 'memo', null, 'updatedAt', null))
    from generate_series(1, ${COMPANIES}) g`,
  );
  await sql`drop function bench_ean(text)`.execute(db);
  for (const table of [
    'mirror_sku',
    'mirror_bundle',
    'mirror_product',
    'mirror_company',
    'mirror_quota',
    'mirror_internal_user',
    'mirror_product_category',
  ])
    await sql`vacuum analyze ${sql.id(table)}`.execute(db);
}

/**
 * GET through the attention routes' real handlers on the bench's console database, signed in as the demo steward
 * (demo mode only creates the accounts). The environment is set before the console's modules read it.
 */
async function routeCaller(databaseUrl: string) {
  const origin = 'http://console.bench';
  setInProcessConsoleEnv(origin, 'attention-bench-secret-', databaseUrl);
  type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
  // The routes' own bodies in the routes' own wrapper (app/api/attention): importing the route modules would load
  // the console-api face, whose server actions bring Next's page modules along, which a plain Node process cannot.
  const { consoleRoute } = await import('@/lib/server/console-api/route');
  const { attentionApi } = await import('@/lib/contract/console/attention');
  const { attentionReads } = await import('@/lib/server/attention');
  const home: Handler = consoleRoute(attentionApi.summary, attentionReads.summary);
  const rule: Handler = consoleRoute(
    attentionApi.findings,
    async (context) => (await attentionReads.findings(context)) ?? context.fail('finding_not_found'),
  );
  const headers = await stewardHeaders(origin);
  return async (path: string, params: Record<string, string> | null, query: string) => {
    const response = await (params ? rule : home)(new Request(`${origin}${path}?${query}`, { headers }), {
      params: Promise.resolve(params ?? {}),
    });
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}
