import { describe, expect, it } from 'vitest';
import { checkRows } from './check';
import { FAMILIES } from './families';
import { readFailedSync } from './failed-sync';

const companies = FAMILIES.companies;
const body = JSON.stringify([
  { outerSysCode: 'C1', name: 'One' },
  { outerSysCode: 'C2', name: 'x'.repeat(60) },
  { outerSysCode: 'C3', name: 'Three' },
  { outerSysCode: 'C2', name: 'Two again', shortName: 'y'.repeat(25), extra: 1 },
  { outerSysCode: 'C5', name: 'Five' },
]);

describe('open a failed sync', () => {
  it('shows only the failed items, matched by index even when codes repeat, with each error on its field', () => {
    // The answer lists items out of order; item 3 has the same code as item 1.
    const answer = JSON.stringify({
      items: [
        { index: 3, status: 'failed', id: null, errors: ['short_name_too_long'] },
        { index: 0, status: 'created', id: 10, errors: [] },
        { index: 1, status: 'failed', id: null, errors: ['name_too_long'] },
        { index: 2, status: 'updated', id: 11, errors: [] },
        { index: 4, status: 'created', id: 12, errors: [] },
        { index: 9, status: 'failed', errors: ['name_too_long'] },
      ],
    });
    const read = readFailedSync(companies, body, answer);
    if ('error' in read) throw new Error(read.error);
    expect(read.headers).toEqual(['outerSysCode', 'name', 'shortName']);
    expect(read.rows.map((r) => r.index)).toEqual([1, 3]);
    expect(read.rows[0]!.cells).toEqual(['C2', 'x'.repeat(60), '']);
    // Each error says the limit and the length sent, from the contract's limits (a company's name: 50).
    expect(read.rows[0]!.errors).toEqual([
      { code: 'name_too_long', field: 'name', params: { expect: 'tooLong', length: 60, max: 50 } },
    ]);
    expect(read.rows[1]!.cells).toEqual(['C2', 'Two again', 'y'.repeat(25)]);
    expect(read.rows[1]!.errors).toEqual([
      { code: 'short_name_too_long', field: 'shortName', params: { expect: 'tooLong', length: 25, max: 20 } },
    ]);
    expect(read.ignoredFields).toEqual(['extra']);
    expect(read.strayAnswers).toBe(1);
  });

  it('an item the answer does not mention is shown as unknown; without an answer every item is shown', () => {
    const partial = readFailedSync(
      companies,
      body,
      JSON.stringify({ items: [{ index: 0, status: 'created', errors: [] }] }),
    );
    if ('error' in partial) throw new Error(partial.error);
    expect(partial.rows.map((r) => r.index)).toEqual([1, 2, 3, 4]);
    expect(partial.rows[1]!.errors).toEqual([{ code: 'outcome_unknown' }]);
    const all = readFailedSync(companies, body);
    if ('error' in all) throw new Error(all.error);
    expect(all.rows).toHaveLength(5);
    expect(all.rows.every((r) => r.errors.length === 0)).toBe(true);
  });

  it('turns quota and bundle items into cells the import reads back to the same values', () => {
    const quota = readFailedSync(
      FAMILIES.pointQuotas,
      JSON.stringify([{ companyCode: 'C1', balance: 12.5, enabled: false }]),
      JSON.stringify({ items: [{ index: 0, companyCode: 'C1', status: 'failed', error: 'company_not_found' }] }),
    );
    if ('error' in quota) throw new Error(quota.error);
    expect(quota.rows[0]!.cells).toEqual(['C1', '12.5', 'false']);
    // A company not found is about the code that names it: the error sits beside that cell.
    expect(quota.rows[0]!.errors).toEqual([{ code: 'company_not_found', field: 'companyCode' }]);

    const components = [
      { componentSkuOuterSysCode: 'S1', quantity: 2, sort: 2 },
      { componentSkuId: 7, quantity: 1.5, sort: 1 },
    ];
    const bundle = readFailedSync(FAMILIES.bundles, JSON.stringify([{ outerSysCode: 'B1', components }]));
    if ('error' in bundle) throw new Error(bundle.error);
    expect(bundle.rows[0]!.cells).toEqual(['B1', 'id:7*1.5|S1*2']);
    const checked = checkRows(FAMILIES.bundles, bundle.headers, bundle.headers, [
      { line: 1, cells: bundle.rows[0]!.cells },
    ]);
    expect(checked.rows[0]!.item.components).toEqual([
      { componentSkuId: 7, quantity: 1.5, sort: 1 },
      { componentSkuOuterSysCode: 'S1', quantity: 2, sort: 2 },
    ]);
  });

  it('refuses a body that is not a batch, and an answer without items', () => {
    expect(readFailedSync(companies, '{')).toEqual({ error: 'sync_body_invalid' });
    expect(readFailedSync(companies, '{"items":[]}')).toEqual({ error: 'sync_body_not_array' });
    expect(readFailedSync(companies, '[]')).toEqual({ error: 'sync_body_empty' });
    expect(readFailedSync(companies, body, '{"data":[]}')).toEqual({ error: 'sync_answer_invalid' });
  });
});
