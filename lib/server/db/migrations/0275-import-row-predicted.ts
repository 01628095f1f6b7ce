import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What "Compare with live data" predicted a row would do (create, update, same) when it was sent (issue 26):
 * a row predicted to succeed that the service then refused is a misprediction, counted on the results page.
 * Null when the row was not compared. A resend through its review sets it again for the new attempt.
 */
export const importRowPredictedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table import_row add column predicted text`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table import_row drop column if exists predicted`.execute(db);
  },
};

export default importRowPredictedMigration;
