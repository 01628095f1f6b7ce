import { z } from 'zod';
import type { ApprovalRule } from '../approval-policy';
import { approvalPolicy } from '../approval-policy';
import type { QuotaWindowView } from '../approval-window';
import { action } from './action';
import { json } from './endpoint';
import type { QuotaValues } from './quotas';

/** The approvers' queue and the proposals' decisions (app/(console)/approvals and the quotas dialog's actions). */

/** A reason or a comment: what a person writes beside a proposal or a decision. */
export const PROPOSAL_TEXT_MAX = 1000;
const proposalId = z.string().regex(/^\d{1,18}$/);
const comment = z.string().max(PROPOSAL_TEXT_MAX);

/** A proposal as the queue and the proposer's home show it. */
export interface ProposalView {
  id: string;
  family: 'credit' | 'point';
  companyId: number;
  companyCode: string | null;
  companyName: string | null;
  old: QuotaValues;
  new: QuotaValues;
  rules: ApprovalRule[];
  /** The policy window's earlier steps that make up the change (when, who, from → to); null: judged alone. */
  window: QuotaWindowView | null;
  reason: string;
  /** Where the change came from: the quota dialog, an import or bulk edit (its reason is the row's memo or file). */
  source: 'edit' | 'bulk' | 'import' | 'revert' | 'proxy';
  proposedByEmail: string;
  proposedAt: string;
  expiresAt: string;
  state: 'open' | 'sending' | 'applied' | 'refused' | 'unknown' | 'rejected' | 'withdrawn' | 'expired';
  decidedByEmail: string | null;
  decidedAt: string | null;
  comment: string | null;
  outcomeCode: string | null;
  /** The viewer wrote it: no Approve, a Withdraw instead. */
  own: boolean;
}

/** The company's exposure today, read live beside a proposal. */
export interface Exposure {
  creditAmount: number;
  pendingAmount: number;
  availableAmount: number;
  creditEnabled: boolean;
  pointBalance: number;
}

/** A recent applied change of a company's credit limit, from its History, shown beside a proposal. */
export interface LimitChange {
  /** ISO 8601, UTC. */
  at: string;
  from: number | null;
  to: number | null;
  /** A person's e-mail; null: the ERP. */
  byEmail: string | null;
}

/** What a decision answers, per proposal. */
export type DecisionView =
  | { id: string; kind: 'applied' | 'rejected' | 'withdrawn' }
  | { id: string; kind: 'refused' | 'unknown' | 'unreadable'; code: string }
  | { id: string; kind: 'stale'; proposed: QuotaValues; now: QuotaValues; next: QuotaValues }
  | { id: string; kind: 'own_proposal' | 'not_open' | 'comment_required' };

/**
 * Decisions as sent: each proposal with the comment written for it (issue 61 point 1). A comment is bound to the
 * proposal id it travels with and stored on that proposal only, so a comment typed for one company's rejection
 * can never ride along on another's approval; a selection's comment is sent once per proposal of the selection.
 */
function decisionsOf<C extends z.ZodType>(text: C) {
  return z
    .array(z.object({ id: proposalId, comment: text }))
    .min(1)
    .max(100)
    .refine((list) => new Set(list.map((d) => d.id)).size === list.length, 'one decision per proposal');
}

export const approvalActions = {
  approve: action({
    name: 'approvals.approve',
    permission: 'approveQuota',
    input: z.object({
      decisions: decisionsOf(comment.optional()),
      confirmStale: z.boolean(),
    }),
    answer: json<{ decisions: DecisionView[] }>(),
    // Each decision is on the record (lib/server/approvals/record.ts), its write by the quota edit's own path.
    audit: 'domain',
  }),
  reject: action({
    name: 'approvals.reject',
    permission: 'approveQuota',
    input: z.object({ decisions: decisionsOf(comment) }),
    answer: json<{ decisions: DecisionView[] }>(),
    audit: 'domain',
  }),
  /** The proposer takes their own back (the server checks it is theirs). */
  withdraw: action({
    name: 'approvals.withdraw',
    permission: 'editQuota',
    input: z.object({ id: proposalId }),
    answer: json<{ decisions: DecisionView[] }>(),
    audit: 'domain',
  }),
  /** The author has seen these decisions: they leave the top of the home and the company's page. */
  markSeen: action({
    name: 'approvals.markSeen',
    permission: 'editQuota',
    input: z.object({ ids: z.array(proposalId).min(1).max(100) }),
    answer: json<{ marked: number }>(),
    // Nothing changes but the author's own reading: not a write to any record.
    audit: 'none',
  }),
  savePolicy: action({
    name: 'approvals.savePolicy',
    permission: 'manageApprovalPolicy',
    input: approvalPolicy,
    answer: json<{ version: number }>(),
    audit: 'domain',
  }),
};
