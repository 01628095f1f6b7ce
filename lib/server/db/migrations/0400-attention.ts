import { sql, type Kysely, type Migration } from 'kysely';

/**
 * "Needs attention" (issue 43). `attention_finding`: one row per time a record broke a rule (lib/contract/attention),
 * from first seen to resolved; at most one unresolved row per (rule, record). `offending` holds the values the
 * rule read, `offending_hash` tells a change of them without comparing JSON. An accepted exception keeps who,
 * when, why, until when and the hash of the values it accepted: when the values change, the evaluation reopens
 * it. `attention_daily` keeps each rule's open count per day (90 days, for the home's trend); `attention_state`
 * when each resource was last evaluated and how many records that read, and (row '*') the rules version of the
 * last full evaluation, so a new rule is evaluated in full once.
 *
 * `attention_gs1_valid` is lib/contract/attention/gs1.ts's mod-10 rule in SQL, so the check-digit rule is a
 * predicate the database runs over a million barcodes without shipping them to Node.
 */
export const attentionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Left-padded to 14 digits (zeros add nothing to the sum), the weights fall on fixed places: 3 on the odd ones,
    // 1 on the even ones, the 14th is the check digit. One expression, no row set: cheap over a million barcodes.
    await sql`
      create function attention_gs1_digits_valid(p text) returns boolean language sql immutable parallel safe as $$
        select (10 - (3 * (substr(p, 1, 1)::int + substr(p, 3, 1)::int + substr(p, 5, 1)::int + substr(p, 7, 1)::int
          + substr(p, 9, 1)::int + substr(p, 11, 1)::int + substr(p, 13, 1)::int) + substr(p, 2, 1)::int
          + substr(p, 4, 1)::int + substr(p, 6, 1)::int + substr(p, 8, 1)::int + substr(p, 10, 1)::int
          + substr(p, 12, 1)::int) % 10) % 10 = substr(p, 14, 1)::int
      $$
    `.execute(db);
    await sql`
      create function attention_gs1_valid(code text) returns boolean language sql immutable parallel safe as $$
        select attention_gs1_digits_valid(lpad(code, 14, '0'))
      $$
    `.execute(db);
    await sql`
      create table attention_finding (
        id bigserial primary key,
        rule text not null,
        record_id text not null,
        offending jsonb not null,
        offending_hash text not null,
        first_seen_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        resolved_at timestamptz,
        accepted_by text,
        accepted_by_email text,
        accepted_at timestamptz,
        accepted_reason text,
        accepted_until timestamptz,
        accepted_hash text
      )
    `.execute(db);
    await sql`create unique index attention_finding_open_idx on attention_finding (rule, record_id) where resolved_at is null`.execute(
      db,
    );
    await sql`create index attention_finding_list_idx on attention_finding (rule, first_seen_at desc, id desc) where resolved_at is null`.execute(
      db,
    );
    await sql`create index attention_finding_record_idx on attention_finding (record_id) where resolved_at is null`.execute(
      db,
    );
    await sql`create index attention_finding_resolved_idx on attention_finding (rule, resolved_at desc, id desc) where resolved_at is not null`.execute(
      db,
    );
    await sql`
      create table attention_daily (rule text not null, day date not null, count integer not null, primary key (rule, day))
    `.execute(db);
    await sql`
      create table attention_state (
        resource text primary key,
        records bigint not null default 0,
        evaluated_at timestamptz,
        rules_version integer not null default 0
      )
    `.execute(db);
    // History gets the findings' entries (opened, resolved, accepted, reopened) under their own source.
    await sql`alter table audit_change drop constraint if exists audit_change_source_check`.execute(db);
    await sql`alter table audit_change add constraint audit_change_source_check
      check (source in ('form', 'panel', 'bulk', 'import', 'resend', 'outside', 'attention'))`.execute(db);
    // What the rules look up in the mirror beyond its list indexes: the bundles a SKU is a component of, a bundle
    // by its own SKU, the recent outside changes of SKUs (the price-jump rule).
    await sql`create index mirror_bundle_components_idx on mirror_bundle using gin ((record->'components') jsonb_path_ops)`.execute(
      db,
    );
    await sql`create index mirror_bundle_sku_idx on mirror_bundle (sku_id)`.execute(db);
    // A barcode's check digit is judged once, when the mirror writes the SKU: null for a barcode that is not a GS1
    // key, false for a wrong check digit (indexed, so the rule reads only those).
    await sql`alter table mirror_sku add column barcode_gs1_ok boolean generated always as (case
      when record->>'barcode' ~ '^([0-9]{8}|[0-9]{12,14})$' then attention_gs1_valid(record->>'barcode') end) stored`.execute(
      db,
    );
    await sql`create index mirror_sku_gs1_wrong_idx on mirror_sku (id) where barcode_gs1_ok = false`.execute(db);
    await sql`create index audit_change_outside_sku_idx on audit_change (at) where source = 'outside' and record_type = 'skus'`.execute(
      db,
    );
    // The workbench's queue (the import-rows rule) without reading every row ever imported.
    await sql`create index import_row_waiting_idx on import_row (import_id) where status in ('not_sent', 'failed')`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index if exists import_row_waiting_idx`.execute(db);
    await sql`drop index if exists audit_change_outside_sku_idx`.execute(db);
    await sql`drop index if exists mirror_bundle_sku_idx`.execute(db);
    await sql`alter table mirror_sku drop column if exists barcode_gs1_ok`.execute(db);
    await sql`drop index if exists mirror_bundle_components_idx`.execute(db);
    await sql`alter table audit_change drop constraint if exists audit_change_source_check`.execute(db);
    await sql`alter table audit_change add constraint audit_change_source_check
      check (source in ('form', 'panel', 'bulk', 'import', 'resend', 'outside'))`.execute(db);
    for (const table of ['attention_state', 'attention_daily', 'attention_finding'])
      await sql`drop table if exists ${sql.id(table)}`.execute(db);
    await sql`drop function if exists attention_gs1_valid(text)`.execute(db);
    await sql`drop function if exists attention_gs1_digits_valid(text)`.execute(db);
  },
};

export default attentionMigration;
