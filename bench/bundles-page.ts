/**
 * Bundles page benchmark (issue 12): how long until `/bundles` with 100 rows (availableQty included) and a
 * bundle page with 20 components are usable, with the embedded service holding 5,000 bundles.
 *
 * Builds the service's data folder first (the demo seed plus 5,000 bundles of 3 to 5 demo SKUs and one of
 * 20, written with bulk SQL like bench/service-bundles.ts), then starts the BUILT console on it (demo mode,
 * embedded service), signs in as the steward in real Chromium and times, from navigation start:
 *   - list:   /bundles?pageSize=100 until 100 rows are shown, not busy, and hydrated;
 *   - bundle: /bundles/{id} of the 20-component bundle until the explainer shows every component's share
 *             (20 stock reads through the proxy) and is hydrated.
 * Prints min / p50 / p90 / max and whether p50 meets the 1 s target.
 *
 *   npm run bench:bundles-page            # builds .next-bundles-page when it has no build yet
 *   npm run bench:bundles-page -- --build # rebuild first
 *   BENCH_RUNS=20 npm run bench:bundles-page
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright';
import { buildConsoleOnce, launchChromium, runBench, signIn, startBuiltConsole } from './harness/console';
import { ROOT } from './harness/processes';
import { createService } from '../service/app';
import type { Db } from '../service/store/db';
import { rowsReadyAt, stats } from './page-timing';

const DIST = process.env.NEXT_DIST_DIR ?? '.next-bundles-page';
const PORT = Number(process.env.BENCH_PORT ?? 3391);
const BASE = `http://localhost:${PORT}`;
const DATA = path.join('.data', 'bundles-page');
const SERVICE_DIR = path.join(DATA, 'service');
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const TARGET_MS = 1000;
const BUNDLES = 5_000;
const BIG_RECIPE = 20;
const FIRST_ID = 300_000;
const BIG_ID = FIRST_ID + BUNDLES + 1;

/** 5,000 bundles of 3 to 5 of the demo's 500 SKUs, and one bundle of 20, in the demo tenant. */
async function fill(db: Db): Promise<void> {
  const [{ tenant }] = (await db.query<{ tenant: number }>(
    "select id as tenant from tenants where key = 'formosa'",
  )) as [{ tenant: number }];
  const [{ category }] = (await db.query<{ category: number }>(
    'select min(id) as category from product_categories where tenant_id = $1 and parent_id is not null',
    [tenant],
  )) as [{ category: number }];
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into products (id, tenant_id, outer_sys_code, name, product_category_id, status, is_bundle, updated_at)
       select $3::int + g, $1, 'BENCH-B' || g, 'Bench gift box ' || g, $2, 'Active', true, now()
       from generate_series(1, $4::int + 1) g`,
      [tenant, category, FIRST_ID, BUNDLES],
    );
    await tx.query(
      `insert into skus (id, tenant_id, product_id, outer_sys_code, name, unit, price, sell_price, quantity_precision, status,
                         is_bundle, inventory_qty, reserved_qty, allow_negative_stock, updated_at)
       select $2::int + g, $1, $2::int + g, 'BENCH-B' || g, 'Bench gift box ' || g, 'box', 100, 90, 0, 'Active', true, 0, 0, false, now()
       from generate_series(1, $3::int + 1) g`,
      [tenant, FIRST_ID, BUNDLES],
    );
    await tx.query(
      `insert into bundle_components (tenant_id, bundle_product_id, component_sku_id, quantity, sort, updated_at)
       select $1, $2::int + g, 1 + ((g * 7 + k * 97) % 500), (k + 1) * 0.5, k, now()
       from generate_series(1, $3::int) g, generate_series(0, 2 + g % 3) k`,
      [tenant, FIRST_ID, BUNDLES],
    );
    await tx.query(
      `insert into bundle_components (tenant_id, bundle_product_id, component_sku_id, quantity, sort, updated_at)
       select $1, $2::int, 1 + k * 23, 1 + k % 3, k, now() from generate_series(0, $3::int - 1) k`,
      [tenant, BIG_ID, BIG_RECIPE],
    );
    for (const table of ['products', 'skus', 'bundle_components']) {
      await tx.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    }
  });
  await db.exec('analyze');
}

/** ms since navigation start once the explainer shows `rows` components, each with its share, hydrated. */
async function explainerReadyAt(page: Page, rows: number): Promise<number> {
  const handle = await page.waitForFunction(
    (expected) => {
      const table = [...document.querySelectorAll('main table')].find(
        (t) => t.querySelector('caption')?.textContent === 'Recipe and what each component allows',
      );
      if (!table) return false;
      const hydrated = Object.keys(table).some((key) => key.startsWith('__reactFiber'));
      const cells = [...table.querySelectorAll('tbody tr')].map(
        (tr) => tr.querySelector('td:nth-of-type(3)')?.textContent ?? '',
      );
      return hydrated && cells.length === expected && cells.every((c) => /\d/.test(c)) ? performance.now() : false;
    },
    rows,
    { timeout: 30_000, polling: 'raf' },
  );
  return Math.round((await handle.jsonValue()) as number);
}

async function main() {
  buildConsoleOnce(DIST);
  rmSync(path.join(ROOT, DATA), { recursive: true, force: true });
  mkdirSync(path.join(ROOT, DATA), { recursive: true });
  const started = performance.now();
  const service = await createService({
    dataDir: path.join(ROOT, SERVICE_DIR),
    seed: path.join(ROOT, 'service/seed/demo.json'),
  });
  await fill(service.db);
  await service.close();
  console.log(`Seeded ${BUNDLES + 1} extra bundles in ${Math.round(performance.now() - started)} ms`);

  await startBuiltConsole({
    dist: DIST,
    port: PORT,
    dataEnv: {
      E2E_DATA_DIR: path.join(DATA, 'run'),
      CONSOLE_DATA_DIR: path.join(DATA, 'run', 'console'),
      SERVICE_DATA_DIR: SERVICE_DIR,
    },
  });

  const browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, BASE, 'steward@example.com');

  const total = await page.evaluate(async () => {
    const r = await fetch('/api/upstream/v1/bundles?page=1&pageSize=1', { headers: { 'X-Console-Request': '1' } });
    return ((await r.json()) as { totalCount: number }).totalCount;
  });
  if (total < BUNDLES) throw new Error(`the service holds ${total} bundles, expected at least ${BUNDLES}`);

  const list = `${BASE}/bundles?pageSize=100`;
  const bundle = `${BASE}/bundles/${BIG_ID}`;
  await page.goto(list, { waitUntil: 'commit' });
  const coldList = await rowsReadyAt(page, 100);
  await page.goto(bundle, { waitUntil: 'commit' });
  const coldBundle = await explainerReadyAt(page, BIG_RECIPE);

  const samples = { list: [] as number[], bundle: [] as number[] };
  // Where the time goes: the server's first byte, the last byte of the HTML, DOMContentLoaded.
  const phases = { list: [] as number[][], bundle: [] as number[][] };
  const navigation = () =>
    page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return [n.responseStart, n.responseEnd, n.domContentLoadedEventEnd].map(Math.round);
    });
  for (let run = 0; run < RUNS; run++) {
    await page.goto(list, { waitUntil: 'commit' });
    samples.list.push(await rowsReadyAt(page, 100));
    phases.list.push(await navigation());
    await page.goto(bundle, { waitUntil: 'commit' });
    samples.bundle.push(await explainerReadyAt(page, BIG_RECIPE));
    phases.bundle.push(await navigation());
  }
  await browser.close();

  console.log(
    `\nBundles pages, ${total} bundles in the embedded service, ${RUNS} runs each (ms from navigation start until usable)\n`,
  );
  console.log('page                         cold   min   p50   p90   max   target 1000 ms at p50');
  for (const [name, cold, values] of [
    ['/bundles (100 rows)', coldList, samples.list],
    [`/bundles/${BIG_ID} (20 components)`, coldBundle, samples.bundle],
  ] as const) {
    const s = stats(values);
    console.log(
      `${name.padEnd(28)} ${String(cold).padStart(5)} ${String(s.min).padStart(5)} ${String(s.p50).padStart(5)} ${String(s.p90).padStart(5)} ${String(s.max).padStart(5)}   ${s.p50 <= TARGET_MS ? 'met' : 'MISSED'}`,
    );
  }
  for (const name of ['list', 'bundle'] as const) {
    const median = (i: number) => stats(phases[name].map((p) => p[i]!)).p50;
    console.log(`${name}: p50 first byte ${median(0)} ms, last byte ${median(1)} ms, DOMContentLoaded ${median(2)} ms`);
  }
}

runBench(main);
