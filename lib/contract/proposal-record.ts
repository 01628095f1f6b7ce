import type { ApprovalPolicy, ApprovalRule } from './approval-policy';
import type { FieldDiff } from './history';

/**
 * A step of a proposal (issue 61 point 5) as History and the audit log keep it: not field changes (a proposal, a
 * rejection, a withdrawal or an expiry changed nothing on the platform, so it offers no restore and never reads as a
 * write), but one record the pages tell in words: "Credit limit NT$1,560,000 → NT$2,340,000: over 20 % and over
 * NT$100,000; approved by …", with the decider's comment beside its own decision. The write an approval sends is
 * recorded apart, as any quota write.
 */
export const PROPOSAL_STEPS = [
  'proposed',
  'approved',
  'rejected',
  'withdrawn',
  'expired',
  'refused',
  'unknown',
] as const;
export type ProposalStep = (typeof PROPOSAL_STEPS)[number];

/** The key the record is kept under among an entry's changes (never a field name: fields are camelCase). */
export const PROPOSAL_FIELD = '$proposal';

type Values = { amount: number; enabled: boolean };
type Threshold = number | null;

/**
 * A plain type, not a zod schema: History entries and audit rows are read in the browser, whose first load carries
 * no zod (components/data-table/first-load.test.ts); the console writes these records itself (approvals/record.ts).
 */
export type ProposalRecord = {
  id: string;
  step: ProposalStep;
  family: 'credit' | 'point';
  old: Values;
  new: Values;
  rules: ApprovalRule[];
  /** The policy's thresholds the rules were judged by, as they stood when it was proposed. */
  thresholds: { percent: Threshold; amount: Threshold; points: Threshold };
  proposedBy: string;
  reason: string;
  /** Who decided this step (approved, rejected, withdrew); null for a proposal and an expiry. */
  decidedBy: string | null;
  /** The comment written for this decision, and only for it. */
  comment: string | null;
  /** Why an approved write was refused or may not have been applied (an error code). */
  outcomeCode: string | null;
};

export function thresholdsOf(policy: ApprovalPolicy): ProposalRecord['thresholds'] {
  return {
    percent: policy.credit.increasePercent,
    amount: policy.credit.increaseAmount,
    points: policy.point.balanceChange,
  };
}

/** The record as the one "change" of its History entry. */
export function proposalChange(record: ProposalRecord): FieldDiff {
  return { field: PROPOSAL_FIELD, to: record };
}

/** The proposal step an entry's changes hold, or null for any other entry (or a record of another shape). */
export function proposalRecordOf(changes: readonly FieldDiff[] | null | undefined): ProposalRecord | null {
  const change = changes?.find((c) => c.field === PROPOSAL_FIELD);
  return change && isProposalRecord(change.to) ? change.to : null;
}

const isValues = (v: unknown): v is Values =>
  typeof v === 'object' && v !== null && typeof (v as Values).amount === 'number';

function isProposalRecord(v: unknown): v is ProposalRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Partial<Record<keyof ProposalRecord, unknown>>;
  return (
    typeof r.id === 'string' &&
    PROPOSAL_STEPS.some((step) => step === r.step) &&
    (r.family === 'credit' || r.family === 'point') &&
    isValues(r.old) &&
    isValues(r.new) &&
    Array.isArray(r.rules) &&
    typeof r.thresholds === 'object' &&
    r.thresholds !== null
  );
}
