import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ApprovalRule } from '@/lib/contract/approval-policy';
import type { QuotaWindowView } from '@/lib/contract/approval-window';
import type { QuotaFamily, QuotaValues } from '@/lib/contract/console/quotas';
import type { ConsoleDatabase } from '../db';

export type { QuotaFamily };
export type ProposalSource = 'edit' | 'bulk' | 'import' | 'revert' | 'proxy';
export type ProposalState =
  'open' | 'sending' | 'applied' | 'refused' | 'unknown' | 'rejected' | 'withdrawn' | 'expired';

export interface Person {
  id: string;
  email: string;
}

/** Which quota of which company a proposal changes, from what to what: as proposed and as stored. */
interface ProposalChange {
  family: QuotaFamily;
  companyId: number;
  companyCode: string | null;
  companyName: string | null;
  old: QuotaValues;
  new: QuotaValues;
  oldUpdatedAt: string | null;
}

export interface Proposal extends ProposalChange {
  id: string;
  rules: ApprovalRule[];
  /** The policy window's earlier steps that make up the change (null: judged alone). */
  window: QuotaWindowView | null;
  policyVersion: number | null;
  reason: string;
  source: ProposalSource;
  sourceId: string | null;
  proposedBy: Person;
  proposedAt: string;
  expiresAt: string;
  state: ProposalState;
  decidedBy: Person | null;
  decidedAt: string | null;
  comment: string | null;
  outcomeCode: string | null;
}

export interface ProposalInput extends ProposalChange {
  tenant: string;
  rules: readonly ApprovalRule[];
  window?: QuotaWindowView | null;
  policyVersion: number | null;
  reason: string;
  source: ProposalSource;
  sourceId?: string | null;
  by: Person;
  expiryDays: number;
  /** Replace the open proposal for the same company and family (the person was told and chose to). */
  replace?: boolean;
}

/** A second change for a company and family that already waits: the caller says so and offers to replace it. */
export class OpenProposalExistsError extends Error {
  constructor(readonly existing: Proposal) {
    super(`proposal ${existing.id} already waits for approval`);
  }
}

export class ReasonRequiredError extends Error {
  constructor() {
    super('a proposal needs a reason');
  }
}

interface Row {
  id: string;
  family: QuotaFamily;
  company_id: string;
  company_code: string | null;
  company_name: string | null;
  old_values: QuotaValues;
  new_values: QuotaValues;
  old_updated_at: string | null;
  rules: ApprovalRule[];
  raise_window: QuotaWindowView | null;
  policy_version: number | null;
  reason: string;
  source: ProposalSource;
  source_id: string | null;
  proposed_by: string;
  proposed_by_email: string;
  proposed_at: Date;
  expires_at: Date;
  state: ProposalState;
  decided_by: string | null;
  decided_by_email: string | null;
  decided_at: Date | null;
  decision_comment: string | null;
  outcome_code: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function proposalOf(row: Row): Proposal {
  return {
    id: String(row.id),
    family: row.family,
    companyId: Number(row.company_id),
    companyCode: row.company_code,
    companyName: row.company_name,
    old: row.old_values,
    new: row.new_values,
    oldUpdatedAt: row.old_updated_at,
    rules: row.rules,
    window: row.raise_window ?? null,
    policyVersion: row.policy_version,
    reason: row.reason,
    source: row.source,
    sourceId: row.source_id,
    proposedBy: { id: row.proposed_by, email: row.proposed_by_email },
    proposedAt: iso(row.proposed_at),
    expiresAt: iso(row.expires_at),
    state: row.state,
    decidedBy: row.decided_by ? { id: row.decided_by, email: row.decided_by_email ?? '' } : null,
    decidedAt: row.decided_at ? iso(row.decided_at) : null,
    comment: row.decision_comment,
    outcomeCode: row.outcome_code,
  };
}

export async function openProposalFor(
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  family: QuotaFamily,
  companyId: number,
): Promise<Proposal | null> {
  const { rows } = await sql<Row>`
    select * from quota_proposal
    where tenant = ${tenant} and family = ${family} and company_id = ${companyId} and state = 'open'
  `.execute(db);
  return rows[0] ? proposalOf(rows[0]) : null;
}

/**
 * Stores a change the policy caught instead of sending it. One open proposal per company and family: without
 * `replace` a second one is refused with the one that waits; with it, the waiting one is withdrawn in the same
 * transaction (its author's or not: the person was shown it), so the index never sees two.
 */
export async function propose(db: Kysely<ConsoleDatabase>, input: ProposalInput): Promise<Proposal> {
  if (input.reason.trim() === '') throw new ReasonRequiredError();
  return db.transaction().execute(async (trx) => {
    const existing = await sql<Row>`
      select * from quota_proposal
      where tenant = ${input.tenant} and family = ${input.family} and company_id = ${input.companyId}
        and state = 'open'
      for update
    `.execute(trx);
    if (existing.rows[0]) {
      if (!input.replace) throw new OpenProposalExistsError(proposalOf(existing.rows[0]));
      await sql`
        update quota_proposal set state = 'withdrawn', decided_by = ${input.by.id},
          decided_by_email = ${input.by.email}, decided_at = now(), decision_comment = 'replaced'
        where id = ${existing.rows[0].id}
      `.execute(trx);
    }
    const { rows } = await sql<Row>`
      insert into quota_proposal (tenant, family, company_id, company_code, company_name, old_values, new_values,
        old_updated_at, rules, raise_window, policy_version, reason, source, source_id, proposed_by, proposed_by_email,
        expires_at)
      values (${input.tenant}, ${input.family}, ${input.companyId}, ${input.companyCode}, ${input.companyName},
        ${JSON.stringify(input.old)}::jsonb, ${JSON.stringify(input.new)}::jsonb, ${input.oldUpdatedAt},
        ${JSON.stringify(input.rules)}::jsonb, ${input.window ? JSON.stringify(input.window) : null}::jsonb,
        ${input.policyVersion}, ${input.reason.trim()}, ${input.source},
        ${input.sourceId ?? null}, ${input.by.id}, ${input.by.email},
        now() + make_interval(days => ${input.expiryDays}))
      returning *
    `.execute(trx);
    return proposalOf(rows[0]!);
  });
}

/**
 * The author takes their proposal back while it waits, and gets the withdrawn proposal; anyone else's withdrawal
 * changes nothing (null).
 */
export async function withdrawProposal(
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  id: string,
  by: Person,
): Promise<Proposal | null> {
  const { rows } = await sql<Row>`
    update quota_proposal set state = 'withdrawn', decided_by = ${by.id}, decided_by_email = ${by.email},
      decided_at = now()
    where tenant = ${tenant} and id = ${id} and state = 'open' and proposed_by = ${by.id}
    returning *
  `.execute(db);
  return rows[0] ? proposalOf(rows[0]) : null;
}

/** Open proposals past their time become expired (and say so); returns those that did. */
export async function expireProposals(db: Kysely<ConsoleDatabase>, tenant: string): Promise<Proposal[]> {
  const { rows } = await sql<Row>`
    update quota_proposal set state = 'expired', decided_at = now()
    where tenant = ${tenant} and state = 'open' and expires_at <= now()
    returning *
  `.execute(db);
  return rows.map(proposalOf);
}

export async function readProposal(db: Kysely<ConsoleDatabase>, tenant: string, id: string): Promise<Proposal | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const { rows } = await sql<Row>`select * from quota_proposal where tenant = ${tenant} and id = ${id}`.execute(db);
  return rows[0] ? proposalOf(rows[0]) : null;
}

/** The queue (open, oldest first) or one person's own proposals (newest first). */
export async function listProposals(
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  filter: { states?: readonly ProposalState[]; proposedBy?: string; ids?: readonly string[]; limit?: number } = {},
): Promise<Proposal[]> {
  const states = filter.states ?? ['open'];
  const byAuthor = filter.proposedBy ?? null;
  const ids = filter.ids ? [...filter.ids] : null;
  const { rows } = await sql<Row>`
    select * from quota_proposal
    where tenant = ${tenant} and state = any(${states as string[]})
      and (${byAuthor}::text is null or proposed_by = ${byAuthor})
      and (${ids}::bigint[] is null or id = any(${ids}::bigint[]))
    order by ${byAuthor === null ? sql`proposed_at asc` : sql`proposed_at desc`}, id
    limit ${filter.limit ?? 500}
  `.execute(db);
  return rows.map(proposalOf);
}
