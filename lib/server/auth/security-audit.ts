import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { person, writeHistory } from '../history';

/** Security events of an account that go to the audit log (the audit page names them under Accounts). */
export type SecurityEvent =
  | 'two-factor-enrol'
  | 'two-factor-remove'
  | 'backup-code-use'
  | 'backup-codes-new'
  | 'passkey-add'
  | 'passkey-remove'
  | `two-factor-policy (${string})`;

/** One audit entry with who and from where, through the one writer. It never carries a secret, code or backup code. */
export async function auditSecurityEvent(
  db: Kysely<ConsoleDatabase>,
  who: { userId: string; email: string },
  event: SecurityEvent,
  target: string,
  address: string | null,
): Promise<void> {
  await writeHistory(db, {
    actor: person(who.userId, who.email),
    operation: `account ${event}`,
    family: 'account',
    targetIds: [target],
    status: 200,
    outcome: 'applied',
    clientAddress: address,
  });
}
