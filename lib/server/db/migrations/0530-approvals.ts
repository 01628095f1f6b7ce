import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Four eyes on money (issue 55). `approval_policy`: every version of the policy an admin saved (the newest is in
 * force; none saved means the start's default), kept so a proposal names the version that caught it.
 * `quota_proposal`: a credit or point change the policy caught, stored instead of sent. At most one open proposal
 * per company and quota family (a second change replaces it, on purpose). `state` moves open → sending (one
 * approver claimed it: a second approver at the same moment finds nothing open, so one write is sent) → applied,
 * refused or unknown (the write's honest outcome); or open → rejected, withdrawn, expired.
 */
const approvals: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table approval_policy (
        version serial primary key,
        tenant text not null,
        policy jsonb not null,
        saved_at timestamptz not null default now(),
        saved_by text not null,
        saved_by_email text not null
      )
    `.execute(db);
    await sql`
      create table quota_proposal (
        id bigserial primary key,
        tenant text not null,
        family text not null check (family in ('credit', 'point')),
        company_id bigint not null,
        company_code text,
        company_name text,
        old_values jsonb not null,
        new_values jsonb not null,
        old_updated_at text,
        rules jsonb not null,
        policy_version integer,
        reason text not null,
        source text not null check (source in ('edit', 'bulk', 'import', 'revert', 'proxy')),
        source_id text,
        proposed_by text not null,
        proposed_by_email text not null,
        proposed_at timestamptz not null default now(),
        expires_at timestamptz not null,
        state text not null default 'open'
          check (state in ('open', 'sending', 'applied', 'refused', 'unknown', 'rejected', 'withdrawn', 'expired')),
        decided_by text,
        decided_by_email text,
        decided_at timestamptz,
        decision_comment text,
        outcome_code text
      )
    `.execute(db);
    await sql`create unique index quota_proposal_open_idx on quota_proposal (tenant, company_id, family) where state = 'open'`.execute(
      db,
    );
    await sql`create index quota_proposal_state_idx on quota_proposal (tenant, state, proposed_at desc)`.execute(db);
    await sql`create index quota_proposal_author_idx on quota_proposal (proposed_by, proposed_at desc)`.execute(db);
  },
};

export default approvals;
