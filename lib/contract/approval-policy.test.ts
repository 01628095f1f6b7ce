import { describe, expect, it } from 'vitest';
import {
  approvalPolicy,
  changePercent,
  creditRulesTripped,
  DEMO_APPROVAL_POLICY,
  NO_APPROVAL_POLICY,
  pointRulesTripped,
  type ApprovalPolicy,
} from './approval-policy';

// The demo policy: a credit limit increase over 20 % or over NT$100,000, turning control off, a point balance
// change over 10,000 points; plus one listed company for the list rule.
const policy: ApprovalPolicy = {
  ...DEMO_APPROVAL_POLICY,
  credit: { ...DEMO_APPROVAL_POLICY.credit, companyCodes: ['C0042'] },
};
const on = (creditAmount: number) => ({ creditAmount, enabled: true });

describe('credit quota changes under the policy', () => {
  it.each([
    // [what, before, after, rules]
    ['20 % exactly applies at once', on(100_000), { creditAmount: 120_000 }, []],
    ['just over 20 % needs approval', on(100_000), { creditAmount: 120_000.01 }, ['credit_increase_percent']],
    ['just under 20 % applies', on(100_000), { creditAmount: 119_999.99 }, []],
    ['NT$100,000 exactly on a large limit applies', on(10_000_000), { creditAmount: 10_100_000 }, []],
    [
      'over NT$100,000 on a large limit needs approval',
      on(10_000_000),
      { creditAmount: 10_100_000.01 },
      ['credit_increase_amount'],
    ],
    [
      'both thresholds at once',
      on(400_000),
      { creditAmount: 600_000 },
      ['credit_increase_percent', 'credit_increase_amount'],
    ],
    ['from 0 any increase is over the percent', on(0), { creditAmount: 1 }, ['credit_increase_percent']],
    ['a 50 % raise', on(2_000_000), { creditAmount: 3_000_000 }, ['credit_increase_percent', 'credit_increase_amount']],
    ['a +5 % raise applies', on(1_000_000), { creditAmount: 1_050_000 }, []],
    ['a decrease applies, however large', on(10_000_000), { creditAmount: 0 }, []],
    ['no change trips nothing', on(500_000), { creditAmount: 500_000 }, []],
    ['a memo-only write trips nothing', on(500_000), {}, []],
    ['control off needs approval', on(500_000), { enabled: false }, ['credit_control_off']],
    ['control on applies', { creditAmount: 500_000, enabled: false }, { enabled: true }, []],
    [
      'control off with a decrease still needs approval',
      on(500_000),
      { creditAmount: 1, enabled: false },
      ['credit_control_off'],
    ],
    [
      '4-decimal amounts at the threshold are not caught by rounding',
      on(100_000.1),
      { creditAmount: 200_000.1 },
      ['credit_increase_percent'],
    ],
    ['4-decimal amount exactly NT$100,000 more applies', on(1_000_000.1234), { creditAmount: 1_100_000.1234 }, []],
  ] as const)('%s', (_what, before, after, rules) => {
    expect(creditRulesTripped(policy, 'C0001', before, after)).toEqual(rules);
  });

  it('catches every change of a listed company, decreases and control on included', () => {
    expect(creditRulesTripped(policy, 'C0042', on(500_000), { creditAmount: 400_000 })).toEqual([
      'credit_listed_company',
    ]);
    expect(creditRulesTripped(policy, ' C0042 ', { creditAmount: 1, enabled: false }, { enabled: true })).toEqual([
      'credit_listed_company',
    ]);
    expect(creditRulesTripped(policy, 'C0042', on(100_000), { creditAmount: 130_000 })).toEqual([
      'credit_listed_company',
      'credit_increase_percent',
    ]);
    // A write that changes nothing is no change, even for a listed company.
    expect(creditRulesTripped(policy, 'C0042', on(100_000), { creditAmount: 100_000 })).toEqual([]);
  });

  it('with no policy nothing needs approval', () => {
    expect(creditRulesTripped(NO_APPROVAL_POLICY, 'C0001', on(0), { creditAmount: 1e12, enabled: false })).toEqual([]);
    expect(pointRulesTripped(NO_APPROVAL_POLICY, 0, 1e9)).toEqual([]);
  });

  it('a threshold left empty is not a rule', () => {
    const amountOnly = { ...policy, credit: { ...policy.credit, increasePercent: null } };
    expect(creditRulesTripped(amountOnly, 'C0001', on(0), { creditAmount: 100_000 })).toEqual([]);
    expect(creditRulesTripped(amountOnly, 'C0001', on(0), { creditAmount: 100_001 })).toEqual([
      'credit_increase_amount',
    ]);
  });
});

describe('point balance changes under the policy', () => {
  it.each([
    [0, 10_000, []],
    [0, 10_000.0001, ['point_balance_change']],
    [50_000, 40_000, []],
    [50_000, 39_999, ['point_balance_change']],
    [1_000, 1_000, []],
  ] as const)('%d → %d', (before, after, rules) => {
    expect(pointRulesTripped(policy, before, after)).toEqual(rules);
  });
});

describe('the policy as stored', () => {
  it('accepts the demo policy and refuses thresholds that are not positive', () => {
    expect(approvalPolicy.parse(DEMO_APPROVAL_POLICY)).toEqual(DEMO_APPROVAL_POLICY);
    const bad = { ...DEMO_APPROVAL_POLICY, credit: { ...DEMO_APPROVAL_POLICY.credit, increasePercent: 0 } };
    expect(approvalPolicy.safeParse(bad).success).toBe(false);
  });

  it('reports the change in percent, none from 0', () => {
    expect(changePercent(2_000_000, 3_000_000)).toBe(50);
    expect(changePercent(0, 5)).toBeNull();
  });
});
