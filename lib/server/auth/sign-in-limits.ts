import 'server-only';
import { APIError, createAuthMiddleware, getIP, isAPIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { signInFailures, signInLimited } from '../metrics';
import {
  ACCOUNT_LIMIT,
  accountPausedFor,
  clearAccountFailures,
  recordAccountFailure,
  type AccountLimit,
} from './account-limit';
import { releaseAttempt, reserveAttempt, type AddressLimit } from './address-limit';

const SIGN_IN = '/sign-in/email';
/** better-auth's bucket for a request whose address is unknown (see its rate limiter). */
const UNKNOWN_ADDRESS = 'no-trusted-ip';

export type SignInLimits = { address: AddressLimit; account?: AccountLimit };

function emailOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('email' in body) || typeof body.email !== 'string') return null;
  const email = body.email.trim().toLowerCase();
  return email === '' ? null : email;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The key better-auth's own limiter would use for this address and path. */
function addressKey(ctx: HookContext): string {
  const source = ctx.request ?? ctx.headers;
  const address = source ? getIP(source, ctx.context.options) : null;
  return `${address ?? UNKNOWN_ADDRESS}|${SIGN_IN}`;
}

function tooMany(message: string, retryAfter: number) {
  return new APIError('TOO_MANY_REQUESTS', { message }, { 'X-Retry-After': String(retryAfter) });
}

/**
 * Both sign-in limits, shared by every instance through the console database: per account (wrong passwords
 * from any address pause it) and per client address (wrong passwords only, see address-limit.ts). The account
 * is checked first, so attempts on a paused account do not use up the office's address allowance.
 */
export function signInLimitHooks(db: Kysely<ConsoleDatabase>, limits: SignInLimits) {
  const account = limits.account ?? ACCOUNT_LIMIT;
  // The window each request's address slot was taken in, to give back exactly that slot.
  const taken = new WeakMap<Request, number>();
  return {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== SIGN_IN) return;
      const email = emailOf(ctx.body);
      if (email) {
        const pausedFor = await accountPausedFor(db, email, account);
        if (pausedFor !== null) {
          signInLimited.inc({ limit: 'account' });
          throw tooMany('Too many wrong passwords for this account. Wait a few minutes, then try again.', pausedFor);
        }
      }
      const key = addressKey(ctx);
      const reservation = await reserveAttempt(db, key, limits.address);
      if (!reservation.allowed) {
        signInLimited.inc({ limit: 'address' });
        throw tooMany('Too many requests. Please try again later.', reservation.retryAfter);
      }
      if (ctx.request) taken.set(ctx.request, reservation.windowStart);
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== SIGN_IN) return;
      const returned = ctx.context.returned;
      const wrongPassword = isAPIError(returned) && returned.statusCode === 401;
      if (wrongPassword) signInFailures.inc();
      if (!wrongPassword) await releaseAttempt(db, addressKey(ctx), (ctx.request && taken.get(ctx.request)) ?? null);
      const email = emailOf(ctx.body);
      if (!email) return;
      // A right password of an account with two-factor is half a sign-in: the count clears once the code is right
      // (second-factor-guard.ts), so the password cannot reset the pause between wrong codes.
      const codeOwed = Boolean(
        (ctx.context.newSession?.user as { twoFactorEnabled?: boolean } | undefined)?.twoFactorEnabled,
      );
      if (!isAPIError(returned) && !codeOwed) await clearAccountFailures(db, email);
      else if (wrongPassword) await recordAccountFailure(db, email, account);
    }),
  };
}
