import 'server-only';
import type { Kysely } from 'kysely';
import type { Role } from '@/lib/contract/roles';
import type { ConsoleDatabase } from '../db';
import type { ConsoleAuth } from './create';

import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

export type BootstrapOptions = {
  demoMode: boolean;
  initialAdmin: { email: string; password: string } | null;
};

async function exists(db: Kysely<ConsoleDatabase>, email: string) {
  const row = await db.selectFrom('user').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

async function createIfMissing(
  auth: ConsoleAuth,
  db: Kysely<ConsoleDatabase>,
  account: { email: string; name: string; role: Role; password: string },
) {
  if (await exists(db, account.email)) return;
  try {
    // No headers: a server-side call, allowed by the admin plugin without a session.
    await auth.api.createUser({
      body: { email: account.email, name: account.name, password: account.password, role: account.role },
    });
  } catch (error) {
    // Another instance created it at the same moment.
    if (!(await exists(db, account.email))) throw error;
  }
}

/**
 * First start: the admin from CONSOLE_ADMIN_EMAIL/PASSWORD (only if no account has that email, so a later
 * password change in the console is not undone), and in demo mode one demo account per role.
 */
export async function ensureAccounts(auth: ConsoleAuth, db: Kysely<ConsoleDatabase>, options: BootstrapOptions) {
  if (options.initialAdmin) {
    const { email, password } = options.initialAdmin;
    await createIfMissing(auth, db, { email, password, name: email.split('@')[0] ?? email, role: 'admin' });
  }
  if (options.demoMode) {
    for (const account of DEMO_ACCOUNTS) await createIfMissing(auth, db, { ...account, password: DEMO_PASSWORD });
  }
}

/** True when nobody can sign in yet: the sign-in page then explains how to create the first admin. */
export async function hasNoAccounts(db: Kysely<ConsoleDatabase>): Promise<boolean> {
  const row = await db.selectFrom('user').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}
