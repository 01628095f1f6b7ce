'use server';

import { revalidatePath } from 'next/cache';
import { approvalActions, type DecisionView } from '@/lib/contract/console/approvals';
import {
  approveEach,
  markDecisionsSeen,
  policyFor,
  recordPolicySaved,
  recordProposalStep,
  rejectEach,
  savePolicy,
  withdrawProposal,
} from '@/lib/server/approvals';
import { runAction } from '@/lib/server/console-api';
import { logger } from '@/lib/server/log';

/** Approves each chosen proposal in turn, each with the comment written for it (and only that one). */
export async function approveProposalsAction(input: unknown) {
  return runAction(approvalActions.approve, input, async ({ user, input, consoleDb, tenant, env, jobsUpstream }) => {
    const decisions = await approveEach(await consoleDb(), jobsUpstream, {
      tenant,
      decisions: input.decisions,
      approver: { id: user.id, email: user.email },
      confirmStale: input.confirmStale,
      mirror: env.mirror.enabled,
      log: (message, error) =>
        logger().error({ source: 'approvals', error: error instanceof Error ? error.message : error }, message),
    });
    revalidatePath('/approvals');
    return { decisions };
  });
}

/** Rejects each chosen proposal with the comment its author reads, written for that proposal. */
export async function rejectProposalsAction(input: unknown) {
  return runAction(approvalActions.reject, input, async ({ user, input, consoleDb, tenant }) => {
    const decisions = await rejectEach(await consoleDb(), {
      tenant,
      decisions: input.decisions,
      approver: { id: user.id, email: user.email },
    });
    revalidatePath('/approvals');
    return { decisions };
  });
}

/** The author takes their own proposal back while it waits. */
export async function withdrawProposalAction(input: unknown) {
  return runAction(approvalActions.withdraw, input, async ({ user, input, consoleDb, tenant }) => {
    const db = await consoleDb();
    const by = { id: user.id, email: user.email };
    const withdrawn = await withdrawProposal(db, tenant, input.id, by);
    if (withdrawn) await recordProposalStep(db, 'withdrawn', withdrawn, by);
    revalidatePath('/approvals');
    revalidatePath('/');
    const decisions: DecisionView[] = [{ id: input.id, kind: withdrawn ? 'withdrawn' : 'not_open' }];
    return { decisions };
  });
}

/**
 * An admin saves the approval policy (Settings): a new version, never an edit of the one in force, on the record
 * with each setting that changed. The input is the contract's schema, the same one the form checks field by field.
 */
export async function saveApprovalPolicyAction(input: unknown) {
  return runAction(approvalActions.savePolicy, input, async ({ user, input, consoleDb, tenant, env }) => {
    const db = await consoleDb();
    const by = { id: user.id, email: user.email };
    const before = (await policyFor(db, tenant, env.demoMode)).policy;
    const version = await savePolicy(db, tenant, input, by);
    await recordPolicySaved(db, { version, before, after: input, by });
    revalidatePath('/settings');
    revalidatePath('/approvals');
    return { version };
  });
}

/** "Mark as seen" under the decisions its author had not seen (a plain form: it works before any script loads). */
export async function markDecisionsSeenAction(form: FormData): Promise<void> {
  await runAction(
    approvalActions.markSeen,
    { ids: form.getAll('id').map(String) },
    async ({ user, input, consoleDb, tenant }) => {
      const marked = await markDecisionsSeen(await consoleDb(), tenant, user.id, input.ids);
      revalidatePath('/');
      revalidatePath('/companies/[id]', 'page');
      return { marked };
    },
  );
}
