import { sql, type Migration } from 'kysely';
import { sqlMigration } from '../sql-migration';

/**
 * What "Compare with live data" predicted a row would do (create, update, same) when it was sent (issue 26):
 * a row predicted to succeed that the service then refused is a misprediction, counted on the results page.
 * Null when the row was not compared. A resend through its review sets it again for the new attempt.
 */
export const importRowPredictedMigration: Migration = sqlMigration({
  up: [sql`alter table import_row add column predicted text`],
  down: [sql`alter table import_row drop column if exists predicted`],
});

export default importRowPredictedMigration;
