import { sql, type Kysely, type Migration } from 'kysely';

/**
 * When a proposal's author saw its decision (issue 62 point 6): a decided proposal stays at the top of its author's
 * home until they say they have seen it. Null: not seen yet (or still open). Decisions made before this column
 * existed count as seen, so nobody's home fills with old news.
 */
export const proposalSeenMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table quota_proposal add column proposer_seen_at timestamptz`.execute(db);
    await sql`update quota_proposal set proposer_seen_at = coalesce(decided_at, now())
      where state not in ('open', 'sending')`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table quota_proposal drop column if exists proposer_seen_at`.execute(db);
  },
};

export default proposalSeenMigration;
