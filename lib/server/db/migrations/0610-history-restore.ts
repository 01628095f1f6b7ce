import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Restoring a record's earlier values from its History (issue 56 point 2): the form's save that puts back one
 * entry's old values is a History entry of source `restore` ("Restored from the change of …") whose change record
 * names the change record it undid. The proxy checks, before sending, that the named change exists and is the
 * same record's, so the link cannot point at another record's change.
 */
const SOURCES = `'form', 'panel', 'bulk', 'import', 'resend', 'outside', 'attention', 'sync', 'revert'`;

export const historyRestoreMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table audit_change drop constraint if exists audit_change_source_check`.execute(db);
    await sql`alter table audit_change add constraint audit_change_source_check
      check (source in (${sql.raw(SOURCES)}, 'restore'))`.execute(db);
    await sql`alter table audit_change add column restores_change_id bigint`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table audit_change drop column if exists restores_change_id`.execute(db);
    await sql`alter table audit_change drop constraint if exists audit_change_source_check`.execute(db);
    await sql`update audit_change set source = 'form' where source = 'restore'`.execute(db);
    await sql`alter table audit_change add constraint audit_change_source_check
      check (source in (${sql.raw(SOURCES)}))`.execute(db);
  },
};

export default historyRestoreMigration;
