import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A record's History gets the rows an ERP sync could not apply once they close (source `sync`: fixed by the ERP,
 * fixed in the console, dismissed), so a record says what happened to the ERP's refused write of it.
 */
const SOURCES = ['form', 'panel', 'bulk', 'import', 'resend', 'outside', 'attention'];

async function allow(db: Kysely<unknown>, sources: readonly string[]) {
  await sql`alter table audit_change drop constraint if exists audit_change_source_check`.execute(db);
  await sql`alter table audit_change add constraint audit_change_source_check
    check (source in (${sql.join(sources.map((s) => sql.lit(s)))}))`.execute(db);
}

const historySyncSource: Migration = {
  async up(db: Kysely<unknown>) {
    await allow(db, [...SOURCES, 'sync']);
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from audit_change where source = 'sync'`.execute(db);
    await allow(db, SOURCES);
  },
};

export default historySyncSource;
