import 'server-only';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { can } from '@/lib/contract/roles';
import { recordAudit } from '../audit';
import type { CurrentUser } from '../auth/request';
import { noteSessionsEnded, sessionTokensOf, type SessionEndReason } from '../auth/session-ends';
import type { ConsoleDatabase } from '../db';
import { deviceOf, type Device } from './device';
import type { AccountDeps, AccountResult } from './types';

/** One place a person is signed in, as Settings lists it. */
export type AccountSession = {
  id: string;
  device: Device;
  address: string | null;
  startedAt: Date;
  /** When the session was last used, at most a few minutes behind (lib/server/auth/session-activity.ts). */
  lastSeenAt: Date;
  /** The session this request came with. */
  current: boolean;
};

/** Where a change was asked from: the acting session (kept when ending "all others") and its address. */
export type SessionContext = { currentSessionId: string | null; address: string | null };

/** How long an admin's one-time reset link stays usable. */
export const RESET_LINK_HOURS = 24;

/** Each person sees and ends their own sessions; whoever manages accounts, anyone's. */
function mayManage(actor: CurrentUser | null, userId: string): AccountResult<never> | null {
  if (!actor) return { ok: false, error: 'unauthenticated' };
  if (actor.id !== userId && !can(actor.role, 'manageAccounts')) return { ok: false, error: 'forbidden' };
  return null;
}

export async function listSessions(
  db: Kysely<ConsoleDatabase>,
  actor: CurrentUser | null,
  userId: string,
  context: Pick<SessionContext, 'currentSessionId'>,
): Promise<AccountResult<AccountSession[]>> {
  const refused = mayManage(actor, userId);
  if (refused) return refused;
  // Last active: the latest of better-auth's hourly refresh and the console's note of use (every few minutes).
  const lastSeen = sql<Date>`greatest(session."updatedAt", session_activity.seen_at)`;
  const rows = await db
    .selectFrom('session')
    .leftJoin('session_activity', 'session_activity.session_id', 'session.id')
    .select(['session.id', 'session.userAgent', 'session.ipAddress', 'session.createdAt', lastSeen.as('lastSeen')])
    .where('session.userId', '=', userId)
    .where('session.expiresAt', '>', new Date())
    .orderBy(lastSeen, 'desc')
    .execute();
  return {
    ok: true,
    value: rows.map((row) => ({
      id: row.id,
      device: deviceOf(row.userAgent),
      address: row.ipAddress,
      startedAt: new Date(row.createdAt),
      lastSeenAt: new Date(row.lastSeen),
      current: row.id === context.currentSessionId,
    })),
  };
}

/**
 * Ends sessions of `userId` at once: the row goes, so its next request is refused (no cookie cache, and the
 * proxy's session cache is cleared by the change notice). `keep` is never ended: the acting session. `reason` is
 * noted first, so the sign-in page can tell the person why they were signed out.
 */
export async function endSessionsOf(
  db: Kysely<ConsoleDatabase>,
  userId: string,
  keep: string | null,
  reason: SessionEndReason,
  only?: string,
): Promise<number> {
  await noteSessionsEnded(db, await sessionTokensOf(db, userId, keep, only), reason);
  let query = db.deleteFrom('session').where('userId', '=', userId);
  if (keep) query = query.where('id', '!=', keep);
  if (only) query = query.where('id', '=', only);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends one session (`sessionId`) or every session but the acting one (`null`) of a person; audited. */
export async function endSessions(
  db: Kysely<ConsoleDatabase>,
  actor: CurrentUser | null,
  userId: string,
  sessionId: string | null,
  context: SessionContext,
): Promise<AccountResult<{ ended: number }>> {
  const refused = mayManage(actor, userId);
  const ended = refused ? 0 : await endSessionsOf(db, userId, context.currentSessionId, 'ended', sessionId ?? undefined);
  const result: AccountResult<{ ended: number }> = refused ?? { ok: true, value: { ended } };
  await auditSignInEvent(db, actor, 'account session-end', userId, result, context.address, `${ended} ended`);
  return result;
}

/**
 * An admin resets a colleague's password: a one-time link (valid RESET_LINK_HOURS) that sets a new one, shown
 * once to the admin to hand over. Every session of that person ends now; the old password keeps working only
 * until the link is used (better-auth then ends the sessions again). The token travels in the link's fragment
 * (`#token=`), which browsers never send: it stays out of request logs, proxies and Referer headers.
 */
export async function issuePasswordReset(
  { auth, db }: AccountDeps,
  actor: CurrentUser | null,
  userId: string,
  context: SessionContext & { consoleUrl: string },
): Promise<AccountResult<{ url: string; expiresAt: Date }>> {
  let result: AccountResult<{ url: string; expiresAt: Date }>;
  if (!actor) result = { ok: false, error: 'unauthenticated' };
  else if (!can(actor.role, 'manageAccounts')) result = { ok: false, error: 'forbidden' };
  else if (actor.id === userId) result = { ok: false, error: 'notYourself' };
  else if (!(await db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst()))
    result = { ok: false, error: 'notFound' };
  else {
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + RESET_LINK_HOURS * 3600_000);
    const { internalAdapter } = await auth.$context;
    // better-auth's own reset token: its /reset-password endpoint checks, consumes and expires it.
    await internalAdapter.createVerificationValue({ identifier: `reset-password:${token}`, value: userId, expiresAt });
    await endSessionsOf(db, userId, null, 'passwordReset');
    result = { ok: true, value: { url: `${context.consoleUrl}/reset-password#token=${token}`, expiresAt } };
  }
  await auditSignInEvent(db, actor, 'account password-reset', userId, result, context.address);
  return result;
}

/** The colleague's side of the reset link: a new password, once, before the link expires. Not audited: nobody signed in. */
export async function completePasswordReset(
  auth: AccountDeps['auth'],
  token: string,
  newPassword: string,
): Promise<AccountResult> {
  if (newPassword.length < 8 || newPassword.length > 128)
    return { ok: false, error: 'passwordLength', fields: { password: 'passwordLength' } };
  try {
    await auth.api.resetPassword({ body: { token, newPassword } });
    return { ok: true, value: undefined };
  } catch {
    return { ok: false, error: 'resetLinkInvalid' };
  }
}

async function auditSignInEvent(
  db: Kysely<ConsoleDatabase>,
  actor: CurrentUser | null,
  operation: 'account session-end' | 'account password-reset',
  userId: string,
  result: AccountResult<unknown>,
  address: string | null,
  detail?: string,
): Promise<void> {
  if (!actor) return;
  const target = (await db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst())?.email;
  await recordAudit(db, {
    userId: actor.id,
    userEmail: actor.email,
    operation,
    targetIds: [target ?? userId],
    status: result.ok ? 200 : result.error === 'forbidden' ? 403 : result.error === 'notFound' ? 404 : 400,
    outcome: result.ok ? (detail ? `applied (${detail})` : 'applied') : 'refused',
    clientAddress: address,
  });
}
