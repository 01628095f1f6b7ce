import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Record history (issue 17): each write's record type (companies, products, skus, bundles, users; the
 * first path segment of the record's console page) and the field changes the person confirmed, old → new,
 * so a record's History panel is one indexed query. Older rows get their type from their operation; their
 * changes stay null (they were never recorded).
 */
export const auditRecordHistoryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table audit_log add column record_type text, add column changes jsonb`.execute(db);
    await sql`
      update audit_log set record_type = case
        when operation like '% /v1/companies%' then 'companies'
        when operation like '% /v1/products%' then 'products'
        when operation like '% /v1/skus%' or operation like '% /v1/prices%' then 'skus'
        when operation like '% /v1/bundles%' or operation like '% /v1/bundle-prices%' then 'bundles'
        when operation like '% /v1/internal-users%' then 'users'
      end
    `.execute(db);
    await sql`create index audit_log_targets_idx on audit_log using gin (target_ids)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index if exists audit_log_targets_idx`.execute(db);
    await sql`alter table audit_log drop column record_type, drop column changes`.execute(db);
  },
};

export default auditRecordHistoryMigration;
