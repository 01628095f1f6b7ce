import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Every write on the record (issue 25). `audit_log` keeps one entry per request, now with the family of
 * operation that sent it (form, panel, quota, users, bulk, import, resend, account) and, for a batch sent by
 * the job runtime, its job, import, attempt and chunk. `audit_change` keeps one change record per record a
 * request touched: the source (console: form, panel, bulk, import, resend; `outside` is left for the
 * mirror's diff), the outcome, and the fields old → new, `old_read` saying whether the console read the old
 * values before sending. A record's History is one index range (record_type, record_id, at, id); no foreign
 * key, so a 200-row chunk writes its records in one statement without 200 lookups, and retention deletes
 * both tables by the entries' ids.
 *
 * Older entries get their family from their operation and one change record per record id they name, with
 * the changes they kept (those were always confirmed in a review, so they are old values read).
 */
export const auditChangesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      alter table audit_log
        add column family text not null default 'form',
        add column job_id text,
        add column import_id bigint,
        add column attempt integer,
        add column chunk integer
    `.execute(db);
    await sql`
      update audit_log set family = case
        when operation like 'account %' then 'account'
        when operation like '%/point-quota%' or operation like '%/credit-quota%' then 'quota'
        when operation like '% /v1/internal-users%' then 'users'
        when operation like '% /v1/prices%' or operation like '% /v1/bundle-prices%' or operation like '%/stock%' then 'panel'
        else 'form'
      end
    `.execute(db);
    await sql`create index audit_log_family_idx on audit_log (family, at desc, id desc)`.execute(db);
    await sql`create index audit_log_import_idx on audit_log (import_id) where import_id is not null`.execute(db);
    await sql`
      create table audit_change (
        id bigserial primary key,
        audit_id bigint not null,
        at timestamptz not null default now(),
        record_type text not null,
        -- The record's id; 'code:<ERP code>' when only its code is known (a create whose answer was lost).
        record_id text not null,
        source text not null check (source in ('form', 'panel', 'bulk', 'import', 'resend', 'outside')),
        result text check (result in ('applied', 'refused', 'unknown')),
        -- created | updated, when the answer said so (an import row's status).
        action text,
        -- The import row, for a batch sent by the job runtime.
        row_no integer,
        -- [{ field, from?, to?, secret? }]; null when the write changed nothing (refused).
        changes jsonb,
        old_read boolean not null default false
      )
    `.execute(db);
    await sql`create index audit_change_record_idx on audit_change (record_type, record_id, at desc, id desc)`.execute(
      db,
    );
    await sql`create index audit_change_audit_idx on audit_change (audit_id, row_no)`.execute(db);
    await sql`
      insert into audit_change (audit_id, at, record_type, record_id, source, result, changes, old_read)
      select a.id, a.at, a.record_type, t.id, case when a.family = 'panel' then 'panel' else 'form' end, a.result,
        case when a.result = 'refused' or cardinality(a.target_ids) > 1 then null else a.changes end,
        coalesce(jsonb_typeof(a.changes) = 'array' and exists (select 1 from jsonb_array_elements(a.changes) e where e ? 'from'), false)
      from audit_log a cross join lateral unnest(a.target_ids) as t(id)
      where a.record_type is not null and t.id ~ '^[0-9]+$'
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists audit_change`.execute(db);
    await sql`drop index if exists audit_log_family_idx`.execute(db);
    await sql`drop index if exists audit_log_import_idx`.execute(db);
    await sql`alter table audit_log drop column family, drop column job_id, drop column import_id, drop column attempt, drop column chunk`.execute(
      db,
    );
  },
};

export default auditChangesMigration;
