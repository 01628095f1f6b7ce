import 'server-only';
import type { Kysely } from 'kysely';
import { DEMO_APPROVAL_POLICY, NO_APPROVAL_POLICY, type ApprovalPolicy } from '@/lib/contract/approval-policy';
import {
  quotaFamilyOf,
  type EditOutcome,
  type PreviewRow,
  type QuotaTab,
  type QuotaValues,
} from '@/lib/contract/console/quotas';
import type { ConsoleDatabase } from '../db';
import { judgeFor } from './judge';
import { policyInForce, type PolicyInForce } from './policy';
import { listProposals, OpenProposalExistsError, propose, type Person, type Proposal } from './proposals';
import { recordProposalStep } from './record';

/**
 * The quota edit dialog's side of the policy: which reviewed rows it catches (shown in the review, decided
 * again on the server at apply, never trusted from the browser), and storing those as proposals.
 */

/** The policy in force: the saved version, else the demo's in demo mode, else none. */
export function policyFor(db: Kysely<ConsoleDatabase>, tenant: string, demoMode: boolean): Promise<PolicyInForce> {
  return policyInForce(db, tenant, demoMode ? DEMO_APPROVAL_POLICY : NO_APPROVAL_POLICY);
}

/** Open proposals of the tab's family, by company. */
export async function waitingByCompany(
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  tab: QuotaTab,
): Promise<Map<number, Proposal>> {
  const open = await listProposals(db, tenant, { states: ['open'], limit: 10_000 });
  return new Map(open.filter((p) => p.family === quotaFamilyOf(tab)).map((p) => [p.companyId, p]));
}

/**
 * The review's rows with the rules each trips (over the policy's window: earlier steps count) and the proposal that
 * already waits.
 */
export async function annotatePreview(
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  demoMode: boolean,
  tab: QuotaTab,
  rows: PreviewRow[],
): Promise<{ rows: PreviewRow[]; policy: ApprovalPolicy }> {
  const { policy } = await policyFor(db, tenant, demoMode);
  const waiting = await waitingByCompany(db, tenant, tab);
  const judge = await judgeFor(db, { tenant, tab, policy, companies: rows });
  const annotated = rows.map((r) => {
    const w = waiting.get(r.companyId);
    return {
      ...r,
      ...judge(r),
      waiting: w ? { id: w.id, byEmail: w.proposedBy.email } : null,
    };
  });
  return { rows: annotated, policy };
}

type EditRow = { companyId: number; old: QuotaValues; new: QuotaValues; updatedAt: string | null };

/**
 * Splits an edit: rows the policy catches become proposals (with the reason; a second one for a company that
 * waits is refused unless `replace`), the rest are returned to be sent. A caught row without a reason is
 * refused before anything is stored.
 */
export async function proposeCaught(
  db: Kysely<ConsoleDatabase>,
  input: {
    tenant: string;
    demoMode: boolean;
    tab: QuotaTab;
    rows: readonly EditRow[];
    company: (companyId: number) => Promise<{ code: string | null; name: string | null }>;
    reason: string;
    replace: boolean;
    by: Person;
  },
): Promise<{ send: EditRow[]; outcomes: EditOutcome[] }> {
  const inForce = await policyFor(db, input.tenant, input.demoMode);
  const send: EditRow[] = [];
  const outcomes: EditOutcome[] = [];
  const companies = new Map<number, { code: string | null; name: string | null }>();
  for (const row of input.rows) companies.set(row.companyId, await input.company(row.companyId));
  const judge = await judgeFor(db, {
    tenant: input.tenant,
    tab: input.tab,
    policy: inForce.policy,
    companies: [...companies].map(([companyId, c]) => ({ companyId, code: c.code })),
  });
  for (const row of input.rows) {
    const company = companies.get(row.companyId)!;
    const { rules, window } = judge({ ...row, code: company.code });
    if (rules.length === 0) {
      send.push(row);
      continue;
    }
    if (input.reason.trim() === '') {
      outcomes.push({ companyId: row.companyId, status: 'refused', code: 'reason_required' });
      continue;
    }
    try {
      const proposal = await propose(db, {
        tenant: input.tenant,
        family: quotaFamilyOf(input.tab),
        companyId: row.companyId,
        companyCode: company.code,
        companyName: company.name,
        old: row.old,
        new: row.new,
        oldUpdatedAt: row.updatedAt,
        rules,
        window,
        policyVersion: inForce.version,
        reason: input.reason,
        source: 'edit',
        by: input.by,
        expiryDays: inForce.policy.expiryDays,
        replace: input.replace,
      });
      await recordProposalStep(db, 'proposed', proposal, input.by);
      outcomes.push({ companyId: row.companyId, status: 'proposed', proposalId: proposal.id });
    } catch (error) {
      if (!(error instanceof OpenProposalExistsError)) throw error;
      outcomes.push({ companyId: row.companyId, status: 'waits', byEmail: error.existing.proposedBy.email });
    }
  }
  return { send, outcomes };
}
