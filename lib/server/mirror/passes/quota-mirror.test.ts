import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Service } from '@/service';
import { IDS } from '@/service/testing/fixtures';
import { listHistoryPage } from '../../audit/audit-log';
import type { ConsoleDatabase } from '../../db/types';
import { applyAndRecordQuotaEdit } from '../../quotas/apply';
import { readCreditPage, readPointPage } from '../../quotas/dashboard';
import { companyNames } from '../../quotas/source';
import { embeddedErpClient, withServiceAndConsoleDb } from '../../testing/console-parts';
import { runDuePass } from './passes';
import type { MirrorEntityName } from '../copy/entities';

// Credit and point quota in the mirror: the reference service in-process (changed with the ERP's own credential),
// the console database on PGlite, the real passes and the Quotas page's own edit path.

let service: Service;
let db: Kysely<ConsoleDatabase>;
const COMPANY = IDS.acme.company;
const TENANT = 'acme';
withServiceAndConsoleDb((opened) => ({ service, db } = opened));

const client = embeddedErpClient(() => service);
const pass = (entity: MirrorEntityName, budgetMs?: number) =>
  runDuePass({ db, client, entity, now: Date.now }, { sweepEveryMs: 3_600_000, quotaBudgetMs: budgetMs });
const mirrored = async (id: number) =>
  (
    await sql<{
      record: { credit: Record<string, unknown>; point: Record<string, unknown> };
    }>`select record from mirror_quota where id = ${id}`.execute(db)
  ).rows[0]?.record;
const history = async (id: number) => (await listHistoryPage(db, 'companies', String(id))).entries;

describe('quota in the mirror', () => {
  it('copies every company’s quota once the company copy is there, resuming where its time budget stopped it', async () => {
    // More companies than a step (50), their ids one to three digits long (Globex has 101): the walk goes by
    // number, not by the ids' text ("10" before "9"), which left 93 of the demo's 220 companies out.
    await service.db.exec(`
      insert into companies (id, tenant_id, outer_sys_code, name, internal_user_id)
      select g, (select id from tenants where key = 'acme'), 'Q' || g, 'Quota company ' || g, ${IDS.acme.sales}
      from generate_series(4, 160) g where not exists (select 1 from companies c where c.id = g)`);
    expect(await pass('quotas')).toMatchObject({ kind: 'initial', complete: false, changed: 0 });
    expect(await pass('companies')).toMatchObject({ kind: 'initial', complete: true });
    // A budget of 0 stops after each step of companies; the next pass continues.
    let result = await pass('quotas', 0);
    for (let n = 0; !result.complete && n < 10; n++) result = await pass('quotas', 0);
    expect(result).toMatchObject({ complete: true, recorded: 0 });
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from mirror_quota where vanished_at is null`.execute(db);
    expect(rows[0]!.n).toBe((await client.list('companies', { pageSize: 100 })).totalCount);
    expect(rows[0]!.n).toBeGreaterThan(150);
    expect(await mirrored(COMPANY)).toMatchObject({ credit: { companyId: COMPANY }, point: { companyId: COMPANY } });
  });

  it('records a quota changed through /v1 by the ERP as changed outside the console, old → new, once', async () => {
    const before = await mirrored(COMPANY);
    await client.batch('pointQuotas', [{ companyId: COMPANY, balance: 777, memo: 'ERP top-up' }]);
    await client.batch('creditQuotas', [
      { companyId: COMPANY, creditAmount: 123_456, enabled: !before!.credit.enabled },
    ]);
    expect(await pass('quotas')).toMatchObject({ kind: 'sweep', complete: true, recorded: 1 });
    expect(await mirrored(COMPANY)).toMatchObject({
      point: { balance: 777, memo: 'ERP top-up' },
      credit: { creditAmount: 123_456 },
    });

    const outside = (await history(COMPANY)).filter((e) => e.source === 'outside');
    expect(outside).toHaveLength(1);
    expect(outside[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'balance', from: before!.point.balance, to: 777 },
        { field: 'pointMemo', from: before!.point.memo, to: 'ERP top-up' },
        { field: 'creditAmount', from: before!.credit.creditAmount, to: 123_456 },
        { field: 'creditEnabled', from: before!.credit.enabled, to: !before!.credit.enabled },
      ]),
    );
    // The available amount and the modification times moved too: kept current, never listed as a change.
    const fields = outside[0]!.changes!.map((c) => c.field);
    for (const untracked of ['availableAmount', 'pendingAmount', 'creditUpdatedAt', 'pointUpdatedAt'])
      expect(fields).not.toContain(untracked);

    expect(await pass('quotas')).toMatchObject({ complete: true, recorded: 0 });
    expect((await history(COMPANY)).filter((e) => e.source === 'outside')).toHaveLength(1);
  });

  it('copies a quota edit made in the console at once, and lists it once in History', async () => {
    const company = IDS.acme.company2;
    const before = (await mirrored(company))!;
    const old = {
      amount: before.point.balance as number,
      enabled: before.point.enabled as boolean,
      memo: before.point.memo as string | null,
    };
    const outcomes = await applyAndRecordQuotaEdit(
      client,
      db,
      {
        tenant: TENANT,
        user: { id: 'u1', email: 'steward@example.com' },
        tab: 'points',
        rows: [
          {
            companyId: company,
            old,
            new: { ...old, amount: 4_321, memo: 'console' },
            updatedAt: before.point.updatedAt as string | null,
          },
        ],
      },
      { mirror: true, log: (message, error) => console.error(message, error) },
    );
    expect(outcomes).toMatchObject([{ companyId: company, status: 'applied' }]);
    // No pass ran since: the write-through copied it.
    expect(await mirrored(company)).toMatchObject({ point: { balance: 4_321, memo: 'console' } });

    expect(await pass('quotas')).toMatchObject({ complete: true, recorded: 0 });
    const entries = await history(company);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ source: 'form', operation: 'POST /v1/companies/point-quota/batch' });
    // The old value is the one the server read before sending (issue 61 point 3), with when it read it.
    expect(entries[0]!.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'balance', from: old.amount, to: 4_321 })]),
    );
  });

  it('gives the Quotas page its rows from the mirror: sorted, filtered and totalled over every company, with names', async () => {
    const query = { tab: 'points' as const, sort: 'balance', dir: 'desc' as const, page: 1, pageSize: 25, filters: {} };
    const points = await readPointPage(db, TENANT, query, 'mirror');
    const { rows } = await sql<{ n: number; sum: number }>`
      select count(*)::int as n, sum((record->'point'->>'balance')::numeric)::float8 as sum from mirror_quota where vanished_at is null`.execute(
      db,
    );
    expect(points.total).toBe(rows[0]!.n);
    expect(points.totals.balance).toBe(rows[0]!.sum);
    expect(points.rows[0]).toMatchObject({
      companyId: IDS.acme.company2,
      balance: 4_321,
      memo: 'console',
      code: 'C002',
      name: 'Second 100% Shop',
    });
    expect(points.rows[0]!.readAt).not.toBe('');

    const credit = await readCreditPage(
      db,
      TENANT,
      { ...query, tab: 'credit', sort: 'creditAmount', filters: { q: 'first tea' } },
      'mirror',
    );
    expect(credit.rows).toMatchObject([
      { companyId: COMPANY, creditAmount: 123_456, code: 'C001', name: 'First Tea House', utilisation: 0 },
    ]);
    // The snapshot (no refresh job ran here: it holds only the company the console edited) is not what it reads.
    expect((await readPointPage(db, TENANT, query)).total).toBe(1);
  });

  it('names the companies of a quota edit’s preview from the mirror’s copy, which the snapshot does not hold', async () => {
    const other = (await client.list('companies', { pageSize: 100 })).data.find((c) => c.id !== COMPANY)!;
    expect(await companyNames(db, TENANT, [COMPANY, other.id], true)).toEqual(
      new Map([
        [COMPANY, 'First Tea House'],
        [other.id, other.name],
      ]),
    );
    // The snapshot (no refresh job ran here) has no name for it.
    expect((await companyNames(db, TENANT, [other.id], false)).get(other.id) ?? null).toBeNull();
  });
});
