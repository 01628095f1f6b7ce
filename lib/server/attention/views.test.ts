import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeOnConsoleDbs } from '../jobs/testing/db-engines';
import { storeReadBack } from '../mirror';
import { acceptFinding, readFindings, readRecordFindings, readSummary, reopenFinding } from '.';
import { quotaRecord } from '../testing/quota-record';
import { skuRecord } from '../testing/sku-record';
import { companyRecord } from '../testing/company-record';

// The home, a rule's findings and accept / reopen on the console database (PGlite, and Postgres when its binaries
// exist), over findings the mirror's store opened: what each role sees, the 7-day trend from the daily counts,
// accepted exceptions out of the counts until they lapse, and the refusals a person gets.

const sku = (id: number, fields: Record<string, unknown>) =>
  skuRecord(id, { outerSysCode: `V${id}`, inventoryQty: 1, ...fields });
/** A credit quota of 1,000 with `available` left, and a point balance of 1. */
const quota = (id: number, available: number) => quotaRecord(id, { amount: 1000, available }, 1);
const steward = { userId: 'u-steward', email: 'steward@example.com', role: 'steward' };
const viewer = { userId: 'u-viewer', email: 'viewer@example.com', role: 'viewer' };

describeOnConsoleDbs('the home and findings', (db) => {
  beforeAll(async () => {
    await storeReadBack(db(), [
      { entity: 'skus', records: [1, 2, 3].map((id) => sku(id, { sellPrice: 0 })) },
      { entity: 'skus', records: [sku(4, { sellPrice: 300 })] },
      { entity: 'quotas', records: [quota(10, -5)] },
    ]);
  }, 120_000);

  it("shows each role the rules it sees, most severe first, with a trend that carries a day's count over quiet days", async () => {
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    await sql`delete from attention_daily where rule = 'sku-no-sell-price'`.execute(db());
    for (const [back, count] of [
      [8, 2],
      [4, 3],
      [2, 5],
    ] as const)
      await sql`insert into attention_daily (rule, day, count) values ('sku-no-sell-price', ${day(back)}::date, ${count})`.execute(
        db(),
      );
    const home = await readSummary(db(), 'steward');
    expect(home.cards.map((c) => [c.rule, c.count])).toEqual([
      ['sku-no-sell-price', 3],
      ['quota-over-limit', 1],
      ['sku-sell-above-list', 1],
    ]);
    expect(home.cards[0]!.trend.map((t) => t.count)).toEqual([2, 2, 3, 3, 5, 5, 3]);
    expect(home.cards[0]!.trend.at(-1)!.day).toBe(day(0));
    expect(home).toMatchObject({ total: 5, mayAccept: true });

    const seenByViewer = await readSummary(db(), 'viewer');
    expect(seenByViewer.cards.map((c) => c.rule)).toEqual(['quota-over-limit']);
    expect(seenByViewer).toMatchObject({ total: 1, mayAccept: false });
    expect(await readFindings(db(), 'viewer', 'sku-no-sell-price', {})).toBeNull();
  });

  it('takes an accepted finding out of the counts until its expiry, and refuses what a person may not do', async () => {
    const [first] = (await readFindings(db(), 'steward', 'sku-no-sell-price', {}))!.rows;
    const id = first!.id;
    expect(await acceptFinding(db(), viewer, id, { reason: 'not mine' })).toEqual({
      ok: false,
      code: 'finding_not_found',
    });
    expect(await reopenFinding(db(), steward, id)).toEqual({ ok: false, code: 'finding_not_accepted' });
    const accepted = await acceptFinding(db(), steward, id, { reason: 'Free sample', expiresAt: null });
    expect(accepted).toMatchObject({
      ok: true,
      finding: { state: 'accepted', accepted: { by: 'steward@example.com' } },
    });
    expect(await acceptFinding(db(), steward, id, { reason: 'again' })).toEqual({
      ok: false,
      code: 'finding_not_open',
    });
    const home = await readSummary(db(), 'steward');
    expect(home.cards.find((c) => c.rule === 'sku-no-sell-price')!.count).toBe(2);
    expect((await readRecordFindings(db(), 'steward', 'skus', first!.record.id)).rows).toMatchObject([
      { id, state: 'accepted' },
    ]);

    // An exception whose expiry passed is open again without anybody reopening it.
    await sql`update attention_finding set accepted_until = now() - interval '1 minute' where id = ${id}`.execute(db());
    expect((await readSummary(db(), 'steward')).cards.find((c) => c.rule === 'sku-no-sell-price')!.count).toBe(3);
    expect(await reopenFinding(db(), steward, id)).toMatchObject({
      ok: true,
      finding: { state: 'open', accepted: null },
    });
  });

  it('names the salesperson a finding points at by code and name, not by id', async () => {
    const person = { id: 31, account: 'u31', name: '王小明', email: 'u31@example.com', roleId: 2 };
    await storeReadBack(db(), [
      { entity: 'internalUsers', records: [{ ...person, status: 'Inactive', outerSysCode: 'E0031' }] },
      { entity: 'companies', records: [companyRecord(501, 31), companyRecord(502, 99)] },
    ]);
    const page = await readFindings(db(), 'steward', 'company-salesperson', {});
    const values = Object.fromEntries(page!.rows.map((f) => [f.record.code, f.values.internalUserId]));
    expect(values).toEqual({ C501: { id: 31, code: 'E0031', name: '王小明' }, C502: 99 });
    const onRecord = await readRecordFindings(db(), 'steward', 'companies', '501');
    expect(onRecord.rows[0]!.values.internalUserId).toEqual({ id: 31, code: 'E0031', name: '王小明' });
  });
});
