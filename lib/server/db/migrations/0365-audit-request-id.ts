import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The request id of each write the audit log records (the one its log line, the upstream and the browser
 * saw), so support can follow an entry to its log lines: shown in the audit page's details and exported.
 * Older entries have none (the console's own calls kept it in their outcome text).
 */
const auditRequestId: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table audit_log add column request_id text`.execute(db);
  },
};

export default auditRequestId;
