import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListReadAnswer } from '@/lib/contract/console/list-read';
import type { Sku } from '@/lib/contract/resources';
import { STATUS } from '@/lib/contract/values';
import { sessionCookie, signInRequest } from '@/lib/server/auth/testing/sign-in';
import { setInMemoryDemoEnv } from '@/lib/server/testing/demo-env';

// The lists' read (GET /api/lists/[list]) through its real route handler, signed in as a demo steward, on the
// console database in in-memory PGlite, its mirror filled by real passes from the reference service (the demo
// seed, in-process, real signing). What the route answers is compared with what the service itself answers.
const ORIGIN = 'http://console.test';
setInMemoryDemoEnv(ORIGIN, 'lists-route-test-secret-', {
  // Stale after three intervals, counted from when the last complete round began: at 3 s a loaded machine (load 10)
  // took longer than 9 s for the first round's copies and their full Needs-attention check, and the copy read as stale
  // the moment it was complete. 10 s gives that round 30 s. The passes are the test's own rounds, so nothing waits it.
  MIRROR_INTERVAL_S: '10',
  // The passes are driven by the test's own runner below.
  JOBS_RUNNER: 'off',
});

type Mirror = Extract<ListReadAnswer<Sku>, { source: 'mirror' }>;
type Route = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let GET: Route;
let cookie = '';
let away = false;
let runner: import('@/lib/server/testing/mirror-passes').MirrorPasses;
const skus: Sku[] = [];
const products: { id: number; outerSysCode: string | null; name: string | null }[] = [];
let serviceCount: (status: string, filters?: Record<string, string>) => Promise<number>;

async function read(
  list: string,
  query: Record<string, string | number> = {},
): Promise<{ status: number; body: ListReadAnswer<Sku> & { error?: string } }> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const request = new Request(`${ORIGIN}/api/lists/${list}?${search}`, {
    headers: { 'x-console-request': '1', 'sec-fetch-site': 'same-origin', cookie },
  });
  const response = await GET(request, { params: Promise.resolve({ list }) });
  return { status: response.status, body: (await response.json()) as ListReadAnswer<Sku> & { error?: string } };
}

async function mirrored(query: Record<string, string | number> = {}): Promise<Mirror> {
  const { status, body } = await read('skus', query);
  expect(status).toBe(200);
  expect(body.source).toBe('mirror');
  return body as Mirror;
}

/** The SKUs in the order the list promises: the column, nulls as the largest value, then the id. */
function ordered(column: 'sellPrice' | 'barcode', dir: 'asc' | 'desc'): number[] {
  const sign = dir === 'asc' ? 1 : -1;
  const cmp = (a: Sku, b: Sku) => {
    const x = a[column];
    const y = b[column];
    if (x === y) return a.id - b.id;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  };
  return [...skus].sort((a, b) => sign * cmp(a, b)).map((s) => s.id);
}

beforeAll(async () => {
  const { getAuth } = await import('@/lib/server/auth');
  const { DEMO_ACCOUNTS, DEMO_PASSWORD } = await import('@/lib/server/auth/bootstrap');
  const { runtime } = await import('@/lib/server/runtime');
  const { getConsoleDb } = await import('@/lib/server/process');
  const { getEnv } = await import('@/lib/server/env');
  const { consoleUpstreamClient } = await import('@/lib/server/testing/console-client');
  const { getUpstream, currentTenant } = await import('@/lib/server/process');
  const { MirrorPasses } = await import('@/lib/server/testing/mirror-passes');
  ({ GET } = (await import('./route')) as unknown as { GET: Route });

  const auth = await getAuth();
  const steward = DEMO_ACCOUNTS.find((a) => a.role === 'steward')!;
  const response = await auth.handler(signInRequest(ORIGIN, '198.51.100.7', steward.email, DEMO_PASSWORD));
  cookie = sessionCookie(response, steward.email);

  const env = getEnv();
  // The mirror's own client: the service "stops" (every request fails to connect) while `away` is set.
  const client = consoleUpstreamClient({
    retry: { attempts: 1 },
    fetch: (request) =>
      away ? Promise.reject(new TypeError('fetch failed: connection refused')) : runtime().upstreamTransport(request),
  });
  runner = new MirrorPasses({
    db: await getConsoleDb(),
    client,
    tenant: currentTenant(),
    intervalMs: env.mirror.intervalMs,
    sweepMs: 3_600_000,
  });

  const upstream = getUpstream();
  for await (const s of upstream.listAll('skus', { pageSize: 100 })) skus.push(s);
  for await (const p of upstream.listAll('products', { pageSize: 100 })) products.push(p);
  serviceCount = async (status, filters = {}) =>
    (await upstream.list('skus', { filters: { ...filters, status }, pageSize: 1 })).totalCount;
}, 60_000);

afterAll(async () => {
  await runner?.stop();
});

describe('GET /api/lists/[list]', () => {
  it('pages live until the first copy is complete, then from the mirror', async () => {
    expect((await read('skus')).body).toEqual({ source: 'live', reason: 'pending' });
    const round = await runner.round();
    expect(Object.values(round ?? {}).every((r) => r && 'complete' in r && r.complete)).toBe(true);
    const answer = await mirrored();
    expect(answer.page.totalCount).toBe(skus.length);
    expect(answer.freshness).toMatchObject({ stale: false, away: false, intervalS: 10 });
    // updatedSince needs the service (the records carry no modification time).
    expect((await read('skus', { updatedSince: '2026-01-01T00:00:00Z' })).body).toEqual({
      source: 'live',
      reason: 'filter',
    });
  }, 60_000);

  it('sorts by any sortable column both ways, ties by id, nulls as the largest value', async () => {
    expect(skus.length).toBeGreaterThan(100);
    // Equal sell prices exist in the seed: the id decides between them.
    expect(new Set(skus.map((s) => s.sellPrice)).size).toBeLessThan(skus.length);
    for (const dir of ['asc', 'desc'] as const) {
      const answer = await mirrored({ sort: 'sellPrice', dir, pageSize: 500 });
      expect(answer.page.data.map((s) => s.id)).toEqual(ordered('sellPrice', dir).slice(0, 500));
    }
    const first = (await mirrored({ sort: 'sellPrice', dir: 'desc' })).page.data[0]!;
    expect(first.sellPrice).toBe(Math.max(...skus.map((s) => s.sellPrice)));
    // Barcodes are digits only (or empty): the order is the same under any collation.
    for (const dir of ['asc', 'desc'] as const) {
      const all: number[] = [];
      for (let page = 1; all.length < skus.length; page++)
        all.push(...(await mirrored({ sort: 'barcode', dir, page, pageSize: 100 })).page.data.map((s) => s.id));
      expect(all).toEqual(ordered('barcode', dir));
    }
  });

  it('puts a record without the sorted value last ascending and first descending', async () => {
    // The seed's SKUs all have barcodes (empty ones are ''): one without is written into the copy for this test.
    const { getConsoleDb } = await import('@/lib/server/process');
    const { upsertMirror } = await import('@/lib/server/mirror/copy/store');
    const { sql } = await import('kysely');
    const db = await getConsoleDb();
    const id = 9_999_999;
    await upsertMirror(db, 'skus', [{ ...skus[0]!, id, barcode: null }]);
    try {
      expect((await mirrored({ sort: 'barcode', dir: 'desc' })).page.data[0]!.id).toBe(id);
      expect(
        (await mirrored({ sort: 'barcode', dir: 'asc', page: Math.ceil((skus.length + 1) / 25) })).page.data.at(-1)!.id,
      ).toBe(id);
    } finally {
      await sql`delete from mirror_sku where id = ${id}`.execute(db);
    }
  });

  it("sorts SKUs by their product's name, companies by their salesperson's name and products by their category's path, as the lists show them", async () => {
    // Names compared as the console database's collation compares them (PGlite's is C: code point order).
    // By the name, then the named record's id (its rows together), then the row's own id.
    const byName = <T extends { id: number }>(
      rows: T[],
      named: (row: T) => number,
      names: Map<number, string | null>,
      dir: 'asc' | 'desc',
    ) => {
      const sign = dir === 'asc' ? 1 : -1;
      return [...rows]
        .sort((a, b) => {
          const x = names.get(named(a)) ?? null;
          const y = names.get(named(b)) ?? null;
          if (x === y) return sign * (named(a) - named(b) || a.id - b.id);
          if (x === null) return sign;
          if (y === null) return -sign;
          return sign * (x < y ? -1 : 1);
        })
        .map((row) => row.id);
    };
    const productName = new Map(products.map((p) => [p.id, p.name ?? p.outerSysCode]));
    // Several SKUs share a product: the id orders them.
    expect(new Set(skus.map((s) => s.productId)).size).toBeLessThan(skus.length);
    for (const dir of ['asc', 'desc'] as const) {
      const answer = await mirrored({ sort: 'productId', dir, pageSize: 500 });
      expect(answer.page.data.map((s) => s.id)).toEqual(
        byName(skus, (s) => s.productId, productName, dir).slice(0, 500),
      );
    }

    const { getUpstream } = await import('@/lib/server/process');
    const users = new Map<number, string | null>();
    for await (const u of getUpstream().listAll('internalUsers', { pageSize: 100 })) users.set(u.id, u.name);
    const companies: { id: number; internalUserId: number }[] = [];
    for await (const c of getUpstream().listAll('companies', { pageSize: 100 })) companies.push(c);
    expect(new Set(companies.map((c) => c.internalUserId)).size).toBeGreaterThan(1);
    for (const dir of ['asc', 'desc'] as const) {
      const { status, body } = await read('companies', { sort: 'internalUserId', dir, pageSize: 500 });
      expect(status).toBe(200);
      const page = body as unknown as Extract<ListReadAnswer<{ id: number }>, { source: 'mirror' }>;
      expect(page.page.data.map((c) => c.id)).toEqual(
        byName(companies, (c) => c.internalUserId, users, dir).slice(0, 500),
      );
    }

    // Products by their category's path from its root ("Tea › Oolong"), level by level.
    const categories = new Map<number, { name: string | null; parentId: number | null }>();
    for await (const c of getUpstream().listAll('productCategories', { pageSize: 100 })) categories.set(c.id, c);
    expect([...categories.values()].some((c) => c.parentId !== null)).toBe(true);
    const path = (id: number | null) => {
      const names: string[] = [];
      for (let at = id; at !== null && categories.has(at); at = categories.get(at)!.parentId)
        names.unshift(categories.get(at)!.name ?? `#${at}`);
      return names;
    };
    const before = (a: string[], b: string[]) => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
      return a.length - b.length;
    };
    const withCategory = (products as unknown as { id: number; productCategoryId: number | null }[]).map((p) => ({
      ...p,
      path: path(p.productCategoryId),
    }));
    for (const dir of ['asc', 'desc'] as const) {
      const sign = dir === 'asc' ? 1 : -1;
      const expected = [...withCategory]
        .sort((a, b) => {
          if (!a.path.length || !b.path.length)
            return a.path.length === b.path.length ? sign * (a.id - b.id) : a.path.length ? -sign : sign;
          return sign * (before(a.path, b.path) || a.productCategoryId! - b.productCategoryId! || a.id - b.id);
        })
        .map((p) => p.id);
      const { status, body } = await read('products', { sort: 'productCategoryId', dir, pageSize: 500 });
      expect(status).toBe(200);
      expect(
        (body as unknown as Extract<ListReadAnswer<{ id: number }>, { source: 'mirror' }>).page.data.map((p) => p.id),
      ).toEqual(expected.slice(0, 500));
    }
  });

  it('counts per status as the service does, with and without other filters, never narrowed by the status filter', async () => {
    for (const filters of [{}, { name: '茶' }, { warehouse: 'x', outerSysCode: 'S00' }]) {
      const { warehouse: _, ...sent } = filters as Record<string, string>;
      const answer = await mirrored({ ...sent, status: 'Inactive' });
      for (const status of STATUS.sku)
        expect(answer.counts?.[status] ?? 0, `${status} ${JSON.stringify(sent)}`).toBe(
          await serviceCount(status, sent),
        );
      expect(answer.page.totalCount).toBe(await serviceCount('Inactive', sent));
    }
  });

  it('searches code, name, barcode, warehouse, spec and the product, Chinese substrings too', async () => {
    const lower = (v: string | null | undefined) => (v ?? '').toLowerCase();
    const productText = new Map(products.map((p) => [p.id, `${lower(p.outerSysCode)} ${lower(p.name)}`]));
    const expected = (q: string) =>
      skus
        .filter(
          (s) =>
            [s.outerSysCode, s.name, s.barcode, s.warehouse, s.spec].some((v) => lower(v).includes(q)) ||
            productText.get(s.productId)!.includes(q),
        )
        .map((s) => s.id);
    const sample = skus.find((s) => /[\u4e00-\u9fff]{4}/.test(s.name ?? ''))!;
    const chinese = /[\u4e00-\u9fff]{4}/.exec(sample.name!)![0].slice(1, 3);
    const barcode = skus.find((s) => s.barcode)!.barcode!;
    const warehouse = sample.warehouse!;
    const product = products.find((p) => p.id === sample.productId)!;
    for (const q of [chinese, barcode, warehouse, product.outerSysCode!]) {
      const answer = await mirrored({ q, pageSize: 500 });
      expect(
        answer.page.data.map((s) => s.id).sort((a, b) => a - b),
        q,
      ).toEqual(expected(lower(q)));
      expect(answer.page.totalCount).toBeGreaterThan(0);
    }
    expect((await mirrored({ q: barcode })).page.data.map((s) => s.barcode)).toContain(barcode);
  });

  it('finds the records holding every word of a search, each word in any of their texts or their product', async () => {
    const lower = (v: string | null | undefined) => (v ?? '').toLowerCase();
    const productText = new Map(products.map((p) => [p.id, `${lower(p.outerSysCode)} ${lower(p.name)}`]));
    const holds = (s: Sku, word: string) =>
      [s.outerSysCode, s.name, s.barcode, s.warehouse, s.spec].some((v) => lower(v).includes(word)) ||
      productText.get(s.productId)!.includes(word);
    const sample = skus.find((s) => /[\u4e00-\u9fff]{2}/.test(s.name ?? '') && s.warehouse)!;
    const chinese = /[\u4e00-\u9fff]{2}/.exec(sample.name!)![0];
    const product = products.find((p) => p.id === sample.productId)!;
    // Pairs of words each of which narrows the other (the seed's SKUs of a product share their name's words).
    const count = (words: string[]) => skus.filter((s) => words.every((w) => holds(s, lower(w)))).length;
    const narrowing = (a: string, b: string) => count([a, b]) > 0 && count([a, b]) < Math.min(count([a]), count([b]));
    const pairs = [chinese, chinese.slice(0, 1)].map((word) => [
      word,
      [sample.warehouse!, sample.spec!, product.outerSysCode!].find((other) => narrowing(word, other))!,
    ]);
    for (const words of pairs) {
      expect(words[1], words[0]).toBeDefined();
      const expected = skus.filter((s) => words.every((w) => holds(s, lower(w)))).map((s) => s.id);
      const answer = await mirrored({ q: `  ${words.join('   ')} `, pageSize: 500 });
      expect(
        answer.page.data.map((s) => s.id).sort((a, b) => a - b),
        words.join(' '),
      ).toEqual(expected);
      expect(answer).toMatchObject({ more: false, page: { totalCount: expected.length } });
      // Each word narrows: fewer hold both than either.
      for (const word of words)
        expect(expected.length, word).toBeLessThan(skus.filter((s) => holds(s, lower(word))).length);
    }
  });

  it('finds the same records when a word is held by most records or has no trigram (checked record by record, not by an index)', async () => {
    const { getConsoleDb } = await import('@/lib/server/process');
    const { commonWords } = await import('@/lib/server/mirror/reads/search-stats');
    const { sql } = await import('kysely');
    const db = await getConsoleDb();
    const lower = (v: string | null | undefined) => (v ?? '').toLowerCase();
    const productText = new Map(products.map((p) => [p.id, `${lower(p.outerSysCode)} ${lower(p.name)}`]));
    const texts = new Map(
      skus.map((s) => [s.id, [s.outerSysCode, s.name, s.barcode, s.warehouse, s.spec].map(lower).join(' ')]),
    );
    const holds = (s: Sku, word: string) =>
      texts.get(s.id)!.includes(word) || productText.get(s.productId)!.includes(word);
    const share = (word: string) => [...texts.values()].filter((t) => t.includes(word)).length / texts.size;
    const pieces = (length: number) =>
      new Set(
        [...texts.values()]
          .flatMap((t) => Array.from({ length: Math.max(0, t.length - length + 1) }, (_, i) => t.slice(i, i + length)))
          .filter((w) => /^[a-z0-9]+$/.test(w)),
      );
    // A word most SKUs hold, and a two-character one (no trigram) that some hold, with and without the first.
    const commons = [...pieces(3)].filter((w) => share(w) >= 0.6);
    const shorts = [...pieces(2)].filter((w) => share(w) > 0.02 && share(w) < 0.12);
    const both = (a: string, b: string, withA: boolean) => skus.some((s) => holds(s, b) && holds(s, a) === withA);
    const [common, short] =
      commons.flatMap((c) => shorts.filter((w) => both(c, w, true) && both(c, w, false)).map((w) => [c, w]))[0] ?? [];
    expect(common).toBeDefined();
    expect(short).toBeDefined();
    if (!common || !short) return;
    await sql`analyze mirror_sku`.execute(db);
    expect(await commonWords(db, 'mirror_sku', [common, short])).toEqual(new Set([common]));
    const expected = skus.filter((s) => holds(s, common) && holds(s, short)).map((s) => s.id);
    const answer = await mirrored({ q: `${common} ${short}`, pageSize: 500 });
    expect(
      answer.page.data.map((s) => s.id).sort((a, b) => a - b),
      `${common} ${short}`,
    ).toEqual(expected);
    expect(answer.page.totalCount).toBe(expected.length);
  });

  it('counts a search no further than the count limit: the total says "more than", the counts per status are left out', async () => {
    const { getConsoleDb } = await import('@/lib/server/process');
    const { readMirrorList } = await import('@/lib/server/mirror/reads/list-query');
    const db = await getConsoleDb();
    const warehouse = skus.find((s) => s.warehouse)!.warehouse!;
    const holders = skus.filter((s) => (s.warehouse ?? '').toLowerCase().includes(warehouse.toLowerCase()));
    const active = holders.filter((s) => s.status === 'Active').length;
    expect(active).toBeGreaterThan(2);
    const read = (countLimit: number, filters: Record<string, string> = {}) =>
      readMirrorList(db, { list: 'skus', filters, q: warehouse, page: 1, pageSize: 25 }, { countLimit });
    expect(await read(2)).toMatchObject({ more: true, counts: null, page: { totalCount: 2, totalPages: 1 } });
    expect((await read(2)).page.data).toHaveLength(Math.min(25, holders.length));
    // Within the limit: exact, per status too; with the status filter, the total is that status's.
    const exact = await read(holders.length);
    expect(exact).toMatchObject({ more: false, page: { totalCount: holders.length } });
    expect(exact.counts?.Active).toBe(active);
    expect(await read(active, { status: 'Active' })).toMatchObject({
      more: false,
      counts: null,
      page: { totalCount: active },
    });
    expect(await read(active - 1, { status: 'Active' })).toMatchObject({
      more: true,
      counts: null,
      page: { totalCount: active - 1 },
    });
  });

  it('pages 25, 50, 100 or 500 rows, and refuses more', async () => {
    for (const pageSize of [25, 50, 100, 500]) {
      const answer = await mirrored({ pageSize, page: 2 });
      expect(answer.page.data).toHaveLength(Math.min(pageSize, Math.max(0, skus.length - pageSize)));
      expect(answer.page.totalPages).toBe(Math.ceil(skus.length / pageSize));
    }
    expect((await read('skus', { pageSize: 501 })).status).toBe(400);
    expect((await read('skus', { productId: 'abc' })).status).toBe(400);
  });

  it('leaves out a record the mirror flagged as gone, and counts without it', async () => {
    const { getConsoleDb } = await import('@/lib/server/process');
    const { flagVanished, upsertMirror } = await import('@/lib/server/mirror/copy/store');
    const db = await getConsoleDb();
    const gone = skus.find((s) => s.status === 'Active')!;
    const before = await mirrored();
    await flagVanished(db, 'skus', [gone.id]);
    const after = await mirrored({ q: gone.outerSysCode! });
    expect(after.page.data.map((s) => s.id)).not.toContain(gone.id);
    expect((await mirrored()).counts?.Active).toBe(before.counts!.Active! - 1);
    // Back as it was (the record returns).
    await upsertMirror(db, 'skus', [gone as unknown as { id: number }]);
    expect((await mirrored()).counts).toEqual(before.counts);
  });

  it('says the copy is stale while the service is away, and recovers one interval after it is back, without any action', async () => {
    const fresh = (await mirrored()).freshness;
    away = true;
    await runner.round();
    const stale = await mirrored();
    expect(stale.freshness).toMatchObject({ stale: true, away: true, asOf: fresh.asOf });
    // Still the whole copy, sorted and counted.
    expect(stale.page.totalCount).toBe(skus.length);
    away = false;
    runner.start();
    const started = Date.now();
    let answer = stale;
    // A few intervals on a quiet machine; a loaded CI host (both test workers on PGlite) can take several more.
    while (answer.freshness.stale && Date.now() - started < 45_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await mirrored();
    }
    expect(answer.freshness).toMatchObject({ stale: false, away: false });
    expect(Date.parse(answer.freshness.asOf)).toBeGreaterThan(Date.parse(fresh.asOf));
    await runner.stop();
  }, 75_000);
});
