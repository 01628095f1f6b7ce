import 'server-only';
import type { Kysely } from 'kysely';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import type { FieldDiff } from '@/lib/contract/history';
import { recordAudit } from '../audit';
import type { ConsoleDatabase } from '../db';
import type { Person, Proposal } from './proposals';

/**
 * Every step of a proposal on the record: one audit entry filed under the company's History, naming the person,
 * the proposed old → new, the rules, the reason and the decider's comment. The write an approval sends is
 * recorded by the quota edit's own path as any quota write, under the approver's name.
 */
export type ProposalStep = 'proposed' | 'approved' | 'rejected' | 'withdrawn' | 'expired' | 'refused' | 'unknown';

function diff(p: Proposal): FieldDiff[] {
  const changes: FieldDiff[] = [];
  if (p.old.amount !== p.new.amount)
    changes.push({ field: p.family === 'credit' ? 'creditAmount' : 'balance', from: p.old.amount, to: p.new.amount });
  if (p.old.enabled !== p.new.enabled) changes.push({ field: 'enabled', from: p.old.enabled, to: p.new.enabled });
  return changes;
}

export async function recordProposalStep(
  db: Kysely<ConsoleDatabase>,
  step: ProposalStep,
  proposal: Proposal,
  by: Person,
): Promise<void> {
  const words = [
    `${step} (proposal ${proposal.id}, ${proposal.family}, by ${proposal.proposedBy.email})`,
    `rules: ${proposal.rules.join(', ')}`,
    `reason: ${proposal.reason}`,
    proposal.comment && step !== 'proposed' ? `comment: ${proposal.comment}` : null,
  ].filter(Boolean);
  await recordAudit(db, {
    userId: by.id,
    userEmail: by.email,
    operation: `action approvals.${step}`,
    targetIds: [String(proposal.companyId)],
    status: step === 'refused' ? 400 : step === 'unknown' ? 502 : 200,
    outcome: words.join('; '),
    result: null,
    recordType: 'companies',
    changes: diff(proposal),
  });
}

const POLICY_FIELDS = {
  'credit.increasePercent': (p: ApprovalPolicy) => p.credit.increasePercent,
  'credit.increaseAmount': (p: ApprovalPolicy) => p.credit.increaseAmount,
  'credit.controlOff': (p: ApprovalPolicy) => p.credit.controlOff,
  'credit.companyCodes': (p: ApprovalPolicy) => p.credit.companyCodes.join(' '),
  'point.balanceChange': (p: ApprovalPolicy) => p.point.balanceChange,
  expiryDays: (p: ApprovalPolicy) => p.expiryDays,
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
