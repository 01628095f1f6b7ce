import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS } from '@/service/testing/fixtures';
import { listHistoryPage } from '../../audit/audit-log';
import { consoleRequest, createProxyHarness, type ProxyHarness } from '../../testing/proxy-harness';
import { liveReadCorrector, type Correction } from './live-read';
import { BUNDLE_OPERATIONS } from '@/lib/contract/operations';
import { runDuePass } from '../passes/passes';
import type { MirrorEntityName } from '../copy/entities';

// A record's own page reads live through the signing proxy and corrects the mirror: the reference service
// in-process (changed with the ERP's own credential, as the console's embedded client is), the console database
// on PGlite, the real passes. The correction runs after the answer went back.

let h: ProxyHarness;
const corrected: Correction[] = [];
let waiters: ((outcome: Correction) => void)[] = [];
const nextCorrection = () => new Promise<Correction>((resolve) => waiters.push(resolve));

const ENTITIES = ['companies', 'products', 'skus', 'bundles'] as const satisfies readonly MirrorEntityName[];
const pass = (entity: MirrorEntityName) =>
  runDuePass({ db: h.db, client: h.client, entity, now: Date.now }, { sweepEveryMs: 3_600_000 });
const mirroredSku = async (id: number) =>
  (await sql<{ record: Record<string, unknown> }>`select record from mirror_sku where id = ${id}`.execute(h.db)).rows[0]
    ?.record;
const read = (path: string) => h.proxy(consoleRequest('GET', path, { cookie: h.cookies.viewer }));

beforeAll(async () => {
  h = await createProxyHarness({
    mirror: true,
    record: false,
    onCorrected: (outcome) => {
      corrected.push(outcome);
      const waiting = waiters;
      waiters = [];
      for (const resolve of waiting) resolve(outcome);
    },
  });
  for (const entity of ENTITIES) expect(await pass(entity)).toMatchObject({ kind: 'initial', complete: true });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('a record read live corrects the mirror', () => {
  it('finds nothing to correct when the record read is the one mirrored (the read and the list return the same shape)', async () => {
    const paths = [
      `/v1/companies/${IDS.acme.company}`,
      `/v1/products/${IDS.acme.product}`,
      `/v1/skus/${IDS.acme.sku}`,
      `/v1/bundles/${IDS.acme.bundle}`,
    ];
    for (const path of paths) {
      const done = nextCorrection();
      expect((await read(path)).status).toBe(200);
      expect(await done).toBe('same');
    }
  });

  it('stores a record changed outside once it is read, records the change once, and the next pass does not list it again', async () => {
    const SKU = IDS.acme.sku;
    await h.client.batch('skus', [{ id: SKU, sellPrice: 480 }]);
    const done = nextCorrection();
    const response = await read(`/v1/skus/${SKU}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: SKU, sellPrice: 480 });
    // The answer went back before the copy was touched: the correction waits for it.
    expect(await mirroredSku(SKU)).toMatchObject({ sellPrice: 9 });
    expect(await done).toBe('corrected');
    expect(await mirroredSku(SKU)).toMatchObject({ sellPrice: 480 });

    const history = async () =>
      (await listHistoryPage(h.db, 'skus', String(SKU))).entries.filter((e) => e.source === 'outside');
    expect(await history()).toMatchObject([
      { source: 'outside', action: 'updated', changes: [{ field: 'sellPrice', from: 9, to: 480 }] },
    ]);

    expect(await pass('skus')).toMatchObject({ kind: 'incremental', complete: true, recorded: 0 });
    const again = nextCorrection();
    await read(`/v1/skus/${SKU}`);
    expect(await again).toBe('same');
    expect(await history()).toHaveLength(1);
  });

  it('corrects it from a record a server-rendered page read (the bundle page), parsed as the passes parse lists', async () => {
    const outcomes: Correction[] = [];
    let settle: () => void = () => {};
    const correct = liveReadCorrector({
      db: async () => h.db,
      log: () => {},
      onDone: (o) => (outcomes.push(o), settle()),
    });
    const pageRead = async () => {
      const done = new Promise<void>((resolve) => (settle = resolve));
      const sentAt = Date.now();
      correct({ operation: BUNDLE_OPERATIONS.read, record: await h.client.read('bundle', IDS.acme.bundle), sentAt });
      await done;
    };
    await pageRead();
    await h.client.batch('bundles', [{ id: IDS.acme.bundle, name: 'Renamed gift set' }]);
    await pageRead();
    expect(outcomes).toEqual(['same', 'corrected']);
    const entries = (await listHistoryPage(h.db, 'bundles', String(IDS.acme.bundle))).entries.filter(
      (e) => e.source === 'outside',
    );
    expect(entries).toMatchObject([{ changes: [{ field: 'name', from: 'Tea gift set', to: 'Renamed gift set' }] }]);
  });
});
