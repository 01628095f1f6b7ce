import 'server-only';
import { logger } from '../log';
import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { can, ROLES, type Role } from '@/lib/contract/roles';
import { recordAudit, type AccountOperation } from '../audit';
import type { CurrentUser } from '../auth/request';
import type { ConsoleAuth } from '../auth';
import type { ConsoleDatabase } from '../db';
import { endSessionsOf } from './sessions';
import { noteSessionsEnded, sessionTokensOf } from '../auth/session-ends';

export type { AccountDeps, AccountErrorCode, AccountResult } from './types';
import type { AccountDeps, AccountErrorCode, AccountResult } from './types';

export type ConsoleAccount = {
  id: string;
  name: string;
  email: string;
  role: Role | null;
  disabled: boolean;
  createdAt: Date;
};

export const NAME_MAX = 100;

const newAccount = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'emailInvalid' })
    .max(254, { error: 'emailInvalid' }),
  name: z.string().trim().min(1, { error: 'nameRequired' }).max(NAME_MAX, { error: 'nameTooLong' }),
  role: z.enum(ROLES, { error: 'roleInvalid' }),
  password: z.string().min(8, { error: 'passwordLength' }).max(128, { error: 'passwordLength' }),
});

/** Raw form values: the role is checked here, not trusted from the form. */
export type NewAccountInput = { email: string; name: string; role: string; password: string };

function guard(actor: CurrentUser | null): AccountResult<never> | null {
  if (!actor) return { ok: false, error: 'unauthenticated' };
  if (!can(actor.role, 'manageAccounts')) return { ok: false, error: 'forbidden' };
  return null;
}

/** guard, and then: an admin demoting or disabling themselves could leave the console without any admin. */
function refuseOwnChange(actor: CurrentUser | null, userId: string): AccountResult<never> | null {
  return guard(actor) ?? (actor!.id === userId ? { ok: false, error: 'notYourself' } : null);
}

function fromApiError(error: unknown): AccountResult<never> {
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code ?? '';
    if (code.startsWith('USER_ALREADY_EXISTS'))
      return { ok: false, error: 'emailTaken', fields: { email: 'emailTaken' } };
    if (code === 'USER_NOT_FOUND' || error.statusCode === 404) return { ok: false, error: 'notFound' };
    if (error.statusCode === 401) return { ok: false, error: 'unauthenticated' };
    if (error.statusCode === 403) return { ok: false, error: 'forbidden' };
  }
  logger().error(
    { source: 'accounts', error: error instanceof Error ? error.message : error },
    'console account change failed',
  );
  return { ok: false, error: 'failed' };
}

/** One better-auth call: `value` when it succeeds, else its error as an account result. */
async function viaAuth<T>(call: () => Promise<unknown>, value: T): Promise<AccountResult<T>> {
  try {
    await call();
    return { ok: true, value };
  } catch (error) {
    return fromApiError(error);
  }
}

export async function listAccounts(
  db: Kysely<ConsoleDatabase>,
  actor: CurrentUser | null,
): Promise<AccountResult<ConsoleAccount[]>> {
  const refused = guard(actor);
  if (refused) return refused;
  const rows = await db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'role', 'banned', 'createdAt'])
    .orderBy('email')
    .execute();
  return {
    ok: true,
    value: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: (ROLES as readonly string[]).includes(row.role ?? '') ? (row.role as Role) : null,
      disabled: Boolean(row.banned),
      createdAt: new Date(row.createdAt),
    })),
  };
}

export async function createAccount(
  { auth, db }: AccountDeps,
  headers: Headers,
  actor: CurrentUser | null,
  input: NewAccountInput,
): Promise<AccountResult<{ email: string }>> {
  const result = await createAccountUnaudited(auth, headers, actor, input);
  await auditAccountChange(db, actor, `account create (${input.role})`, input.email.trim().toLowerCase(), result);
  return result;
}

async function createAccountUnaudited(
  auth: ConsoleAuth,
  headers: Headers,
  actor: CurrentUser | null,
  input: NewAccountInput,
): Promise<AccountResult<{ email: string }>> {
  const refused = guard(actor);
  if (refused) return refused;
  const parsed = newAccount.safeParse(input);
  if (!parsed.success) {
    const fields: NonNullable<Extract<AccountResult, { ok: false }>['fields']> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof typeof fields;
      fields[key] ??= issue.message as AccountErrorCode;
    }
    return { ok: false, error: Object.values(fields)[0] ?? 'failed', fields };
  }
  return viaAuth(() => auth.api.createUser({ body: parsed.data, headers }), { email: parsed.data.email });
}

export async function changeRole(
  { auth, db }: AccountDeps,
  headers: Headers,
  actor: CurrentUser | null,
  userId: string,
  role: string,
): Promise<AccountResult> {
  const result: AccountResult =
    refuseOwnChange(actor, userId) ??
    ((ROLES as readonly string[]).includes(role)
      ? await viaAuth(() => auth.api.setRole({ body: { userId, role: role as Role }, headers }), undefined)
      : { ok: false, error: 'roleInvalid', fields: { role: 'roleInvalid' } });
  // A new role starts with a new sign-in: every session the person had ends now (better-auth's setRole keeps them).
  if (result.ok) await endSessionsOf(db, userId, null, 'roleChanged');
  await auditAccountChange(db, actor, `account set-role (${role})`, await emailOf(db, userId), result);
  return result;
}

export async function setDisabled(
  { auth, db }: AccountDeps,
  headers: Headers,
  actor: CurrentUser | null,
  userId: string,
  disabled: boolean,
): Promise<AccountResult> {
  // banUser also deletes the account's sessions, so it is signed out on its next request; their tokens are read
  // first, so the sign-in page can say the account was disabled.
  const call = () =>
    disabled ? auth.api.banUser({ body: { userId }, headers }) : auth.api.unbanUser({ body: { userId }, headers });
  const refused = refuseOwnChange(actor, userId);
  const tokens = !refused && disabled ? await sessionTokensOf(db, userId, null) : [];
  const result = refused ?? (await viaAuth(call, undefined));
  if (result.ok && tokens.length) await noteSessionsEnded(db, tokens, 'disabled');
  await auditAccountChange(
    db,
    actor,
    disabled ? 'account disable' : 'account enable',
    await emailOf(db, userId),
    result,
  );
  return result;
}

/** The target account's email (kept in the log even if the account changes later), or its id when unknown. */
async function emailOf(db: AccountDeps['db'], userId: string): Promise<string> {
  const row = await db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? userId;
}

const STATUS_OF: Partial<Record<AccountErrorCode, number>> = {
  forbidden: 403,
  unauthenticated: 401,
  notFound: 404,
  emailTaken: 409,
  failed: 500,
};

/**
 * Every account change a signed-in person attempts goes to the audit log with who, when, what and on whom:
 * "applied", or "refused" (nothing changed). A failure better-auth did not explain is "unknown": it may have
 * been partly made.
 */
async function auditAccountChange(
  db: AccountDeps['db'],
  actor: CurrentUser | null,
  operation: AccountOperation,
  target: string,
  result: AccountResult<unknown>,
): Promise<void> {
  if (!actor) return;
  const status = result.ok ? 200 : (STATUS_OF[result.error] ?? 400);
  const outcome = result.ok ? 'applied' : result.error === 'failed' ? 'unknown' : 'refused';
  await recordAudit(db, { userId: actor.id, userEmail: actor.email, operation, targetIds: [target], status, outcome });
}

export {
  completePasswordReset,
  endSessions,
  issuePasswordReset,
  listSessions,
  RESET_LINK_HOURS,
  type AccountSession,
  type SessionContext,
} from './sessions';
export type { Device } from './device';
