import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RULES_VERSION } from '@/lib/contract/attention';
import { createService, type Service } from '@/service';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import type { ConsoleDatabase, ConsoleDbConnection } from '../../db';
import { consoleDbEngines } from '../../jobs/testing/db-engines';
import { createUpstreamClient } from '../../upstream';
import { SkewTracker } from '../../upstream/skew';
import { passOf } from './pass-job';
import { incrementalPass, initialPull } from './passes';
import { readState } from '../copy/state';

// A console upgraded to a new rules version owes one full evaluation of every rule. It runs after the process's
// first pass, on its own: never inside a pass (whose pages it would hold up for seconds over a large copy), nor
// inside a console write's read-back (whose answer would wait for it).

let service: Service;
let connection: ConsoleDbConnection;
let db: Kysely<ConsoleDatabase>;
beforeAll(async () => {
  service = await createService({ memory: true, seed: testSeed() });
  connection = (await consoleDbEngines()[0]!.open()).connection;
  db = connection.db;
}, 60_000);
afterAll(async () => {
  await connection?.close();
  await service?.close();
});

const client = () =>
  createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    clientId: CREDS.erp.clientId,
    clientSecret: CREDS.erp.secret,
    fetch: (r) => service.fetch(r),
    skew: new SkewTracker(),
  });
const noSellPrice = async () =>
  Number(
    (
      await sql<{ n: string }>`
        select count(*)::text as n from attention_finding where rule = 'sku-no-sell-price' and resolved_at is null`.execute(
        db,
      )
    ).rows[0]!.n,
  );
const storedVersion = async () =>
  (await sql<{ v: number }>`select rules_version as v from attention_state where resource = '*'`.execute(db)).rows[0]
    ?.v ?? 0;

it('evaluates a new rules version in full once, after a pass and not inside it', async () => {
  await service.db.exec(`
    insert into skus (id, tenant_id, product_id, outer_sys_code, name, price, sell_price, status, inventory_qty)
    values (5001, (select id from tenants where key = 'acme'), 1, 'NOPRICE', 'No sell price yet', 0, 0, 'Active', 1)`);
  const ctx = { db, client: client(), entity: 'skus' as const, now: Date.now };
  await initialPull(ctx, await readState(db, 'skus'));
  const found = await noSellPrice();
  expect(found).toBeGreaterThan(0);

  // As if "no sell price" had come with this version: the stored version is older and it has no findings yet.
  await sql`delete from attention_finding where rule = 'sku-no-sell-price'`.execute(db);
  expect(await storedVersion()).toBeLessThan(RULES_VERSION);
  await incrementalPass(ctx, await readState(db, 'skus'));
  expect(await noSellPrice()).toBe(0);

  const outcome = await passOf('skus', { db, client: ctx.client, tenant: 'acme', sweepMs: 3_600_000 });
  expect(outcome).not.toHaveProperty('error');
  expect(await noSellPrice()).toBe(found);
  expect(await storedVersion()).toBe(RULES_VERSION);
}, 60_000);
