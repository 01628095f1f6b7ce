'use server';

import { parseSetCookieHeader, toCookieOptions } from 'better-auth/cookies';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getAuth } from '@/lib/server/auth';
import { signInWithPostedForm } from '@/lib/server/auth';
import { safeReturnTo } from '@/lib/server/auth';
import { SECOND_FACTOR_PATH } from '@/lib/contract/two-factor';
import { checkSignInInput, signInProblemOf, type SignInState } from './_lib/sign-in-problem';
import { serverContext } from '@/lib/server/console-api';

/**
 * The sign-in form's action when it is posted before the page's JavaScript runs (a slow phone, a script that
 * failed, JavaScript off): signs in and redirects, or answers the form again with the reason. Once hydrated,
 * the form sends the same request itself (sign-in-form.tsx).
 */
export async function signInAction(_previous: SignInState | null, form: FormData): Promise<SignInState> {
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const next = safeReturnTo(String(form.get('next') ?? ''));
  const invalid = checkSignInInput(email, password);
  if (invalid) return { problem: invalid, email };

  const pageHeaders = await headers();
  const consoleUrl = serverContext().env.consoleUrl;
  const response = await signInWithPostedForm(await getAuth(), pageHeaders, consoleUrl, { email, password });
  if (response.ok) {
    const jar = await cookies();
    for (const [name, cookie] of parseSetCookieHeader(response.headers.get('set-cookie') ?? '')) {
      jar.set(name, cookie.value, toCookieOptions(cookie));
    }
    // An account with two-factor gets no session yet: its code comes next.
    const answer = (await response.json().catch(() => null)) as { twoFactorRedirect?: boolean } | null;
    redirect(answer?.twoFactorRedirect ? `${SECOND_FACTOR_PATH}?next=${encodeURIComponent(next)}` : next);
  }
  const code = ((await response.json().catch(() => null)) as { code?: string } | null)?.code;
  const origins = { expected: new URL(consoleUrl).origin, actual: pageHeaders.get('origin') ?? '' };
  return {
    problem: signInProblemOf(
      { status: response.status, code, retryAfter: response.headers.get('X-Retry-After') },
      origins,
    ),
    email,
  };
}
