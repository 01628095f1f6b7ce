/**
 * Bundle list benchmark (issue 4): GET /v1/bundles at 5,000 bundles of 5 components each, a page of 100
 * with availableQty, through the real signed path (auth, nonce, routing) of the in-process service.
 * Prints p50 and p95 per engine. The data is built with bulk SQL, not 25,000 HTTP calls.
 *
 *   npm run bench:bundles                      # Postgres (throwaway durable cluster) and PGlite
 *   npx tsx bench/service-bundles.ts postgres  # one engine
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createService, type Service } from '../service/app';
import type { Db } from '../service/store/db';
import { call } from '../service/testing/client';
import { testSeed } from '../service/testing/fixtures';
import { startPostgres } from '../service/testing/postgres';

const BUNDLES = 5_000;
const COMPONENTS = 5;
const COMPONENT_SKUS = 2_000;
const PAGE_SIZE = 100;
const WARMUP = 20;
const SAMPLES = 200;

/** Bulk data in the acme tenant of the test seed (tenant id 1, assignable category 2). */
export async function fill(db: Db): Promise<void> {
  const [{ tenant }] = (await db.query<{ tenant: number }>("select id as tenant from tenants where key = 'acme'")) as [
    { tenant: number },
  ];
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into products (id, tenant_id, outer_sys_code, name, product_category_id, status, is_bundle, updated_at)
       values (100000, $1, 'BENCH-P', 'Bench components', 2, 'Active', false, now())`,
      [tenant],
    );
    await tx.query(
      `insert into skus (id, tenant_id, product_id, outer_sys_code, name, unit, price, sell_price, quantity_precision, status,
                         is_bundle, inventory_qty, reserved_qty, allow_negative_stock, updated_at)
       select 100000 + g, $1, 100000, 'BENCH-S' || g, 'Component ' || g, 'kg', 10, 9, 2, 'Active', false,
              (g * 37 % 5000) + 0.25, (g % 7) * 1.5, g % 50 = 0, now()
       from generate_series(1, $2::int) g`,
      [tenant, COMPONENT_SKUS],
    );
    await tx.query(
      `insert into products (id, tenant_id, outer_sys_code, name, product_category_id, status, is_bundle, updated_at)
       select 200000 + g, $1, 'BENCH-B' || g, 'Gift box ' || g, 2, 'Active', true, now()
       from generate_series(1, $2::int) g`,
      [tenant, BUNDLES],
    );
    await tx.query(
      `insert into skus (id, tenant_id, product_id, outer_sys_code, name, unit, price, sell_price, quantity_precision, status,
                         is_bundle, inventory_qty, reserved_qty, allow_negative_stock, updated_at)
       select 200000 + g, $1, 200000 + g, 'BENCH-B' || g, 'Gift box ' || g, 'box', 100, 90, 0, 'Active', true, 0, 0, false, now()
       from generate_series(1, $2::int) g`,
      [tenant, BUNDLES],
    );
    await tx.query(
      `insert into bundle_components (tenant_id, bundle_product_id, component_sku_id, quantity, sort, updated_at)
       select $1, 200000 + g, 100001 + ((g * 7 + k * 389) % $3::int), (k + 1) * 0.25, k, now()
       from generate_series(1, $2::int) g, generate_series(0, $4::int - 1) k`,
      [tenant, BUNDLES, COMPONENT_SKUS, COMPONENTS],
    );
    // The service's id sequences must start above the ids written here.
    for (const table of ['products', 'skus', 'bundle_components']) {
      await tx.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    }
  });
  await db.exec('analyze');
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

async function measure(service: Service, label: string, query: (i: number) => string): Promise<void> {
  const pages = Math.ceil(BUNDLES / PAGE_SIZE);
  const run = async (i: number) => {
    const started = performance.now();
    const res = await call(service, 'GET', query(i));
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    const data = res.body.data as { availableQty: number; components: unknown[] }[];
    if (data.length === 0 || data.some((b) => typeof b.availableQty !== 'number' || b.components.length === 0)) {
      throw new Error(`${label}: unexpected page ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await run(i % pages);
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await run((i * 17) % pages));
  times.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   (n=${SAMPLES})`,
  );
}

async function bench(engine: 'postgres' | 'pglite'): Promise<void> {
  const pg = engine === 'postgres' ? await startPostgres({ durable: true }) : null;
  try {
    const service = await createService(
      pg
        ? { databaseUrl: await pg.createDatabase('bench_bundles'), seed: testSeed() }
        : { memory: true, seed: testSeed() },
    );
    try {
      const t0 = performance.now();
      await fill(service.db);
      console.log(
        `${engine}: ${BUNDLES} bundles × ${COMPONENTS} components built in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      const pages = Math.ceil(BUNDLES / PAGE_SIZE);
      await measure(
        service,
        `GET /v1/bundles page of ${PAGE_SIZE} (any page)`,
        (i) => `/v1/bundles?page=${(i % pages) + 1}&pageSize=${PAGE_SIZE}`,
      );
      await measure(
        service,
        `… filtered by componentSkuId`,
        (i) => `/v1/bundles?componentSkuId=${100001 + ((i * 7) % 2000)}&pageSize=${PAGE_SIZE}`,
      );
      await measure(
        service,
        `… updatedSince (all match)`,
        () => `/v1/bundles?updatedSince=2000-01-01T00%3A00%3A00Z&pageSize=${PAGE_SIZE}`,
      );
    } finally {
      await service.close();
    }
  } finally {
    await pg?.stop();
  }
}

export async function main(only?: string): Promise<void> {
  for (const engine of ['postgres', 'pglite'] as const) {
    if (!only || only === engine) await bench(engine);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main(process.argv[2]);
