/**
 * better-auth's code in the sign-in page's address after a single sign-on did not complete (`?error=`), as the
 * catalogue key (sso.errors.*) that explains it. Codes of the console's own check (lib/server/auth/sso.ts) and
 * better-auth's own; anything else is worded as "did not complete" with its code.
 */
export type SsoMessage = 'domain' | 'unverified' | 'noAccount' | 'notLinked' | 'disabled' | 'failed';

const BY_CODE: Record<string, SsoMessage> = {
  sso_domain_not_allowed: 'domain',
  sso_email_unverified: 'unverified',
  signup_disabled: 'noAccount',
  account_not_linked: 'notLinked',
  // A disabled console account gets no session through its provider either (the admin plugin's session hook).
  BANNED_USER: 'disabled',
};

export function ssoProblemOf(code: string | string[] | undefined): { message: SsoMessage; code: string } | null {
  const value = Array.isArray(code) ? code[0] : code;
  if (!value) return null;
  const clean = value.replace(/[^A-Za-z0-9_]/g, '').slice(0, 60);
  return { message: BY_CODE[clean] ?? 'failed', code: clean };
}
