import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { gs1CheckDigitValid, type RuleId } from '@/lib/contract/attention';
import { describeOnConsoleDbs } from '../jobs/testing/db-engines';
import { storeReadBack } from '../mirror';
import { evaluateAfterSweep, evaluateWorkIfDue } from '.';
import { quotaRecord } from '../testing/quota-record';
import { skuRecord } from '../testing/sku-record';
import { companyRecord } from '../testing/company-record';

// Every rule on the console database (PGlite, and Postgres when its binaries exist): a violating record stored in
// the mirror the way a pass or a write-through stores it (storeReadBack, which evaluates what it changed) is
// found; the fix stored the same way resolves it; a near miss beside it is never found.

type Rec = Record<string, unknown> & { id: number };
type Entity = Parameters<typeof storeReadBack>[1][number]['entity'];

const sku = (id: number, fields: Partial<Rec> = {}): Rec => skuRecord(id, fields);
const component = (skuId: number, quantity = 1) => ({
  componentSkuId: skuId,
  componentSkuOuterSysCode: `S${skuId}`,
  componentSkuName: `SKU ${skuId}`,
  quantity,
  sort: 0,
});
const bundle = (id: number, fields: Partial<Rec> = {}): Rec => ({
  id,
  skuId: 90_000 + id,
  outerSysCode: `B${id}`,
  name: `Bundle ${id}`,
  status: 'Active',
  productCategoryId: 11,
  unit: null,
  spec: null,
  barcode: null,
  warehouse: null,
  price: 0,
  sellPrice: 0,
  quantityPrecision: 0,
  availableQty: 5,
  components: [component(1)],
  ...fields,
});
const product = (id: number, productCategoryId: number | null): Rec => ({
  id,
  outerSysCode: `P${id}`,
  name: `Product ${id}`,
  productCategoryId,
  status: 'Active',
});
const category = (id: number): Rec => ({ id, name: `Category ${id}`, parentId: null, isAssignable: true });
const person = (id: number, status: string): Rec => ({
  id,
  account: `u${id}`,
  name: `User ${id}`,
  email: `u${id}@example.com`,
  roleId: 1,
  status,
  outerSysCode: null,
});
const quota = quotaRecord;

describeOnConsoleDbs('needs attention', (db) => {
  beforeAll(async () => {
    // The records the rules look beside: an active component SKU, a category, an active salesperson.
    await store('skus', [sku(1)]);
    await store('productCategories', [category(11)]);
    await store('internalUsers', [person(7, 'Active')]);
  }, 120_000);

  async function store(entity: Entity, records: Rec[]) {
    await storeReadBack(db(), [{ entity, records }]);
  }

  /** The record ids of a rule's unresolved findings, and their values. */
  async function findings(rule: RuleId) {
    const { rows } = await sql<{ record_id: string; offending: Record<string, unknown> }>`
      select record_id, offending from attention_finding where rule = ${rule} and resolved_at is null order by record_id`.execute(
      db(),
    );
    return rows;
  }
  const ids = async (rule: RuleId) => (await findings(rule)).map((f) => Number(f.record_id));

  /** History's entries for a record: the finding's action under the rule's operation. */
  async function history(type: string, id: number) {
    const { rows } = await sql<{ action: string; operation: string }>`
      select c.action, l.operation from audit_change c join audit_log l on l.id = c.audit_id
      where c.record_type = ${type} and c.record_id = ${String(id)} and c.source = 'attention' order by c.id`.execute(
      db(),
    );
    return rows.map((r) => `${r.action} ${r.operation.replace('attention ', '')}`);
  }

  it("runs the contract's GS1 check digit rule in SQL: both agree on every length and every last digit", async () => {
    const codes = [8, 12, 13, 14].flatMap((length) =>
      Array.from({ length: 250 }, (_, i) =>
        String((i * 7_919_123_457 + length * 31) % 10 ** length).padStart(length, '0'),
      ),
    );
    const { rows } = await sql<{ code: string; valid: boolean }>`
      select code, attention_gs1_valid(code) as valid from unnest(${codes}::text[]) as code`.execute(db());
    expect(rows.filter((r) => r.valid).length).toBeGreaterThan(50);
    for (const row of rows) expect(row.valid, row.code).toBe(gs1CheckDigitValid(row.code));
  });

  it('SKU barcodes: a wrong check digit is found (EAN-13, EAN-8), a right one and a non-GS1 code are not; fixing resolves', async () => {
    await store('skus', [
      sku(101, { barcode: '4006381333932' }),
      sku(102, { barcode: '96385075' }),
      sku(103, { barcode: '4006381333931' }),
      sku(104, { barcode: 'INTERNAL-7' }),
    ]);
    expect(await ids('sku-barcode-check-digit')).toEqual([101, 102]);
    expect((await findings('sku-barcode-check-digit'))[0]!.offending).toEqual({ barcode: '4006381333932' });
    await store('skus', [sku(101, { barcode: '4006381333948' })]);
    expect(await ids('sku-barcode-check-digit')).toEqual([102]);
    expect(await history('skus', 101)).toEqual(['opened sku-barcode-check-digit', 'resolved sku-barcode-check-digit']);
  });

  it('a barcode an active SKU repeats is found on the SKU repeating it; an inactive duplicate is a near miss; a new barcode for the first resolves it', async () => {
    await store('skus', [
      sku(111, { barcode: '5000000000012' }),
      sku(112, { barcode: '5000000000012' }),
      sku(113, { barcode: '5000000000029' }),
      sku(114, { barcode: '5000000000029', status: 'Inactive' }),
    ]);
    expect(await ids('sku-barcode-shared')).toEqual([112]);
    expect((await findings('sku-barcode-shared'))[0]!.offending).toEqual({
      barcode: '5000000000012',
      otherSkus: ['S111'],
    });
    // Only 111 is changed: 112's finding resolves, as it repeats nothing now.
    await store('skus', [sku(111, { barcode: '5000000000036' })]);
    expect(await ids('sku-barcode-shared')).toEqual([]);
  });

  it('an active SKU without a sell price is found, an inactive one is not; a price resolves it', async () => {
    await store('skus', [
      sku(121, { sellPrice: 0 }),
      sku(122, { sellPrice: 0, status: 'Inactive' }),
      sku(123, { sellPrice: 1 }),
    ]);
    expect(await ids('sku-no-sell-price')).toEqual([121]);
    await store('skus', [sku(121, { sellPrice: 99 })]);
    expect(await ids('sku-no-sell-price')).toEqual([]);
  });

  it('a sell price above the list price is found, one equal to it is not; lowering it resolves', async () => {
    await store('skus', [sku(131, { price: 100, sellPrice: 120 }), sku(132, { price: 100, sellPrice: 100 })]);
    expect(await ids('sku-sell-above-list')).toEqual([131]);
    expect((await findings('sku-sell-above-list'))[0]!.offending).toEqual({ sellPrice: 120, price: 100 });
    await store('skus', [sku(131, { price: 100, sellPrice: 90 })]);
    expect(await ids('sku-sell-above-list')).toEqual([]);
  });

  it('stray spaces in a code or name are found, a single inner space is not; trimming resolves', async () => {
    await store('skus', [
      sku(141, { name: 'Oolong  tea' }),
      sku(142, { outerSysCode: 'S142 ' }),
      sku(143, { name: 'Oolong tea 烏龍茶' }),
    ]);
    expect(await ids('sku-text-spacing')).toEqual([141, 142]);
    expect((await findings('sku-text-spacing'))[1]!.offending).toEqual({ outerSysCode: 'S142 ' });
    await store('skus', [sku(141, { name: 'Oolong tea' }), sku(142)]);
    expect(await ids('sku-text-spacing')).toEqual([]);
  });

  it("never takes a finding's values for the console's own write: a change outside back to them is still recorded", async () => {
    await store('skus', [sku(133, { sellPrice: 180 })]);
    await store('skus', [sku(133, { sellPrice: 210 })]);
    await store('skus', [sku(133, { sellPrice: 180 })]);
    await store('skus', [sku(133, { sellPrice: 210 })]);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from audit_change where record_type = 'skus' and record_id = '133' and source = 'outside'`.execute(
      db(),
    );
    expect(rows[0]!.n).toBe(3);
    expect(await history('skus', 133)).toEqual([
      'opened sku-sell-above-list',
      'resolved sku-sell-above-list',
      'opened sku-sell-above-list',
    ]);
  });

  it('full-width letters and digits are found, full-width brackets in a Chinese name are not; half-width resolves', async () => {
    await store('skus', [sku(151, { outerSysCode: 'Ｓ０１５１' }), sku(152, { name: '烏龍茶（大）' })]);
    expect(await ids('sku-text-full-width')).toEqual([151]);
    await store('skus', [sku(151, { outerSysCode: 'S0151' })]);
    expect(await ids('sku-text-full-width')).toEqual([]);
  });

  it('a price changed outside by more than half is found, by less is not; a later correction resolves it', async () => {
    await store('skus', [sku(161, { sellPrice: 100 }), sku(162, { sellPrice: 100 })]);
    // Each stored change is recorded as made outside the console (no console write claims it).
    await store('skus', [sku(161, { sellPrice: 300 }), sku(162, { sellPrice: 140 })]);
    expect(await ids('sku-price-jump')).toEqual([161]);
    expect((await findings('sku-price-jump'))[0]!.offending).toMatchObject({ field: 'sellPrice', from: 100, to: 300 });
    await store('skus', [sku(161, { sellPrice: 320 })]);
    expect(await ids('sku-price-jump')).toEqual([]);
  });

  it('a bundle with an inactive, missing or bundle component is found through the SKU that changed; reactivating resolves', async () => {
    await store('skus', [sku(171), sku(90_172)]);
    await store('bundles', [
      bundle(172),
      bundle(173, { components: [component(171), component(99_999)] }),
      bundle(174, { components: [component(90_172)] }),
      bundle(175, { components: [component(171)], status: 'Inactive' }),
    ]);
    // 173 lacks SKU 99999; 174's component is bundle 172's own SKU.
    expect(await ids('bundle-component-unusable')).toEqual([173, 174]);
    await store('skus', [sku(171, { status: 'Inactive' })]);
    expect((await findings('bundle-component-unusable'))[0]!.offending).toEqual({
      components: [
        { sku: 'S171', problem: 'inactive' },
        { sku: 'S99999', problem: 'missing' },
      ],
    });
    await store('bundles', [bundle(173, { components: [component(1)] }), bundle(174, { components: [component(1)] })]);
    expect(await ids('bundle-component-unusable')).toEqual([]);
  });

  it('an active bundle with none to assemble is found with its limiting component; stock resolves it', async () => {
    await store('skus', [sku(181, { inventoryQty: 0 }), sku(182, { inventoryQty: 50 })]);
    await store('bundles', [
      bundle(183, { availableQty: 0, components: [component(182, 2), component(181, 1)] }),
      bundle(184, { availableQty: 1, components: [component(182)] }),
      bundle(185, { availableQty: 0, status: 'Inactive' }),
    ]);
    expect(await ids('bundle-none-available')).toEqual([183]);
    expect((await findings('bundle-none-available'))[0]!.offending).toEqual({ availableQty: 0, limitingSku: 'S181' });
    await store('bundles', [bundle(183, { availableQty: 3, components: [component(182, 2), component(181, 1)] })]);
    expect(await ids('bundle-none-available')).toEqual([]);
  });

  it('a product whose category is gone is found after the sweep; the category back resolves it', async () => {
    await store('productCategories', [category(12)]);
    await store('products', [product(191, 12), product(192, 11)]);
    expect(await ids('product-category-missing')).toEqual([]);
    await sql`update mirror_product_category set vanished_at = now() where id = 12`.execute(db());
    await evaluateAfterSweep(db(), 'productCategories');
    expect(await ids('product-category-missing')).toEqual([191]);
    await store('productCategories', [category(12)]);
    expect(await ids('product-category-missing')).toEqual([]);
  });

  it('a company with no salesperson or an inactive one is found; an active one is not; activating resolves', async () => {
    await store('internalUsers', [person(8, 'Active')]);
    await store('companies', [companyRecord(201, 0), companyRecord(202, 8), companyRecord(203, 7)]);
    expect(await ids('company-salesperson')).toEqual([201]);
    await store('internalUsers', [person(8, 'Inactive')]);
    expect(await ids('company-salesperson')).toEqual([201, 202]);
    expect((await findings('company-salesperson'))[1]!.offending).toEqual({
      internalUserId: 8,
      salespersonStatus: 'Inactive',
    });
    await store('internalUsers', [person(8, 'Active')]);
    await store('companies', [companyRecord(201, 7)]);
    expect(await ids('company-salesperson')).toEqual([]);
  });

  it('credit: over the limit with control on is found, with control off is not; 90 % used is near the limit, 89 % is not', async () => {
    await store('quotas', [
      quota(211, { amount: 1000, available: -50 }),
      quota(212, { amount: 1000, available: -50, enabled: false }),
      quota(213, { amount: 1000, available: 100 }),
      quota(214, { amount: 1000, available: 110 }),
    ]);
    expect(await ids('quota-over-limit')).toEqual([211]);
    expect(await ids('quota-near-limit')).toEqual([213]);
    await store('quotas', [
      quota(211, { amount: 2000, available: 950 }),
      quota(213, { amount: 2000, available: 1100 }),
    ]);
    expect(await ids('quota-over-limit')).toEqual([]);
    expect(await ids('quota-near-limit')).toEqual([]);
    expect(await history('companies', 211)).toEqual(['opened quota-over-limit', 'resolved quota-over-limit']);
  });

  it('a negative point balance is found, a zero one is not; a top-up resolves it', async () => {
    await store('quotas', [quota(221, { amount: 0, available: 0 }, -5), quota(222, { amount: 0, available: 0 }, 0)]);
    expect(await ids('quota-negative-points')).toEqual([221]);
    await store('quotas', [quota(221, { amount: 0, available: 0 }, 10)]);
    expect(await ids('quota-negative-points')).toEqual([]);
  });

  it('an import with rows not sent or failed is found; one whose rows all went is not; a resend resolves it', async () => {
    const imported = async (statuses: string[]) => {
      const { rows } = await sql<{ id: string }>`
        insert into import (family, file_name, encoding, delimiter, headers, mapping, total_rows, state, created_by, created_by_email)
        values ('skus', 'skus.csv', 'utf-8', ',', '[]', '{}', ${statuses.length}, 'settled', 'u', 'u@example.com')
        returning id::text as id`.execute(db());
      const id = rows[0]!.id;
      for (const [n, status] of statuses.entries())
        await sql`insert into import_row (import_id, row_no, line, cells, status) values (${id}, ${n + 1}, ${n + 2}, '[]', ${status})`.execute(
          db(),
        );
      return Number(id);
    };
    const waiting = await imported(['created', 'failed', 'not_sent', 'not_sent']);
    await imported(['created', 'updated']);
    await evaluateWorkIfDue(db(), 0);
    expect(await ids('import-rows-waiting')).toEqual([waiting]);
    expect((await findings('import-rows-waiting'))[0]!.offending).toEqual({ notSent: 2, failed: 1 });
    await sql`update import_row set status = 'created' where import_id = ${waiting}`.execute(db());
    await evaluateWorkIfDue(db(), 0);
    expect(await ids('import-rows-waiting')).toEqual([]);
  });
});
