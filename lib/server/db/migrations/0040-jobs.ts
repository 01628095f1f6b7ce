import { sql, type Migration } from 'kysely';
import { sqlMigration } from '../sql-migration';

/**
 * The console's job runtime (lib/server/jobs): a job is one run of a kind (quota refresh, CSV import) for a
 * tenant; its units are the pieces of work, claimed one instance at a time under a lease. Both live here, so
 * a job outlives the tab that started it and the process that ran it, and several instances share them.
 */
export const jobsMigration: Migration = sqlMigration({
  up: [
    sql`
      create table job (
        id bigserial primary key,
        kind text not null,
        tenant text not null,
        -- planning: units are still being listed; running; then succeeded | failed | cancelled.
        state text not null,
        params jsonb not null default '{}',
        -- A unit whose lease expired (its instance died mid-call) is run again only when this is true
        -- (reads); otherwise it fails as "outcome unknown" (a write may have been applied).
        rerun_expired boolean not null,
        created_by text,
        created_at timestamptz not null default now(),
        started_at timestamptz,
        finished_at timestamptz,
        -- The planner's lease (only while state = 'planning').
        lease_owner text,
        lease_until timestamptz,
        attempts integer not null default 0,
        error text,
        summary jsonb
      )
    `,
    // One run per kind per tenant at a time, across every instance: the database refuses a second one.
    sql`create unique index job_one_active_idx on job (kind, tenant) where state in ('planning', 'running')`,
    sql`create index job_kind_tenant_idx on job (kind, tenant, id desc)`,
    sql`
      create table job_unit (
        id bigserial primary key,
        job_id bigint not null references job(id) on delete cascade,
        -- The unit's identity within its job (a company id, a row number): planning twice adds it once.
        key text not null,
        input jsonb not null,
        -- pending | running | done | failed | cancelled
        state text not null default 'pending',
        attempts integer not null default 0,
        lease_owner text,
        lease_until timestamptz,
        result jsonb,
        error jsonb,
        finished_at timestamptz,
        unique (job_id, key)
      )
    `,
    sql`create index job_unit_open_idx on job_unit (job_id, id) where state in ('pending', 'running')`,
    sql`create index job_unit_finished_idx on job_unit (job_id, finished_at) where finished_at is not null`,
  ],
  down: [sql`drop table if exists job_unit`, sql`drop table if exists job`],
});

export default jobsMigration;
