import 'server-only';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { isRole } from '@/lib/contract/roles';
import { SECOND_FACTOR_FAILURE_WEIGHT } from '@/lib/contract/two-factor';
import type { ConsoleDatabase } from '../db';
import { logger } from '../log';
import { signInFailures, signInLimited } from '../metrics';
import { ACCOUNT_LIMIT, accountPausedFor, clearAccountFailures, recordAccountFailure } from './account-limit';
import { auditSecurityEvent, type SecurityEvent } from './security-audit';
import { amrOf, markSecondFactor, secondFactorState, type TwoFactorMode } from './two-factor-state';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type Who = { userId: string; email: string; sessionId: string | null; enrolling: boolean };

const CODE_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
/** What adds a factor: refused to a session that owes the one it has (else a new factor would skip it). */
const ADD_FACTOR = new Set(['/two-factor/enable', '/passkey/generate-register-options']);
const AUDITED: Record<string, SecurityEvent> = {
  '/two-factor/disable': 'two-factor-remove',
  '/two-factor/generate-backup-codes': 'backup-codes-new',
  '/passkey/verify-registration': 'passkey-add',
  '/passkey/delete-passkey': 'passkey-remove',
};
const PATHS = new Set([...CODE_PATHS, ...ADD_FACTOR, ...Object.keys(AUDITED), '/passkey/verify-authentication']);

const addressOf = (ctx: HookContext) => {
  const source = ctx.request ?? ctx.headers;
  return source ? (getIP(source, ctx.context.options) ?? null) : null;
};

/** The account a second-factor request is about: the pending sign-in's (two-factor cookie) or the session's. */
async function whoIsAsking(ctx: HookContext): Promise<Who | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) {
    const enrolling = !(session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled;
    return { userId: session.user.id, email: session.user.email, sessionId: session.session.id, enrolling };
  }
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  const user = pending ? await ctx.context.internalAdapter.findUserById(pending.value) : null;
  return user ? { userId: user.id, email: user.email, sessionId: null, enrolling: false } : null;
}

/**
 * The console's rules around better-auth's two-factor and passkey plugins: wrong codes count toward the account's
 * pause like wrong passwords (and a paused account is asked no code); a session that owes its second factor
 * cannot add a new one; a sign-in proven by a code, a backup code or a passkey is marked for the session check;
 * enrolment, removal and backup-code use go to the audit log with who and from where.
 */
export function secondFactorGuard(db: Kysely<ConsoleDatabase>, mode: TwoFactorMode): BetterAuthPlugin {
  const asking = new WeakMap<object, Who | null>();
  const key = (ctx: HookContext) => ctx.request ?? ctx.headers ?? ctx;
  return {
    id: 'console-second-factor',
    hooks: {
      before: [
        {
          matcher: (ctx) => PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const who = await whoIsAsking(ctx);
            asking.set(key(ctx), who);
            if (!who) return;
            if (CODE_PATHS.has(ctx.path)) {
              const pausedFor = await accountPausedFor(db, who.email.toLowerCase(), ACCOUNT_LIMIT);
              if (pausedFor !== null) {
                signInLimited.inc({ limit: 'account' });
                throw new APIError(
                  'TOO_MANY_REQUESTS',
                  { message: 'Too many wrong codes for this account. Wait a few minutes, then try again.' },
                  { 'X-Retry-After': String(pausedFor) },
                );
              }
            }
            if (ADD_FACTOR.has(ctx.path) && who.sessionId) {
              const session = await getSessionFromCtx(ctx);
              const role = session?.user.role;
              const amr = amrOf((session?.session as { amr?: unknown } | undefined)?.amr);
              const state = isRole(role)
                ? await secondFactorState(db, { ...who, sessionId: who.sessionId, role, amr }, mode)
                : 'ok';
              if (state === 'verify') throw new APIError('FORBIDDEN', { code: 'SECOND_FACTOR_REQUIRED' });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const who = asking.get(key(ctx)) ?? null;
            const returned = ctx.context.returned;
            const failed = isAPIError(returned);
            const address = addressOf(ctx);
            const newSessionId = ctx.context.newSession?.session.id ?? null;
            try {
              if (CODE_PATHS.has(ctx.path) && who) {
                const email = who.email.toLowerCase();
                if (failed && returned.statusCode === 401) {
                  signInFailures.inc();
                  await recordAccountFailure(db, email, ACCOUNT_LIMIT, SECOND_FACTOR_FAILURE_WEIGHT);
                }
                if (failed) return;
                await clearAccountFailures(db, email);
                const sessionId = newSessionId ?? who.sessionId;
                const backup = ctx.path === '/two-factor/verify-backup-code';
                if (sessionId) await markSecondFactor(db, sessionId, backup ? 'backup-code' : 'totp');
                if (backup) await auditSecurityEvent(db, who, 'backup-code-use', who.email, address);
                else if (who.enrolling && who.sessionId) {
                  await auditSecurityEvent(db, who, 'two-factor-enrol', who.email, address);
                }
                return;
              }
              if (failed) return;
              if (ctx.path === '/passkey/verify-authentication' && newSessionId) {
                await markSecondFactor(db, newSessionId, 'passkey');
                return;
              }
              // Registering a passkey proves it in the same ceremony: the session is proven by it.
              if (ctx.path === '/passkey/verify-registration' && who?.sessionId) {
                await markSecondFactor(db, who.sessionId, 'passkey');
              }
              const event = AUDITED[ctx.path];
              if (event && who) await auditSecurityEvent(db, who, event, who.email, address);
            } catch (error) {
              logger().error(
                { source: 'auth', path: ctx.path, error: error instanceof Error ? error.message : String(error) },
                'second-factor bookkeeping failed',
              );
              throw error;
            }
          }),
        },
      ],
    },
  };
}
