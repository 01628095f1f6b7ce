import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Each write's outcome as applied, refused or unknown (issue 10), and the batch items that failed or whose
 * fate is unknown. Older rows keep a null result: what they recorded cannot be re-judged.
 */
export const auditWriteResultMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      alter table audit_log
        add column result text check (result in ('applied', 'refused', 'unknown')),
        add column failed_ids text[] not null default '{}',
        add column unknown_ids text[] not null default '{}'
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table audit_log drop column result, drop column failed_ids, drop column unknown_ids`.execute(db);
  },
};

export default auditWriteResultMigration;
