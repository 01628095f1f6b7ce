import { sql, type Kysely, type Migration } from 'kysely';

/**
 * An import may start sending while its rows are still arriving (the job's planner lists each chunk once all
 * its rows are in). `upload_closed` ends the upload early: set by the planner when no part came for a while
 * (the tab was closed mid-upload) and by settle(). Parts are refused once it is set, under the import row's
 * lock, so a part can never land after the planner's last look and stay unsent with no outcome.
 */
export const importUploadClosedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table import add column upload_closed boolean not null default false`.execute(db);
    await sql`update import set upload_closed = true where state <> 'uploading'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table import drop column if exists upload_closed`.execute(db);
  },
};

export default importUploadClosedMigration;
