import 'server-only';
import { sql, type Kysely } from 'kysely';
import { approvalPolicy, DEMO_APPROVAL_POLICY, type ApprovalPolicy } from '@/lib/contract/approval-policy';
import { proposalChange, thresholdsOf, type ProposalRecord, type ProposalStep } from '@/lib/contract/proposal-record';
import { recordAudit } from '../audit';
import type { ConsoleDatabase } from '../db';
import type { Person, Proposal } from './proposals';

/**
 * Every step of a proposal on the record: one audit entry filed under the company's History, naming the person and
 * holding the proposal as one record (lib/contract/proposal-record): old → new, the rules with the policy's
 * thresholds as they stood, the reason, and the comment of this decision only. The pages tell it in words; it holds
 * no field change, since the step changed nothing on the platform (no restore is offered for it). The write an
 * approval sends is recorded by the quota edit's own path as any quota write, under the approver's name.
 */
export type { ProposalStep };

/** The thresholds of the policy a proposal was judged by: its saved version, else the start's default. */
async function thresholdsFor(db: Kysely<ConsoleDatabase>, proposal: Proposal) {
  if (proposal.policyVersion !== null) {
    const { rows } = await sql<{ policy: unknown }>`
      select policy from approval_policy where version = ${proposal.policyVersion}
    `.execute(db);
    const parsed = approvalPolicy.safeParse(rows[0]?.policy);
    if (parsed.success) return thresholdsOf(parsed.data);
  }
  // No saved version: only the demo's start default catches anything (outside demo mode nothing is caught).
  return thresholdsOf(DEMO_APPROVAL_POLICY);
}

/** The proposal step as History keeps it; the comment only on a decision that carried one. */
export async function proposalRecordFor(
  db: Kysely<ConsoleDatabase>,
  step: ProposalStep,
  proposal: Proposal,
): Promise<ProposalRecord> {
  const decided = step !== 'proposed' && step !== 'expired';
  return {
    id: proposal.id,
    step,
    family: proposal.family,
    old: { amount: proposal.old.amount, enabled: proposal.old.enabled },
    new: { amount: proposal.new.amount, enabled: proposal.new.enabled },
    rules: [...proposal.rules],
    thresholds: await thresholdsFor(db, proposal),
    proposedBy: proposal.proposedBy.email,
    reason: proposal.reason,
    decidedBy: decided ? (proposal.decidedBy?.email ?? null) : null,
    comment: decided && step !== 'withdrawn' ? proposal.comment : null,
    outcomeCode: step === 'refused' || step === 'unknown' ? proposal.outcomeCode : null,
  };
}

/** The audit log's English for a step (pages tell the record in the person's language). */
function logWords(r: ProposalRecord): string {
  const unit = r.family === 'credit' ? 'NT$' : '';
  const value = (v: ProposalRecord['old']) => `${unit}${v.amount.toLocaleString('en')} ${v.enabled ? 'on' : 'off'}`;
  return [
    `proposal ${r.id} ${r.step}: ${r.family} ${value(r.old)} → ${value(r.new)}`,
    `proposed by ${r.proposedBy}`,
    r.decidedBy ? `decided by ${r.decidedBy}` : null,
    `reason: ${r.reason}`,
    r.comment ? `comment: ${r.comment}` : null,
  ]
    .filter(Boolean)
    .join('; ');
}

export async function recordProposalStep(
  db: Kysely<ConsoleDatabase>,
  step: ProposalStep,
  proposal: Proposal,
  by: Person,
): Promise<void> {
  const record = await proposalRecordFor(db, step, proposal);
  await recordAudit(db, {
    userId: by.id,
    userEmail: by.email,
    operation: `action approvals.${step}`,
    targetIds: [String(proposal.companyId)],
    status: step === 'refused' ? 400 : step === 'unknown' ? 502 : 200,
    outcome: logWords(record),
    result: null,
    recordType: 'companies',
    changes: [proposalChange(record)],
  });
}

const POLICY_FIELDS = {
  'credit.increasePercent': (p: ApprovalPolicy) => p.credit.increasePercent,
  'credit.increaseAmount': (p: ApprovalPolicy) => p.credit.increaseAmount,
  'credit.controlOff': (p: ApprovalPolicy) => p.credit.controlOff,
  'credit.companyCodes': (p: ApprovalPolicy) => p.credit.companyCodes.join(' '),
  'point.balanceChange': (p: ApprovalPolicy) => p.point.balanceChange,
  expiryDays: (p: ApprovalPolicy) => p.expiryDays,
  windowDays: (p: ApprovalPolicy) => p.windowDays,
};

/** A saved version of the policy on the record: its number and each setting that changed, old → new. */
export async function recordPolicySaved(
  db: Kysely<ConsoleDatabase>,
  input: { version: number; before: ApprovalPolicy; after: ApprovalPolicy; by: Person },
): Promise<void> {
  const changed = Object.entries(POLICY_FIELDS)
    .map(([field, read]) => ({ field, from: read(input.before), to: read(input.after) }))
    .filter((c) => c.from !== c.to)
    .map(
      (c) =>
        `${c.field}: ${c.from === null || c.from === '' ? '—' : c.from} → ${c.to === null || c.to === '' ? '—' : c.to}`,
    );
  await recordAudit(db, {
    userId: input.by.id,
    userEmail: input.by.email,
    operation: 'action approvals.savePolicy',
    targetIds: [],
    status: 200,
    outcome: [`approval policy version ${input.version} saved`, ...changed].join('; '),
    result: null,
    recordType: null,
    changes: null,
  });
}
