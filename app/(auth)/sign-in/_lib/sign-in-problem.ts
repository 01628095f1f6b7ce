/**
 * Why a sign-in did not happen, as catalogue keys (signIn.*) with their values: one mapping for the form's
 * own request (after hydration) and the server action that answers a form posted before it (or without
 * JavaScript), so both say the same thing.
 */
export type SignInMessage =
  | 'wrongCredentials'
  | 'disabled'
  | 'wrongOrigin'
  | 'rateLimited'
  | 'invalidEmail'
  | 'missingPassword'
  | 'unreachable'
  | 'passwordOff'
  | 'failed';

export interface SignInProblem {
  message: SignInMessage;
  /** The field the problem is about (shown beside it); none for a problem with the whole attempt. */
  field?: 'email' | 'password';
  values?: Record<string, string | number>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the browser can tell before asking the server. */
export function checkSignInInput(email: string, password: string): SignInProblem | null {
  if (!EMAIL.test(email)) return { message: 'invalidEmail', field: 'email' };
  if (!password) return { message: 'missingPassword', field: 'password' };
  return null;
}

/** better-auth's refusal of POST /api/auth/sign-in/email as the words the form shows. */
export function signInProblemOf(
  answer: { status: number; code?: string; retryAfter: string | null },
  origins: { expected: string; actual: string },
): SignInProblem {
  switch (answer.status) {
    case 401:
      return { message: 'wrongCredentials' };
    case 403:
      // better-auth refuses a sign-in posted from an origin other than CONSOLE_URL with 403 too; that is a
      // configuration problem, not a disabled account.
      if (answer.code === 'INVALID_ORIGIN') return { message: 'wrongOrigin', values: origins };
      // The e-mail's domain signs in through its company's provider only (lib/server/auth/sso.ts).
      if (answer.code === 'PASSWORD_SIGN_IN_OFF') return { message: 'passwordOff' };
      return { message: 'disabled' };
    case 429:
      return { message: 'rateLimited', values: { seconds: Number(answer.retryAfter) || 60 } };
    case 400:
      return { message: 'invalidEmail', field: 'email' };
    default:
      return { message: 'failed', values: { status: answer.status } };
  }
}

/** What the server action answers when it did not sign in: the problem, and the email to show again. */
export interface SignInState {
  problem: SignInProblem;
  email: string;
}
