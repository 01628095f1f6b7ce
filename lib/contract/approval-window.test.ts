import { describe, expect, it } from 'vitest';
import {
  APPROVAL_WINDOW_DAYS,
  approvalPolicy,
  creditRulesTripped,
  DEMO_APPROVAL_POLICY,
  pointRulesTripped,
} from './approval-policy';
import { quotaWindow, windowView, type QuotaEvent } from './approval-window';

// The policy's window on its own (issue 61 point 2), with the demo policy: a raise over 20 % or over NT$100,000
// needs approval, measured from the lowest limit the console's steps left in the window. A manager's approval and
// the ERP's write restart the count.
const step = (day: number, from: number | null, to: number | null, by = 'steward@example.com'): QuotaEvent => ({
  kind: 'step',
  at: `2026-12-0${day}T02:00:00.000Z`,
  from,
  to,
  byEmail: by,
});
const restart = (day: number, value: number, cause: 'approval' | 'erp'): QuotaEvent => ({
  kind: 'restart',
  at: `2026-12-0${day}T03:00:00.000Z`,
  value,
  cause,
});
const on = (creditAmount: number) => ({ creditAmount, enabled: true });

describe('a credit raise over the policy window', () => {
  it.each([
    // [what, events, live, new, rules]
    ['one +15 % step alone applies', [], 470_000, 540_500, []],
    [
      'a second +15 % step is +32 % over the window',
      [step(1, 470_000, 540_500)],
      540_500,
      621_575,
      ['credit_increase_percent', 'credit_increase_amount'],
    ],
    [
      'three +15 % steps: the third is +52 %',
      [step(1, 470_000, 540_500), step(2, 540_500, 621_575)],
      621_575,
      714_811,
      ['credit_increase_percent', 'credit_increase_amount'],
    ],
    [
      'two +9 % steps stay under 20 %',
      [step(1, 1_000_000, 1_090_000)],
      1_090_000,
      1_090_000 + 90_000,
      ['credit_increase_amount'],
    ],
    ['small steps under both thresholds apply', [step(1, 100_000, 105_000)], 105_000, 110_000, []],
    ['exactly 20 % over the window applies', [step(1, 100_000, 110_000)], 110_000, 120_000, []],
    [
      'an approved step restarts the count',
      [step(1, 470_000, 540_500), restart(2, 621_575, 'approval')],
      621_575,
      714_811,
      [],
    ],
    ['an ERP write restarts the count', [step(1, 470_000, 540_500), restart(2, 540_500, 'erp')], 540_500, 621_575, []],
    [
      'steps after a restart count from its value',
      [step(1, 100_000, 110_000), restart(2, 200_000, 'erp'), step(3, 200_000, 220_000)],
      220_000,
      240_000,
      [],
    ],
    [
      'steps after a restart still add up',
      [restart(1, 200_000, 'erp'), step(2, 200_000, 230_000)],
      230_000,
      250_000.01,
      ['credit_increase_percent'],
    ],
    [
      'a decrease then raises: the baseline is the lowest',
      [step(1, 500_000, 300_000), step(2, 300_000, 340_000)],
      340_000,
      380_000,
      ['credit_increase_percent'],
    ],
    [
      'a decrease then a raise back to where it was',
      [step(1, 500_000, 300_000)],
      300_000,
      500_000,
      ['credit_increase_percent', 'credit_increase_amount'],
    ],
    ['a decrease is never caught', [step(1, 100_000, 119_000)], 119_000, 50_000, []],
    ['an old value History did not read is left out', [step(1, null, 110_000)], 110_000, 130_000, []],
    [
      'an old value History did not read is the one the step before left',
      [step(1, 100_000, 110_000), step(2, null, 115_000)],
      115_000,
      125_000,
      ['credit_increase_percent'],
    ],
  ] as const)('%s', (_what, events, live, next, rules) => {
    const window = quotaWindow(30, events, live);
    expect(creditRulesTripped(DEMO_APPROVAL_POLICY, 'C1', on(live), { creditAmount: next }, window)).toEqual(rules);
  });

  it('names the steps that make up a raise, since the first of them', () => {
    const events = [step(1, 500_000, 470_000), step(2, 470_000, 540_500, 'a@x'), step(3, 540_500, 621_575, 'b@x')];
    const view = windowView(quotaWindow(30, events, 621_575), 621_575, 714_811);
    expect(view).toEqual({
      days: 30,
      base: 470_000,
      since: '2026-12-02T02:00:00.000Z',
      steps: [
        { at: '2026-12-02T02:00:00.000Z', from: 470_000, to: 540_500, byEmail: 'a@x' },
        { at: '2026-12-03T02:00:00.000Z', from: 540_500, to: 621_575, byEmail: 'b@x' },
      ],
    });
    // A raise the window adds nothing to has no view: it is judged alone.
    expect(windowView(quotaWindow(30, [], 100), 100, 110)).toBeNull();
    expect(windowView(quotaWindow(30, [restart(1, 100, 'approval')], 100), 100, 110)).toBeNull();
  });
});

describe('a point balance over the policy window', () => {
  it.each([
    ['a rise in two steps of 6,000', [step(1, 0, 6_000)], 6_000, 12_000, ['point_balance_change']],
    ['a cut in two steps of 6,000', [step(1, 20_000, 14_000)], 14_000, 8_000, ['point_balance_change']],
    ['up then down again stays within', [step(1, 0, 9_000)], 9_000, 0, []],
    ['an ERP write restarts the count', [step(1, 0, 6_000), restart(2, 6_000, 'erp')], 6_000, 12_000, []],
  ] as const)('%s', (_what, events, live, next, rules) => {
    expect(pointRulesTripped(DEMO_APPROVAL_POLICY, live, next, quotaWindow(30, events, live))).toEqual(rules);
  });
});

describe('the window in the stored policy', () => {
  it('reads a version saved before the window as 30 days, and keeps the days within the contract bounds', () => {
    const { windowDays: _w, ...older } = DEMO_APPROVAL_POLICY;
    expect(approvalPolicy.parse(older).windowDays).toBe(APPROVAL_WINDOW_DAYS.default);
    for (const days of [APPROVAL_WINDOW_DAYS.min - 1, APPROVAL_WINDOW_DAYS.max + 1, 1.5])
      expect(approvalPolicy.safeParse({ ...DEMO_APPROVAL_POLICY, windowDays: days }).success).toBe(false);
    expect(approvalPolicy.parse({ ...DEMO_APPROVAL_POLICY, windowDays: 7 }).windowDays).toBe(7);
  });
});
