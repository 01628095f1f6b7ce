import { z } from 'zod';
import { APPROVAL_RULES, type ApprovalPolicy } from './approval-policy';
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

const values = z.object({ amount: z.number(), enabled: z.boolean() });
const threshold = z.number().nullable();

export const proposalRecord = z.object({
  id: z.string(),
  step: z.enum(PROPOSAL_STEPS),
  family: z.enum(['credit', 'point']),
  old: values,
  new: values,
  rules: z.array(z.enum(APPROVAL_RULES)),
  /** The policy's thresholds the rules were judged by, as they stood when it was proposed. */
  thresholds: z.object({ percent: threshold, amount: threshold, points: threshold }),
  proposedBy: z.string(),
  reason: z.string(),
  /** Who decided this step (approved, rejected, withdrew); null for a proposal and an expiry. */
  decidedBy: z.string().nullable(),
  /** The comment written for this decision, and only for it. */
  comment: z.string().nullable(),
  /** Why an approved write was refused or may not have been applied (an error code). */
  outcomeCode: z.string().nullable(),
});
export type ProposalRecord = z.infer<typeof proposalRecord>;

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

/** The proposal step an entry's changes hold, or null for any other entry (or a record that no longer parses). */
export function proposalRecordOf(changes: readonly FieldDiff[] | null | undefined): ProposalRecord | null {
  const change = changes?.find((c) => c.field === PROPOSAL_FIELD);
  if (!change) return null;
  const parsed = proposalRecord.safeParse(change.to);
  return parsed.success ? parsed.data : null;
}
