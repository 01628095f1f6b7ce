'use server';

import { revalidatePath } from 'next/cache';
import { approvalActions, type DecisionView } from '@/lib/contract/console/approvals';
import {
  approveProposal,
  policyFor,
  readProposal,
  recordPolicySaved,
  recordProposalStep,
  rejectProposal,
  savePolicy,
  withdrawProposal,
  type Decision,
} from '@/lib/server/approvals';
import { runAction } from '@/lib/server/console-api';
import { getEnv } from '@/lib/server/env';
import { logger } from '@/lib/server/log';
import { currentTenant, getConsoleDb, getJobsUpstream } from '@/lib/server/process';

/** A decision as the queue shows it, and its step on the record. */
function viewOfDecision(id: string, d: Decision): DecisionView {
  switch (d.kind) {
    case 'applied':
    case 'rejected':
      return { id, kind: d.kind };
    case 'refused':
    case 'unknown':
    case 'unreadable':
      return { id, kind: d.kind, code: d.code };
    case 'stale':
      return { id, kind: 'stale', proposed: d.proposed, now: d.now, next: d.proposal.new };
    default:
      return { id, kind: d.kind };
  }
}

const STEP = { applied: 'approved', refused: 'refused', unknown: 'unknown', rejected: 'rejected' } as const;

async function record(d: Decision, by: { id: string; email: string }) {
  if (d.kind in STEP && 'proposal' in d && d.proposal)
    await recordProposalStep(await getConsoleDb(), STEP[d.kind as keyof typeof STEP], d.proposal, by);
}

/** Approves each chosen proposal in turn: its write goes through the quota edit's signed path. */
export async function approveProposalsAction(input: unknown) {
  return runAction(approvalActions.approve, input, async ({ user, input }) => {
    const db = await getConsoleDb();
    const by = { id: user.id, email: user.email };
    const decisions: DecisionView[] = [];
    for (const id of input.ids) {
      const d = await approveProposal(db, getJobsUpstream(), {
        tenant: currentTenant(),
        id,
        approver: by,
        comment: input.comment ?? null,
        confirmStale: input.confirmStale,
        mirror: getEnv().mirror.enabled,
        log: (message, error) =>
          logger().error({ source: 'approvals', error: error instanceof Error ? error.message : error }, message),
      });
      await record(d, by);
      decisions.push(viewOfDecision(id, d));
    }
    revalidatePath('/approvals');
    return { decisions };
  });
}

/** Rejects each chosen proposal with the comment its author reads. */
export async function rejectProposalsAction(input: unknown) {
  return runAction(approvalActions.reject, input, async ({ user, input }) => {
    const db = await getConsoleDb();
    const by = { id: user.id, email: user.email };
    const decisions: DecisionView[] = [];
    for (const id of input.ids) {
      const d = await rejectProposal(db, { tenant: currentTenant(), id, approver: by, comment: input.comment });
      await record(d, by);
      decisions.push(viewOfDecision(id, d));
    }
    revalidatePath('/approvals');
    return { decisions };
  });
}

/** The author takes their own proposal back while it waits. */
export async function withdrawProposalAction(input: unknown) {
  return runAction(approvalActions.withdraw, input, async ({ user, input }) => {
    const db = await getConsoleDb();
    const by = { id: user.id, email: user.email };
    const done = await withdrawProposal(db, currentTenant(), input.id, by);
    const proposal = await readProposal(db, currentTenant(), input.id);
    if (done && proposal) await recordProposalStep(db, 'withdrawn', proposal, by);
    revalidatePath('/approvals');
    revalidatePath('/');
    const decisions: DecisionView[] = [{ id: input.id, kind: done ? 'withdrawn' : 'not_open' }];
    return { decisions };
  });
}

/**
 * An admin saves the approval policy (Settings): a new version, never an edit of the one in force, on the record
 * with each setting that changed. The input is the contract's schema, the same one the form checks field by field.
 */
export async function saveApprovalPolicyAction(input: unknown) {
  return runAction(approvalActions.savePolicy, input, async ({ user, input }) => {
    const db = await getConsoleDb();
    const tenant = currentTenant();
    const by = { id: user.id, email: user.email };
    const before = (await policyFor(db, tenant, getEnv().demoMode)).policy;
    const version = await savePolicy(db, tenant, input, by);
    await recordPolicySaved(db, { version, before, after: input, by });
    revalidatePath('/settings');
    revalidatePath('/approvals');
    return { version };
  });
}
