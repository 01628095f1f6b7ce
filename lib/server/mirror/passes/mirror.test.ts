import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '@/service';
import { engines, stopEngines } from '@/service/testing/engines';
import { testSeed, CREDS } from '@/service/testing/fixtures';
import { recordAudit } from '../../audit/audit-log';
import type { ConsoleDbConnection } from '../../db/connect';
import { consoleDbEngines, stopConsoleDbEngines } from '../../jobs/testing/db-engines';
import { createUpstreamClient, type UpstreamClient } from '../../upstream';
import { SkewTracker } from '../../upstream/skew';
import { stableJson } from '../copy/diff';
import { MIRROR_ENTITY_NAMES, type MirrorEntityName } from '../copy/entities';
import { runDuePass } from './passes';
import { readState } from '../copy/state';
import { listenOnPostgres } from '../../db/listen';
import { refreshCopy } from './refresh';
import { MIRROR_REFRESH_CHANNEL } from './pass-job';
import { MirrorPasses } from '../../testing/mirror-passes';

// The mirror against the reference service (in-process, real signing) with the console database on PGlite
// and on Postgres: 20,000 SKUs seeded in bulk by SQL, another client changing 2,000 of them while the mirror
// walks its pages, then the mirror compared with a full read of the service, record by record.
const SKUS = 20_000;
const FIRST_ID = 1_001;
const HOUR = 3_600_000;

type Hook = { nth: number; run: () => Promise<void> };

function clientFor(fetch: (r: Request) => Promise<Response>): UpstreamClient {
  return createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    clientId: CREDS.erp.clientId,
    clientSecret: CREDS.erp.secret,
    fetch,
    skew: new SkewTracker(),
  });
}

/** Sell prices of `ids` set to `price(id)` by another client (the ERP's own credential), 200 a request. */
async function updatePrices(client: UpstreamClient, ids: readonly number[], price: (id: number) => number) {
  const results = await client.batch(
    'prices',
    ids.map((skuId) => ({ skuId, sellPrice: price(skuId) })),
    { chunkSize: 200 },
  );
  expect(results.filter((r) => r.status !== 'updated')).toEqual([]);
}

// What varies is the mirror's own storage (the console database); the service runs on Postgres where there is
// one, because its offset paging over 20,000 rows is several times slower on PGlite.
const serviceEngines = engines();
const serviceEngine = serviceEngines.find((e) => e.name === 'postgres') ?? serviceEngines[0]!;
const pairs = consoleDbEngines().map((console) => ({ console, service: serviceEngine }));

afterAll(async () => {
  await stopConsoleDbEngines();
  await stopEngines();
});

describe.each(pairs)('the mirror on $console.name', ({ console: consoleEngine, service: serviceEngine }) => {
  let service: Service;
  let connection: ConsoleDbConnection;
  /** The console database's address on Postgres (null on PGlite). */
  let consoleUrl: string | null = null;
  let other: UpstreamClient;
  let mirrorClient: UpstreamClient;
  /** Runs once when the mirror's nth list request (counted from when it is set) is about to be sent. */
  let hook: Hook | null = null;
  let listRequests = 0;

  beforeAll(async () => {
    service = await serviceEngine.start(testSeed());
    await service.db.exec(`
      insert into skus (id, tenant_id, product_id, outer_sys_code, name, barcode, price, sell_price, status, inventory_qty, updated_at)
      select g, (select id from tenants where key = 'acme'), 1, 'M' || g, 'Mirror SKU ' || g, 'B' || g, g % 500, g % 700,
        case when g % 3 = 0 then 'Inactive' else 'Active' end, g % 50,
        -- Older than any pass's lookback: an incremental pass reads only the SKUs the test changes (on a quick
        -- machine, SKUs written seconds before the initial pull would all be read again, and no row would move).
        now() - interval '1 hour'
      from generate_series(${FIRST_ID}, ${FIRST_ID + SKUS - 1}) g;
      select setval('skus_id_seq', ${FIRST_ID + SKUS + 1000});`);
    ({ connection, url: consoleUrl } = await consoleEngine.open());
    other = clientFor((r) => service.fetch(r));
    mirrorClient = clientFor(async (request) => {
      if (
        request.method === 'GET' &&
        new URL(request.url).pathname === '/v1/skus' &&
        hook &&
        ++listRequests === hook.nth
      ) {
        const run = hook.run;
        hook = null;
        await run();
      }
      return service.fetch(request);
    });
  }, 120_000);

  afterAll(async () => {
    await connection?.close();
    await service?.close();
  });

  const pass = (entity: MirrorEntityName = 'skus', sweepEveryMs = HOUR) =>
    runDuePass({ db: connection.db, client: mirrorClient, entity, now: Date.now }, { sweepEveryMs });
  /** The SKUs are copied (when a test runs on its own, its first pass would be the initial pull, which records nothing). */
  const copied = async () => {
    if (!(await readState(connection.db, 'skus')).watermark) await pass();
  };
  const interleave = (nth: number, run: () => Promise<void>) => {
    listRequests = 0;
    hook = { nth, run };
  };
  const outsideChanges = async () =>
    (
      await sql<{ record_id: string; changes: { field: string; from: unknown; to: unknown }[] }>`
        select record_id, changes from audit_change where source = 'outside' and record_type = 'skus' order by id`.execute(
        connection.db,
      )
    ).rows;
  const mirrored = async () =>
    (
      await sql<{ record: unknown }>`select record from mirror_sku where vanished_at is null order by id`.execute(
        connection.db,
      )
    ).rows.map((r) => stableJson(r.record));
  const serviceSkus = async () => {
    const all = [];
    for await (const sku of other.listAll('skus')) all.push(stableJson(sku));
    return all;
  };

  it('copies every SKU while 2,000 change during the initial pull and again during an incremental pass, and records each change once', async () => {
    const ids = Array.from({ length: SKUS }, (_, i) => FIRST_ID + i);
    const firstWave = ids.filter((id) => id % 10 === 0);
    // Page 80 of 201: the first 79 pages hold the old prices, the rest the new ones.
    interleave(80, () => updatePrices(other, firstWave, (id) => 1_000 + (id % 97)));
    const initial = await pass();
    expect(initial).toMatchObject({ kind: 'initial', complete: true, recorded: 0 });
    expect(await outsideChanges()).toEqual([]);

    // The incremental pass reads the 2,000 changed since the initial pull began; at its 5th page another 2,000
    // change: 1,000 of the first wave again and 1,000 new ones, which join the walk and shift its pages.
    const secondWave = [...firstWave.slice(0, 1_000), ...ids.filter((id) => id % 10 === 5).slice(0, 1_000)];
    interleave(5, () => updatePrices(other, secondWave, (id) => 2_000 + (id % 89)));
    const incremental = await pass();
    expect(incremental.kind).toBe('incremental');
    expect(incremental.walks).toBeGreaterThan(1);
    expect(incremental.complete).toBe(true);

    const clean = await pass();
    expect(clean).toMatchObject({ kind: 'incremental', complete: true, walks: 1, recorded: 0 });
    expect(await mirrored()).toEqual(await serviceSkus());
    // The status counts the triggers keep (migration 0330) equal a count of the copy after all those upserts.
    const { rows: kept } = await sql<{
      status: string;
      n: string;
    }>`select status, n::text as n from mirror_status_count where tbl = 'mirror_sku' and n <> 0 order by 1`.execute(
      connection.db,
    );
    const { rows: counted } = await sql<{ status: string; n: string }>`
      select coalesce(status, '') as status, count(*)::text as n from mirror_sku where vanished_at is null group by 1 order by 1`.execute(
      connection.db,
    );
    expect(kept).toEqual(counted);

    const changes = await outsideChanges();
    const keys = changes.map((c) => `${c.record_id} ${stableJson(c.changes)}`);
    expect(new Set(keys).size).toBe(keys.length);
    // Every first-wave SKU whose page the initial pull read before the change, and every second-wave SKU.
    expect(changes.length).toBeGreaterThanOrEqual(secondWave.length);
    expect(changes.length).toBeLessThanOrEqual(firstWave.length + secondWave.length);
    for (const change of changes) {
      expect(change.changes).toHaveLength(1);
      expect(change.changes[0]!.field).toBe('sellPrice');
      expect(change.changes[0]!.from).not.toEqual(change.changes[0]!.to);
    }
    // 20,000 SKUs copied while 4,000 change, each page also checked by "Needs attention" (about 8,000 of these SKUs
    // sell above their list price): minutes on PGlite on a busy two-core machine.
  }, 300_000);

  it('records an outside change old → new with the window it happened in', async () => {
    await copied();
    const before = await readState(connection.db, 'skus');
    await updatePrices(other, [FIRST_ID + 1], () => 4_321);
    await pass();
    const { rows } = await sql<{ changes: unknown; window_from: Date | null; window_to: Date; family: string }>`
      select c.changes, l.window_from, l.window_to, l.family from audit_change c join audit_log l on l.id = c.audit_id
      where c.record_type = 'skus' and c.record_id = ${String(FIRST_ID + 1)} and c.source = 'outside'`.execute(
      connection.db,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.changes).toEqual([{ field: 'sellPrice', from: (FIRST_ID + 1) % 700, to: 4_321 }]);
    expect(rows[0]!.family).toBe('outside');
    expect(new Date(rows[0]!.window_from!).getTime()).toBe(before.lastPassAt!.getTime());
    expect(new Date(rows[0]!.window_to).getTime()).toBeGreaterThan(before.lastPassAt!.getTime());
  });

  it('does not list a console write a second time when the next pass reads it back', async () => {
    const id = FIRST_ID + 2;
    await copied();
    await updatePrices(other, [id], () => 777);
    // What the signing proxy records for a price panel's write.
    await recordAudit(connection.db, {
      userId: 'u1',
      userEmail: 'steward@example.com',
      operation: 'PUT /v1/prices/batch',
      targetIds: [String(id)],
      status: 200,
      outcome: 'applied',
      result: 'applied',
      recordType: 'skus',
      changes: [{ field: 'sellPrice', from: id % 700, to: 777 }],
    });
    await pass();
    const { rows } = await sql<{ source: string }>`
      select source from audit_change where record_type = 'skus' and record_id = ${String(id)} and source <> 'attention'`.execute(
      connection.db,
    );
    expect(rows.map((r) => r.source)).toEqual(['panel']);
  });

  it('flags a record the sweep no longer finds, and keeps it', async () => {
    expect(await pass('companies')).toMatchObject({ kind: 'initial', complete: true });
    // Company 4 has no quota, order or user hanging from it: the ERP can remove it.
    await service.db.query('delete from companies where id = 4');
    const result = await pass('companies', 0);
    expect(result).toMatchObject({ kind: 'sweep', vanished: 1 });
    const { rows } = await sql<{ id: string; vanished: boolean }>`
      select id::text as id, vanished_at is not null as vanished from mirror_company order by id`.execute(
      connection.db,
    );
    expect(rows.filter((r) => r.vanished).map((r) => r.id)).toEqual(['4']);
    // A second sweep flags it no more often.
    expect(await pass('companies', 0)).toMatchObject({ kind: 'sweep', vanished: 0 });
  });

  it('starts one run of the passes at a time across two instances, covering every entity', async () => {
    const options = { db: connection.db, client: mirrorClient, tenant: 'acme', intervalMs: 30_000, sweepMs: HOUR };
    const a = new MirrorPasses({ ...options, owner: 'a' });
    const b = new MirrorPasses({ ...options, owner: 'b' });
    const runs = async () =>
      (
        await sql<{ id: string; state: string }>`
          select id::text as id, state from job where kind = 'mirror-pass' order by id`.execute(connection.db)
      ).rows;
    const before = (await runs()).length;
    await a.schedule.look();
    // One run is active: the other instance starts none.
    await b.schedule.look();
    const started = (await runs()).slice(before);
    expect(started.map((r) => r.state)).toEqual(['running']);
    a.runner.start();
    try {
      for (const until = Date.now() + 50_000; Date.now() < until;) {
        if ((await runs()).find((r) => r.id === started[0]!.id)?.state === 'succeeded') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await a.stop();
    }
    const { rows: units } = await sql<{ key: string; state: string; finished_by: string }>`
      select key, state, finished_by from job_unit where job_id = ${started[0]!.id}`.execute(connection.db);
    expect(units.map((u) => u.key).sort()).toEqual([...MIRROR_ENTITY_NAMES].sort());
    expect(units.filter((u) => u.state !== 'done' || u.finished_by !== 'a')).toEqual([]);
    // The next run is due an interval after this one ended, or at once when asked (a Refresh).
    await b.schedule.look();
    expect((await runs()).length).toBe(before + 1);
    b.wake();
    await b.schedule.look();
    expect((await runs()).length).toBe(before + 2);
    await sql`update job set state = 'cancelled', finished_at = now() where kind = 'mirror-pass' and state = 'running'`.execute(
      connection.db,
    );
  }, 60_000);

  /**
   * The ERP sets the first company's credit amount to `value` (the copy has not seen it); resolves to a reader of
   * that amount in the copy.
   */
  async function erpSetsCreditAmount(value: number): Promise<() => Promise<number>> {
    const [row] = await service.db.query<{ id: string }>(
      `insert into credit_quotas (company_id, tenant_id, credit_amount)
       select id, tenant_id, $1 from companies where tenant_id = (select id from tenants where key = 'acme') order by id limit 1
       on conflict (company_id) do update set credit_amount = $1
       returning company_id::text as id`,
      [value],
    );
    return async () =>
      Number(
        (
          await sql<{
            amount: string;
          }>`select record->'credit'->>'creditAmount' as amount from mirror_quota where id = ${row!.id}`.execute(
            connection.db,
          )
        ).rows[0]?.amount,
      );
  }

  /** Passes an hour apart, so in these tests a pass comes only when a Refresh asks for one. */
  const hourlyPasses = (owner: string, watchRefresh?: (onRefresh: () => void) => Promise<() => Promise<void>>) =>
    new MirrorPasses({
      db: connection.db,
      client: mirrorClient,
      tenant: 'acme',
      intervalMs: HOUR,
      sweepMs: HOUR,
      owner,
      watchRefresh,
    });

  /**
   * With `passes` running, after their round at start (the next would come an hour later): a credit amount the ERP
   * then changes is in the copy once `asker` has asked for a Refresh (the runner itself, or null: a web instance's
   * own database connection, with no runner, which asks and waits for a pass begun after).
   */
  async function expectRefreshBringsChange(passes: MirrorPasses, asker: MirrorPasses | null, value: number) {
    passes.start();
    try {
      expect(await refreshCopy(connection.db, passes, 'quotas', 60_000)).toBe(true);
      const amount = await erpSetsCreditAmount(value);
      expect(await amount()).not.toBe(value);
      expect(await refreshCopy(connection.db, asker, 'quotas', 60_000)).toBe(true);
      expect(await amount()).toBe(value);
    } finally {
      await passes.stop();
    }
  }

  it('brings the copy up to date when asked (a Refresh), not an interval later', async () => {
    const runner = hourlyPasses('refresh');
    expect(await refreshCopy(connection.db, runner, 'quotas', 1_000)).toBe(false);
    await expectRefreshBringsChange(runner, runner, 4567);
  }, 120_000);

  it('brings the copy up to date when a web instance that runs no passes asks (Postgres: a NOTIFY to the runner)', async (context) => {
    if (!consoleUrl) return context.skip();
    const url = consoleUrl;
    const watchRefresh = (onRefresh: () => void) => listenOnPostgres(url, MIRROR_REFRESH_CHANNEL, onRefresh);
    await expectRefreshBringsChange(hourlyPasses('worker', watchRefresh), null, 7654);
  }, 120_000);
});
