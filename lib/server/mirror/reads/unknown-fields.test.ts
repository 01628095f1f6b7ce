import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle as bundleSchema, sku as skuSchema } from '@/lib/contract';
import { IDS } from '@/service/testing/fixtures';
import { listHistoryPage } from '../../audit/audit-log';
import { consoleDbEngines, stopConsoleDbEngines } from '../../jobs/testing/db-engines';
import { consoleRequest, createProxyHarness, type ProxyHarness } from '../../testing/proxy-harness';
import type { Correction } from './live-read';
import { runDuePass } from '../passes/passes';
import type { MirrorEntityName } from '../copy/entities';
import { readState } from '../copy/state';

// A /v1 that answers as the contract allows but the reference service does not: every JSON object it returns
// (records, their nested lines, list envelopes, batch answers) carries fields the contract does not name, as real
// ERPs' APIs do. The reference service cannot produce that, so its fetch handler is wrapped. Everything else is
// real: the signing proxy with write-through and live-read correction, the passes, the console database on
// PGlite and on Postgres.

const HOUR = 3_600_000;
const SKU = IDS.acme.sku;
const BUNDLE = IDS.acme.bundle;
const UNKNOWN_KEYS = ['_links', 'tenantId', 'createdAt', 'tags'];

let answers = 0;
/** Every object in the answer with the unknown fields, some of them different each answer (a phantom would flip). */
function withUnknownFields(value: unknown, n: number): unknown {
  if (Array.isArray(value)) return value.map((v) => withUnknownFields(v, n));
  if (!value || typeof value !== 'object') return value;
  const known = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withUnknownFields(v, n)]));
  return {
    ...known,
    _links: { self: { href: `/v1/things/${n}` } },
    tenantId: 'tenant-7',
    createdAt: new Date(n).toISOString(),
    tags: [`answer-${n}`],
  };
}

/** Keys of `value`, at every depth, that are not in `allowed`. */
function keysOutside(value: unknown, allowed: ReadonlySet<string>): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => keysOutside(v, allowed));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [...(allowed.has(k) ? [] : [k]), ...keysOutside(v, allowed)]);
}

const engines = consoleDbEngines();

afterAll(async () => {
  await stopConsoleDbEngines();
});

describe.each(engines)('the mirror against a service that adds fields, on $name', (engine) => {
  let h: ProxyHarness;
  let waiters: ((outcome: Correction) => void)[] = [];
  const nextCorrection = () => new Promise<Correction>((resolve) => waiters.push(resolve));

  const pass = (entity: MirrorEntityName, sweepEveryMs = HOUR, beforeStore?: () => Promise<void>) =>
    runDuePass({ db: h.db, client: h.client, entity, now: Date.now, beforeStore }, { sweepEveryMs });
  const mirrored = async (id: number) =>
    (await sql<{ record: Record<string, unknown> }>`select record from mirror_sku where id = ${id}`.execute(h.db))
      .rows[0]!.record;
  const outsideCount = async () =>
    Number(
      (await sql<{ n: string }>`select count(*)::text as n from audit_change where source = 'outside'`.execute(h.db))
        .rows[0]!.n,
    );
  const history = async () => (await listHistoryPage(h.db, 'skus', String(SKU), { limit: 200 })).entries;
  const edit = async (body: Record<string, unknown>) => {
    const response = await h.proxy(
      consoleRequest('PUT', `/v1/skus/${SKU}`, { cookie: h.cookies.steward, body: JSON.stringify(body) }),
    );
    expect(response.status).toBe(200);
  };
  /** A record page's live read through the proxy, and its correction of the mirror run to the end. */
  const view = async (path: string) => {
    const corrected = nextCorrection();
    const response = await h.proxy(consoleRequest('GET', path, { cookie: h.cookies.viewer }));
    expect(response.status).toBe(200);
    // The service really sends them: the proxy passes the answer on as it came.
    expect(Object.keys((await response.json()) as object)).toEqual(expect.arrayContaining(UNKNOWN_KEYS));
    return corrected;
  };

  beforeAll(async () => {
    const { connection } = await engine.open();
    h = await createProxyHarness({
      mirror: true,
      record: false,
      connection,
      onCorrected: (outcome) => {
        const waiting = waiters;
        waiters = [];
        for (const resolve of waiting) resolve(outcome);
      },
    });
    h.setFault(async (request) => {
      const answer = await h.service.fetch(request);
      if (!answer.ok || !answer.headers.get('content-type')?.includes('json')) return answer;
      const headers = new Headers(answer.headers);
      headers.delete('content-length');
      return new Response(JSON.stringify(withUnknownFields(await answer.json(), ++answers)), {
        status: answer.status,
        headers,
      });
    });
    for (const entity of ['skus', 'bundles'] as const)
      expect(await pass(entity)).toMatchObject({ kind: 'initial', complete: true });
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('10 passes, 20 record-page views and 5 console edits leave 5 History entries; a real outside change is recorded once, with contract fields only', async () => {
    for (let round = 0; round < 10; round++) {
      if (round % 2 === 0) await edit({ sellPrice: 500 + round });
      // The ERP renames the SKU with its own credential, straight to /v1.
      if (round === 5)
        expect((await h.client.batch('skus', [{ id: SKU, name: 'Renamed by the ERP' }]))[0]).toMatchObject({
          status: 'updated',
        });
      for (let n = 0; n < 2; n++) await view(`/v1/skus/${SKU}`);
      expect(await pass('skus')).toMatchObject({ complete: true });
    }

    const entries = await history();
    expect(entries.filter((e) => e.source !== 'outside' && e.source !== 'attention')).toHaveLength(5);
    const outside = entries.filter((e) => e.source === 'outside');
    expect(outside.map((e) => e.changes)).toEqual([[{ field: 'name', from: 'Oolong 100g', to: 'Renamed by the ERP' }]]);
    expect(await outsideCount()).toBe(1);

    // The copy holds the contract's fields, no more: the record, every SKU, every bundle and its component lines.
    const record = await mirrored(SKU);
    expect(Object.keys(record).sort()).toEqual(Object.keys(skuSchema.shape).sort());
    expect(record).toMatchObject({ sellPrice: 508, name: 'Renamed by the ERP' });
    const skuFields = new Set(Object.keys(skuSchema.shape));
    const bundleFields = new Set([
      ...Object.keys(bundleSchema.shape),
      ...Object.keys(bundleSchema.shape.components.element.shape),
    ]);
    // The bundle's lines name the renamed SKU: a pass copies that first, then its page's live read finds the same record.
    expect(await pass('bundles')).toMatchObject({ complete: true });
    expect(await view(`/v1/bundles/${BUNDLE}`)).toBe('same');
    const rows = async (table: string) =>
      (await sql<{ record: unknown }>`select record from ${sql.id(table)}`.execute(h.db)).rows.map((r) => r.record);
    expect((await rows('mirror_sku')).flatMap((r) => keysOutside(r, skuFields))).toEqual([]);
    const bundles = await rows('mirror_bundle');
    expect(bundles.some((b) => ((b as { components: unknown[] }).components ?? []).length > 0)).toBe(true);
    expect(bundles.flatMap((b) => keysOutside(b, bundleFields))).toEqual([]);
  }, 120_000);

  it('a pass paused between its page read and its upsert while a console write lands records nothing false; the next pass converges', async () => {
    // The ERP sets a price the console never sent (so no echo of a console write can excuse it), and a pass copies it.
    expect((await h.client.batch('prices', [{ skuId: SKU, sellPrice: 321 }]))[0]).toMatchObject({ status: 'updated' });
    expect(await pass('skus')).toMatchObject({ complete: true, recorded: 1 });
    const outsideBefore = await outsideCount();
    const consoleBefore = (await history()).filter((e) => e.source !== 'outside' && e.source !== 'attention').length;
    let reached!: () => void;
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (reached = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    // A sweep reads every page, so the SKU is on the page read before the write, with its old price.
    const racing = pass('skus', 0, async () => {
      if (!first) return;
      first = false;
      reached();
      await gate;
    });
    await paused;
    await edit({ sellPrice: 777 });
    expect(await mirrored(SKU)).toMatchObject({ sellPrice: 777 });
    release();
    expect(await racing).toMatchObject({ kind: 'sweep', complete: true });
    // The page's older price (321) was not recorded as "777 → 321" outside, nor stored over the console's write.
    expect(await outsideCount()).toBe(outsideBefore);
    expect(await mirrored(SKU)).toMatchObject({ sellPrice: 777 });

    const watermark = (await readState(h.db, 'skus')).watermark;
    expect(await pass('skus')).toMatchObject({ kind: 'incremental', complete: true, recorded: 0 });
    expect(await mirrored(SKU)).toEqual((await h.client.read('sku', SKU)) as unknown as Record<string, unknown>);
    expect((await readState(h.db, 'skus')).watermark!.getTime()).toBeGreaterThan(watermark!.getTime());
    expect(await outsideCount()).toBe(outsideBefore);
    expect((await history()).filter((e) => e.source !== 'outside' && e.source !== 'attention')).toHaveLength(
      consoleBefore + 1,
    );
  }, 60_000);
});
