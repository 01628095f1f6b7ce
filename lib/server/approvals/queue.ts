import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { Exposure, LimitChange, ProposalView } from '@/lib/contract/console/approvals';
import { recentFieldChanges } from '../audit';
import type { ConsoleDatabase } from '../db';
import { readCompanyQuotas } from '../quotas';
import type { UpstreamClient } from '../upstream';
import { expireProposals, listProposals, type Proposal } from './proposals';
import { recordProposalStep } from './record';
import { unseenDecisions } from './seen';

/** A proposal as a screen shows it to `viewerId` (own: no Approve, a Withdraw). */
export function viewOf(p: Proposal, viewerId: string): ProposalView {
  return {
    id: p.id,
    family: p.family,
    companyId: p.companyId,
    companyCode: p.companyCode,
    companyName: p.companyName,
    old: p.old,
    new: p.new,
    rules: p.rules,
    window: p.window,
    reason: p.reason,
    source: p.source,
    proposedByEmail: p.proposedBy.email,
    proposedAt: p.proposedAt,
    expiresAt: p.expiresAt,
    state: p.state,
    decidedByEmail: p.decidedBy?.email ?? null,
    decidedAt: p.decidedAt,
    comment: p.comment,
    outcomeCode: p.outcomeCode,
    own: p.proposedBy.id === viewerId,
  };
}

/** Proposals past their time expire when anyone reads them, each on the record (under its author's name). */
export async function expireOnRead(db: Kysely<ConsoleDatabase>, tenant: string): Promise<void> {
  for (const p of await expireProposals(db, tenant)) await recordProposalStep(db, 'expired', p, p.proposedBy);
}

/** The approver's queue: what waits, oldest first, each with the company's exposure read live now. */
export async function readQueue(
  db: Kysely<ConsoleDatabase>,
  upstream: UpstreamClient,
  tenant: string,
  viewerId: string,
): Promise<{
  open: (ProposalView & { exposure: Exposure | null; limitChanges: LimitChange[] })[];
  decided: ProposalView[];
}> {
  await expireOnRead(db, tenant);
  const open = await listProposals(db, tenant, { states: ['open', 'sending'] });
  const exposures = await Promise.all(
    open.map((p) =>
      readCompanyQuotas(upstream, { companyId: p.companyId, code: p.companyCode, name: p.companyName }).then(
        (q): Exposure => ({
          creditAmount: q.credit.creditAmount,
          pendingAmount: q.credit.pendingAmount,
          availableAmount: q.credit.availableAmount,
          creditEnabled: q.credit.enabled,
          pointBalance: q.point.balance,
        }),
        () => null,
      ),
    ),
  );
  const changes = await recentFieldChanges(
    db,
    'companies',
    open.map((p) => String(p.companyId)),
    'creditAmount',
  );
  const amount = (v: unknown) => (typeof v === 'number' ? v : null);
  const limitChanges = (companyId: number): LimitChange[] =>
    changes
      .filter((c) => c.recordId === String(companyId))
      .map((c) => ({
        at: c.at,
        from: amount(c.from),
        to: amount(c.to),
        byEmail: c.by.kind === 'person' ? c.by.email : null,
      }));
  const decided = await listProposals(db, tenant, {
    states: ['applied', 'refused', 'unknown', 'rejected', 'expired'],
    limit: 20,
  });
  return {
    open: open.map((p, i) => ({
      ...viewOf(p, viewerId),
      exposure: exposures[i] ?? null,
      limitChanges: limitChanges(p.companyId),
    })),
    // Newest decisions first: a refused or unknown approval stays in view with its outcome.
    decided: decided.reverse().map((p) => viewOf(p, viewerId)),
  };
}

/** The proposer's own, newest first (their home's "Your proposals"). */
export async function readOwnProposals(
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  viewerId: string,
): Promise<ProposalView[]> {
  await expireOnRead(db, tenant);
  const mine = await listProposals(db, tenant, {
    states: ['open', 'sending', 'applied', 'refused', 'unknown', 'rejected', 'expired'],
    proposedBy: viewerId,
    limit: 10,
  });
  return mine.map((p) => viewOf(p, viewerId));
}

/**
 * The approver's home card: how many proposals wait for `viewerId` (others' proposals: nobody decides their own)
 * and when the oldest was made.
 */
export async function waitingFor(
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  viewerId: string,
): Promise<{ count: number; oldestAt: string | null }> {
  await expireOnRead(db, tenant);
  const { rows } = await sql<{ count: number; oldest: Date | string | null }>`
    select count(*)::int as count, min(proposed_at) as oldest from quota_proposal
    where tenant = ${tenant} and state = 'open' and proposed_by <> ${viewerId}
  `.execute(db);
  const row = rows[0];
  return { count: row?.count ?? 0, oldestAt: row?.oldest ? new Date(row.oldest).toISOString() : null };
}

/**
 * The author's decisions they have not seen yet, newest decision first: however many proposals they made since,
 * a decision stays on their home (and on the company's page when `companyId` is given) until marked seen.
 */
export async function readUnseenDecisions(
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  viewerId: string,
  companyId?: number,
): Promise<ProposalView[]> {
  const ids = await unseenDecisions(db, tenant, viewerId, companyId);
  if (!ids.length) return [];
  const states = ['applied', 'refused', 'unknown', 'rejected', 'expired'] as const;
  const found = new Map(
    (await listProposals(db, tenant, { states, proposedBy: viewerId, ids, limit: ids.length })).map((p) => [p.id, p]),
  );
  return ids.flatMap((id) => {
    const proposal = found.get(id);
    return proposal ? [viewOf(proposal, viewerId)] : [];
  });
}
