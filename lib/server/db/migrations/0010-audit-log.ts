import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The audit log of writes made through the signing proxy (issue 5): who, when, which operation, which
 * records, what came back. No foreign key to "user": an entry must outlive the account that made it, so
 * the email is kept beside the id.
 */
export const auditLogMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table audit_log (
        id bigserial primary key,
        at timestamptz not null default now(),
        user_id text not null,
        user_email text not null,
        operation text not null,
        target_ids text[] not null default '{}',
        status integer not null,
        outcome text not null
      )
    `.execute(db);
    // Newest first with stable paging; the id breaks ties between writes in the same millisecond.
    await sql`create index audit_log_at_id_idx on audit_log (at desc, id desc)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists audit_log`.execute(db);
  },
};

export default auditLogMigration;
