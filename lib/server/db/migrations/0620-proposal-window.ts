import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Split raises count as one (issue 61 point 2): a proposal keeps the steps of the policy's window that make up its
 * change (when, who, from → to, read from History when it was proposed), so the approver sees what the raise is
 * made of even after later changes. Null: the change was judged alone (no earlier step in the window).
 */
export const proposalWindowMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table quota_proposal add column raise_window jsonb`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table quota_proposal drop column if exists raise_window`.execute(db);
  },
};

export default proposalWindowMigration;
