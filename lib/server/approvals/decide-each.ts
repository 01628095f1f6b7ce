import 'server-only';
import type { Kysely } from 'kysely';
import type { DecisionView } from '@/lib/contract/console/approvals';
import type { ConsoleDatabase } from '../db';
import type { UpstreamClient } from '../upstream';
import { approveProposal, rejectProposal, type Decision } from './decide';
import type { Person } from './proposals';
import { recordProposalStep } from './record';

/**
 * A manager's decisions as the queue sends them: each proposal with the comment written for it. The comment goes
 * to that proposal only (issue 61 point 1: a rejection's comment once rode along on the next approval), and each
 * decision is on the record with its own comment.
 */
export interface DecisionItem {
  id: string;
  comment?: string | null;
}

/** A decision as the queue shows it. */
export function viewOfDecision(id: string, d: Decision): DecisionView {
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

async function record(db: Kysely<ConsoleDatabase>, d: Decision, by: Person) {
  if (d.kind === 'applied' || d.kind === 'refused' || d.kind === 'unknown' || d.kind === 'rejected')
    await recordProposalStep(db, STEP[d.kind], d.proposal, by);
}

/** Approves each in turn: its write goes through the quota edit's signed path. */
export async function approveEach(
  db: Kysely<ConsoleDatabase>,
  upstream: UpstreamClient,
  input: {
    tenant: string;
    decisions: readonly DecisionItem[];
    approver: Person;
    confirmStale: boolean;
    mirror: boolean;
    log: (message: string, error: unknown) => void;
  },
): Promise<DecisionView[]> {
  const views: DecisionView[] = [];
  for (const item of input.decisions) {
    const d = await approveProposal(db, upstream, {
      tenant: input.tenant,
      id: item.id,
      approver: input.approver,
      comment: item.comment ?? null,
      confirmStale: input.confirmStale,
      mirror: input.mirror,
      log: input.log,
    });
    await record(db, d, input.approver);
    views.push(viewOfDecision(item.id, d));
  }
  return views;
}

/** Rejects each with the comment its author reads (required, per proposal). */
export async function rejectEach(
  db: Kysely<ConsoleDatabase>,
  input: { tenant: string; decisions: readonly DecisionItem[]; approver: Person },
): Promise<DecisionView[]> {
  const views: DecisionView[] = [];
  for (const item of input.decisions) {
    const d = await rejectProposal(db, {
      tenant: input.tenant,
      id: item.id,
      approver: input.approver,
      comment: item.comment ?? '',
    });
    await record(db, d, input.approver);
    views.push(viewOfDecision(item.id, d));
  }
  return views;
}
