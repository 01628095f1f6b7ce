import 'server-only';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db/types';

/**
 * Failed sign-ins allowed per account before that account's sign-in pauses. The per-address limit alone is
 * not enough: one guesser can use many addresses (a botnet, or a mistaken TRUSTED_PROXY_HOPS that lets
 * X-Forwarded-For through). Counting per account cannot be dodged that way. Only wrong passwords count, so a busy user's
 * good sign-ins never lock them out; the price is that someone who knows an email can pause its sign-in for
 * `window` seconds, the usual trade.
 */
export const ACCOUNT_LIMIT = { window: 300, maxFailures: 10 } as const;

const SIGN_IN = '/sign-in/email';

function emailOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('email' in body) || typeof body.email !== 'string') return null;
  const email = body.email.trim().toLowerCase();
  return email === '' ? null : email;
}

export function accountLimitHooks(db: Kysely<ConsoleDatabase>, limit: { window: number; maxFailures: number } = ACCOUNT_LIMIT) {
  const windowStart = sql`now() - make_interval(secs => ${limit.window})`;
  return {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== SIGN_IN) return;
      const email = emailOf(ctx.body);
      if (!email) return;
      const { rows } = await sql<{ failures: number }>`
        select failures from sign_in_failures where email = ${email} and window_start > ${windowStart}
      `.execute(db);
      if ((rows[0]?.failures ?? 0) >= limit.maxFailures) {
        throw new APIError('TOO_MANY_REQUESTS', {
          message: 'Too many wrong passwords for this account. Wait a few minutes, then try again.',
        });
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== SIGN_IN) return;
      const email = emailOf(ctx.body);
      if (!email) return;
      const returned = ctx.context.returned;
      if (!isAPIError(returned)) {
        await sql`delete from sign_in_failures where email = ${email}`.execute(db);
        return;
      }
      if (returned.statusCode !== 401) return;
      // A window opens at the first failure and closes `window` seconds later; a failure after that starts a new one.
      await sql`
        insert into sign_in_failures (email, failures, window_start) values (${email}, 1, now())
        on conflict (email) do update set
          failures = case when sign_in_failures.window_start > ${windowStart} then sign_in_failures.failures + 1 else 1 end,
          window_start = case when sign_in_failures.window_start > ${windowStart} then sign_in_failures.window_start else now() end
      `.execute(db);
    }),
  };
}
