import { describe, expect, it } from 'vitest';
import type { CheckResult, PreviewResult } from '@/lib/client/imports/worker-protocol';
import { autoCompares, currentMapping, initialState, wizardReducer, type WizardState } from './reducer';

const preview: PreviewResult = {
  detected: { encoding: 'utf-8', basis: 'bom' } as PreviewResult['detected'],
  encoding: 'utf-8',
  delimiter: ',',
  headers: ['outerSysCode', 'name'],
  rows: [['C1', 'One']],
};
const checked = (rows: number, toSend: number): CheckResult =>
  ({ counts: { rows, toSend, heldBack: rows - toSend, warned: 0 }, issueRows: [] }) as unknown as CheckResult;

const run = (...actions: Parameters<typeof wizardReducer>[1][]): WizardState =>
  actions.reduce(wizardReducer, initialState);

describe('the import wizard reducer', () => {
  it('goes family → file → preview → check, and a small comparable check goes on to compare by itself', () => {
    const file = new File(['x'], 'a.csv');
    const state = run(
      { type: 'familyChosen', family: 'companies' },
      { type: 'fileChosen', file },
      { type: 'previewed', result: preview },
    );
    expect(state).toMatchObject({ family: 'companies', file, phase: 'idle', encoding: 'utf-8', delimiter: ',' });
    const checking = wizardReducer(state, { type: 'checkStarted' });
    expect(checking.phase).toBe('checking');
    expect(wizardReducer(checking, { type: 'checked', result: checked(3, 3) }).phase).toBe('comparing');
    expect(wizardReducer(checking, { type: 'checked', result: checked(3, 0) }).phase).toBe('idle');
  });

  it('restoring leading zeros keeps the comparison in view while the rows are checked and compared again', () => {
    const compared = {
      counts: { create: 0, update: 0, same: 1, not_found: 0, ambiguous: 0, would_fail: 1 },
      byCode: 0,
      records: 2,
      rows: [],
      restorable: 1,
    };
    const before = run(
      { type: 'familyChosen', family: 'skus' },
      { type: 'checked', result: checked(2, 2) },
      { type: 'compared', result: compared },
    );
    const restoring = wizardReducer(before, { type: 'restoreStarted' });
    expect(restoring).toMatchObject({ phase: 'comparing', compared });
    const rechecked = wizardReducer(restoring, { type: 'rechecked', result: checked(2, 1) });
    expect(rechecked).toMatchObject({ phase: 'comparing', compared, check: checked(2, 1) });
    const after = { ...compared, counts: { ...compared.counts, update: 1, would_fail: 0 }, restorable: undefined };
    expect(wizardReducer(rechecked, { type: 'compared', result: after })).toMatchObject({
      phase: 'idle',
      compared: after,
    });
  });

  it('compares by itself only for a comparable family and a file of at most 20,000 rows', () => {
    expect(autoCompares('skus', checked(20_000, 1))).toBe(true);
    expect(autoCompares('skus', checked(20_001, 1))).toBe(false);
    expect(autoCompares('', checked(3, 3))).toBe(false);
  });

  it("keeps the user's mapping only while the automatic mapping it was made from is still in force", () => {
    const automatic = ['outerSysCode', 'name'];
    const state = wizardReducer(initialState, {
      type: 'mappingEdited',
      basis: automatic,
      mapping: ['outerSysCode', null],
    });
    expect(currentMapping(state, automatic)).toEqual(['outerSysCode', null]);
    expect(currentMapping(state, ['outerSysCode', 'name'])).toEqual(['outerSysCode', 'name']);
  });

  it('a new file or family drops the check, the comparison and a failure', () => {
    const failed = run(
      { type: 'familyChosen', family: 'skus' },
      { type: 'checked', result: checked(1, 1) },
      { type: 'failed', failure: { code: 'network_error' } },
    );
    expect(failed).toMatchObject({ phase: 'idle', failure: { code: 'network_error' } });
    const again = wizardReducer(failed, { type: 'fileChosen', file: new File(['y'], 'b.csv') });
    expect(again).toMatchObject({ check: null, compared: null, failure: null, phase: 'previewing' });
    expect(wizardReducer(failed, { type: 'familyChosen', family: 'products' }).check).toBeNull();
  });
});
