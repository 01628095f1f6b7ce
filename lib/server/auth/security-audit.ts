import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';

/** Security events of an account that go to the audit log (the audit page names them under Accounts). */
export type SecurityEvent =
  | 'two-factor-enrol'
  | 'two-factor-remove'
  | 'backup-code-use'
  | 'backup-codes-new'
  | 'passkey-add'
  | 'passkey-remove'
  | `two-factor-policy (${string})`;

/**
 * One audit entry with who and from where. Written here rather than through lib/server/audit, which sits above
 * auth (a feature): better-auth's hooks run below it. The entry never carries a secret, code or backup code.
 */
export async function auditSecurityEvent(
  db: Kysely<ConsoleDatabase>,
  who: { userId: string; email: string },
  event: SecurityEvent,
  target: string,
  address: string | null,
): Promise<void> {
  await sql`
    insert into audit_log (user_id, user_email, operation, target_ids, status, outcome, family, client_address)
    values (${who.userId}, ${who.email}, ${`account ${event}`}, ${[target]}::text[], 200, 'applied', 'account',
      ${address})
  `.execute(db);
}
