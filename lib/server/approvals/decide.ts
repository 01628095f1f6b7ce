import 'server-only';
import { sql, type Kysely } from 'kysely';
import { quotaTabOf, type QuotaValues } from '@/lib/contract/console/quotas';
import type { ConsoleDatabase } from '../db';
import { applyAndRecordQuotaEdit, previewQuotaEdit } from '../quotas';
import type { UpstreamClient } from '../upstream';
import { proposalOf, readProposal, type Person, type Proposal } from './proposals';

/**
 * A manager's decision on a proposal. Nobody decides their own proposal, admins included: the check is in the
 * statement that claims the proposal, so no caller can skip it. An approval first reads the live value: when it
 * moved since the proposal (the ERP's sync, another edit), the approver is shown the three values and must confirm
 * before anything is sent. The claim (open → sending) lets one of two approvers at the same moment send the write;
 * the other finds it no longer open. The write goes through the quota edit's own path (re-read, conflict check,
 * signed batch, History, mirror) and its outcome is kept as it is: applied, refused or unknown.
 */

export type Decision =
  | { kind: 'applied'; proposal: Proposal }
  | { kind: 'refused'; proposal: Proposal; code: string }
  | { kind: 'unknown'; proposal: Proposal; code: string }
  | { kind: 'stale'; proposal: Proposal; proposed: QuotaValues; now: QuotaValues }
  | { kind: 'rejected'; proposal: Proposal }
  | { kind: 'own_proposal' }
  | { kind: 'not_open'; proposal: Proposal | null }
  | { kind: 'comment_required' }
  | { kind: 'unreadable'; code: string };

const sameQuota = (a: QuotaValues, b: QuotaValues) => a.amount === b.amount && a.enabled === b.enabled;

async function claim(db: Kysely<ConsoleDatabase>, tenant: string, id: string, by: Person) {
  const { rows } = await sql<Parameters<typeof proposalOf>[0]>`
    update quota_proposal set state = 'sending', decided_by = ${by.id}, decided_by_email = ${by.email},
      decided_at = now()
    where tenant = ${tenant} and id = ${id} and state = 'open' and proposed_by <> ${by.id} and expires_at > now()
    returning *
  `.execute(db);
  return rows[0] ? proposalOf(rows[0]) : null;
}

/** The claimed proposal's end (or its return to the queue); answers the row as it now stands. */
async function settle(
  db: Kysely<ConsoleDatabase>,
  id: string,
  state: 'applied' | 'refused' | 'unknown' | 'open',
  // The comment is this decision's own: stored as given (none stays none), never one left from before.
  values: { comment?: string | null; code?: string | null } = {},
): Promise<Proposal> {
  const { rows } = await sql<Parameters<typeof proposalOf>[0]>`
    update quota_proposal set state = ${state}, outcome_code = ${values.code ?? null},
      decision_comment = ${state === 'open' ? null : (values.comment ?? null)}
      ${state === 'open' ? sql`, decided_by = null, decided_by_email = null, decided_at = null` : sql``}
    where id = ${id}
    returning *
  `.execute(db);
  // The row is this approver's claim: nobody else moves a proposal out of 'sending', so it is there.
  return proposalOf(rows[0]!);
}

export async function approveProposal(
  db: Kysely<ConsoleDatabase>,
  upstream: UpstreamClient,
  input: {
    tenant: string;
    id: string;
    approver: Person;
    comment?: string | null;
    /** The approver saw the three values of a stale proposal and approves it all the same. */
    confirmStale?: boolean;
    mirror: boolean;
    log: (message: string, error: unknown) => void;
  },
): Promise<Decision> {
  const proposal = await readProposal(db, input.tenant, input.id);
  if (!proposal || proposal.state !== 'open') return { kind: 'not_open', proposal };
  if (proposal.proposedBy.id === input.approver.id) return { kind: 'own_proposal' };
  const preview = await previewQuotaEdit(upstream, {
    tab: quotaTabOf(proposal.family),
    companyIds: [proposal.companyId],
    changes: {},
  });
  const live = preview.rows[0];
  if (!live) return { kind: 'unreadable', code: preview.unreadable[0]?.code ?? 'unit_error' };
  if (!sameQuota(live.old, proposal.old) && !input.confirmStale) {
    // The change may be another approver's send of this very proposal: then it is decided, not stale.
    const now = await readProposal(db, input.tenant, input.id);
    if (!now || now.state !== 'open') return { kind: 'not_open', proposal: now };
    return { kind: 'stale', proposal: now, proposed: now.old, now: live.old };
  }

  const claimed = await claim(db, input.tenant, input.id, input.approver);
  if (!claimed) {
    const now = await readProposal(db, input.tenant, input.id);
    return now?.proposedBy.id === input.approver.id ? { kind: 'own_proposal' } : { kind: 'not_open', proposal: now };
  }
  // The memo the approver sees is the proposal's; the rest of the live record is what was just read.
  const [outcome] = await applyAndRecordQuotaEdit(
    upstream,
    db,
    {
      tenant: input.tenant,
      user: input.approver,
      tab: quotaTabOf(claimed.family),
      rows: [{ companyId: claimed.companyId, old: live.old, new: claimed.new, updatedAt: live.updatedAt }],
    },
    { mirror: input.mirror, log: input.log },
  );
  const comment = input.comment?.trim() || null;
  if (!outcome || outcome.status === 'conflict') {
    // It moved between the read and the send: nothing was sent, the proposal waits again for a second look.
    const again = await settle(db, claimed.id, 'open');
    return { kind: 'stale', proposal: again, proposed: again.old, now: live.old };
  }
  if (outcome.status === 'applied') {
    return { kind: 'applied', proposal: await settle(db, claimed.id, 'applied', { comment }) };
  }
  const settled = await settle(db, claimed.id, outcome.status, { comment, code: outcome.code });
  return outcome.status === 'refused'
    ? { kind: 'refused', proposal: settled, code: outcome.code }
    : { kind: 'unknown', proposal: settled, code: outcome.code };
}

/** A rejection needs a comment (the author reads it on their home); never one's own. */
export async function rejectProposal(
  db: Kysely<ConsoleDatabase>,
  input: { tenant: string; id: string; approver: Person; comment: string },
): Promise<Decision> {
  const comment = input.comment.trim();
  if (comment === '') return { kind: 'comment_required' };
  const { rows } = await sql<Parameters<typeof proposalOf>[0]>`
    update quota_proposal set state = 'rejected', decided_by = ${input.approver.id},
      decided_by_email = ${input.approver.email}, decided_at = now(), decision_comment = ${comment}
    where tenant = ${input.tenant} and id = ${input.id} and state = 'open' and proposed_by <> ${input.approver.id}
    returning *
  `.execute(db);
  if (rows[0]) return { kind: 'rejected', proposal: proposalOf(rows[0]) };
  const now = await readProposal(db, input.tenant, input.id);
  return now?.proposedBy.id === input.approver.id && now.state === 'open'
    ? { kind: 'own_proposal' }
    : { kind: 'not_open', proposal: now };
}
