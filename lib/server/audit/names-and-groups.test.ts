import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '@/lib/server/db/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeSteps } from '@/lib/contract/history';
import { connectConsoleDb, type ConsoleDbConnection } from '../db/connect';
import { migrateConsoleDb } from '../auth';
import { listAuditGroups } from './audit-groups';
import { listAudit, listHistory, recordAudit, type AuditEntryView } from './audit-log';
import { operationWords } from './operation-words';
import { person, writeHistory } from '../history';
import { createService, type Service } from '@/service';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import { createUpstreamClient, SkewTracker } from '../upstream';
import { recordNames } from './record-names';
import { nameChanges } from './value-names';

/** Names in History and the audit log, and an import as one audit entry: real PGlite, console migrations. */
let conn: ConsoleDbConnection;
let db: Kysely<ConsoleDatabase>;

async function mirror(table: string, id: number, record: Record<string, unknown>) {
  await sql`insert into ${sql.table(table)} (id, record, hash) values (${id}, ${JSON.stringify(record)}::jsonb, 'h')
    on conflict (id) do update set record = excluded.record`.execute(db);
}

const steward = { userId: 's', userEmail: 'steward@example.com' };

beforeAll(async () => {
  conn = connectConsoleDb({ dataDir: 'memory://' });
  db = conn.db;
  await migrateConsoleDb(db, { secret: 'x'.repeat(40), baseURL: 'http://console.test' });
  await mirror('mirror_product_category', 24, { id: 24, name: '飲料', parentId: null });
  await mirror('mirror_product_category', 25, { id: 25, name: '茶', parentId: 24 });
  await mirror('mirror_sku', 555, { id: 555, outerSysCode: 'S0005-06', name: '烏龍茶' });
  await mirror('mirror_sku', 556, { id: 556, outerSysCode: 'S0005-07', name: '綠茶' });
  await mirror('mirror_bundle', 33, { id: 33, outerSysCode: 'B-33', name: '茶禮盒' });
});

afterAll(async () => {
  await conn?.close();
});

describe('names in History', () => {
  it("stores a new bundle's category path and its components' codes and names with the write, as they were then", async () => {
    await recordAudit(db, {
      ...steward,
      operation: 'POST /v1/bundles',
      targetIds: ['33'],
      status: 201,
      outcome: 'created',
      result: 'applied',
      recordType: 'bundles',
      changes: [
        { field: 'productCategoryId', to: 25 },
        {
          field: 'components',
          to: [
            { componentSkuId: 555, quantity: 1 },
            { componentSkuId: 556, quantity: 2 },
          ],
        },
      ],
    });
    // Renamed after the write: History keeps the names it was written with.
    await mirror('mirror_product_category', 25, { id: 25, name: '花茶', parentId: 24 });
    const [entry] = await listHistory(db, 'bundles', '33');
    const [category, recipe] = entry!.changes!;
    expect(category).toMatchObject({ to: 25, labels: { 25: { name: '飲料 › 茶' } } });
    expect(recipeSteps(recipe!.from, recipe!.to, recipe!.labels)).toEqual([
      { kind: 'added', sku: 'S0005-06 烏龍茶', quantity: 1 },
      { kind: 'added', sku: 'S0005-07 綠茶', quantity: 2 },
    ]);
  });

  it("names a role change's old and new roles from the role directory", async () => {
    await recordAudit(
      db,
      {
        ...steward,
        operation: 'PUT /v1/internal-users/{id}',
        targetIds: ['7'],
        status: 200,
        outcome: 'updated',
        result: 'applied',
        recordType: 'users',
        changes: [{ field: 'roleId', from: 3, to: 4 }],
      },
      {
        roles: [
          { id: 3, name: 'Sales', isAdmin: false },
          { id: 4, name: 'Warehouse', isAdmin: false },
        ],
      },
    );
    const [entry] = await listHistory(db, 'users', '7');
    expect(entry!.changes).toEqual([
      { field: 'roleId', from: 3, to: 4, labels: { 3: { name: 'Sales' }, 4: { name: 'Warehouse' } } },
    ]);
    expect(
      operationWords((await listAudit(db, { filters: { record: [{ type: 'users', id: '7' }] } })).entries, null),
    ).toEqual({ key: 'changedField', values: {}, field: 'roleId', noun: 'users' });
  });

  it('names a record by its code and name, and finds it by id in any family', async () => {
    const names = await recordNames(db, [
      { type: 'bundles', id: '33' },
      { type: 'skus', id: '999' },
    ]);
    expect(names.get('bundles:33')).toEqual({ code: 'B-33', name: '茶禮盒' });
    expect(names.has('skus:999')).toBe(false);
    const any = await listAudit(db, { filters: { record: [{ type: null, id: '33' }] } });
    expect(any.entries.map((e) => e.operation)).toEqual(['POST /v1/bundles']);
  });
});

describe('names read live when the mirror does not hold them (MIRROR=off)', () => {
  let service: Service | undefined;
  afterAll(async () => {
    await service?.close();
  });

  it("names a category by its path and a recipe's SKUs by code and name from the service", async () => {
    service = await createService({ memory: true, seed: testSeed() });
    const live = createUpstreamClient({
      baseUrl: 'http://embedded.invalid',
      clientId: CREDS.erp.clientId,
      clientSecret: CREDS.erp.secret,
      fetch: (request) => service!.fetch(request),
      timeoutMs: 5_000,
      skew: new SkewTracker(),
    });
    const categories = [];
    for await (const c of live.listAll('productCategories')) categories.push(c);
    const child = categories.find((c) => c.parentId != null)!;
    const parent = categories.find((c) => c.id === child.parentId)!;
    const { data: skus } = await live.list('skus', { pageSize: 2 });
    const [one, two] = skus!;
    // Ids the mirror of this database does not hold.
    expect((await recordNames(db, [{ type: 'skus', id: String(one!.id) }])).size).toBe(0);
    const named = await nameChanges(
      db,
      [
        { field: 'productCategoryId', to: child.id },
        {
          field: 'components',
          to: [
            { componentSkuId: one!.id, quantity: 1 },
            { componentSkuId: two!.id, quantity: 2 },
          ],
        },
      ],
      [],
      live,
    );
    expect(named![0]!.labels).toEqual({ [child.id]: { name: `${parent.name} › ${child.name}` } });
    expect(named![1]!.labels).toEqual({
      [one!.id]: { code: one!.outerSysCode, name: one!.name },
      [two!.id]: { code: two!.outerSysCode, name: two!.name },
    });
    // The audit page's records, likewise.
    expect((await recordNames(db, [{ type: 'skus', id: String(one!.id) }], live)).get(`skus:${one!.id}`)).toEqual({
      code: one!.outerSysCode,
      name: one!.name,
    });
  }, 60_000);
});

describe('an import in the audit log', () => {
  it('is one entry holding its console calls and its chunks; other writes stay their own', async () => {
    const call = (operation: string, status = 200) =>
      recordAudit(db, {
        ...steward,
        operation: operation as 'POST /api/imports/[id]/start',
        targetIds: ['91'],
        status,
        outcome: `applied (request req-${operation.length})`,
        result: 'applied',
        recordType: null,
      });
    await call('POST /api/imports/[id]/rows');
    await call('POST /api/imports/[id]/start');
    for (const chunk of [0, 1]) {
      await writeHistory(db, {
        actor: person(steward.userId, steward.userEmail),
        operation: 'POST /v1/skus/batch',
        family: 'import',
        targetIds: Array.from({ length: 200 }, (_, i) => String(1000 + chunk * 200 + i)),
        status: 200,
        outcome: '200 updated',
        result: 'applied',
        recordType: 'skus',
        batch: { jobId: null, importId: '91', attempt: 1, chunk },
      });
    }
    await recordAudit(db, {
      ...steward,
      operation: 'PUT /v1/companies/{id}',
      targetIds: ['2'],
      status: 200,
      outcome: 'updated',
      result: 'applied',
      recordType: 'companies',
      changes: [{ field: 'shortName', to: 'x' }],
    });

    const page = await listAuditGroups(db, { pageSize: 2 });
    expect(page.groups.map((g) => g.key)).toEqual([expect.stringMatching(/^entry:/), 'import:91']);
    const imported = page.groups[1]!;
    expect(imported.entries.map((e) => e.operation)).toEqual([
      'POST /api/imports/[id]/rows',
      'POST /api/imports/[id]/start',
      'POST /v1/skus/batch',
      'POST /v1/skus/batch',
    ]);
    expect(imported.entries[0]!.family).toBe('import');
    expect(operationWords(imported.entries, imported.importId)).toEqual({
      key: 'imported',
      values: { count: 400, id: '91' },
      noun: 'skus',
    });
    // Pages count entries as people see them: the import once.
    expect(page.totalCount).toBe((await listAuditGroups(db, { pageSize: 200 })).groups.length);
  });
});

describe('operation words', () => {
  const entry = (over: Partial<AuditEntryView>): AuditEntryView => ({
    id: '1',
    at: new Date().toISOString(),
    userId: 'u',
    userEmail: 'a@example.com',
    operation: 'PUT /v1/skus/{id}',
    targetIds: ['5'],
    status: 200,
    outcome: 'updated',
    result: 'applied',
    recordType: 'skus',
    changes: null,
    family: 'form',
    jobId: null,
    importId: null,
    attempt: null,
    chunk: null,
    window: null,
    ...over,
  });
  it('says which field a one-field write changed, what a bulk edit did, and a change the mirror found', () => {
    expect(
      operationWords(
        [
          entry({
            operation: 'PUT /v1/prices/batch',
            family: 'panel',
            changes: [{ field: 'sellPrice', from: 1, to: 2 }],
          }),
        ],
        null,
      ),
    ).toMatchObject({ key: 'changedField', field: 'sellPrice' });
    expect(operationWords([entry({ family: 'bulk', importId: '4', targetIds: ['1', '2', '3'] })], '4')).toMatchObject({
      key: 'bulk',
      values: { count: 3 },
    });
    expect(
      operationWords([entry({ family: 'outside', outcome: 'changed outside the console', status: 200 })], null),
    ).toMatchObject({ key: 'outside' });
    expect(
      operationWords([entry({ operation: 'action quotas.apply', recordType: null, family: 'form' })], null),
    ).toMatchObject({ key: 'console.quotasApplied' });
  });
});
