import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Where a sign-in event came from (the client's address as the console proved it, lib/server/http): SSO links,
 * ended sessions and password resets record it beside who did them. Null on entries that did not record one.
 * "if not exists": the two-factor work records addresses too and may add the same column.
 */
const auditClientAddress: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table audit_log add column if not exists client_address text`.execute(db);
  },
};

export default auditClientAddress;
