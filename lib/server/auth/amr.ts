import 'server-only';

/**
 * The authentication methods (`amr`, RFC 8176) an identity provider put in an SSO sign-in's ID token, stored on
 * the session as one space-separated text so the session check can ask amrSatisfiesSecondFactor
 * (./second-factor.ts). Read only after better-auth verified the token's signature.
 */
export function amrOfIdToken(idToken: string | null): string[] {
  const payload = idToken?.split('.')[1];
  if (!payload) return [];
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { amr?: unknown };
    return Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export const formatAmr = (amr: readonly string[]): string | null =>
  amr.length ? amr.map((v) => v.replace(/\s+/g, '')).join(' ') : null;

/** A session's stored `amr` as a list (none for a password sign-in). */
export const parseAmr = (stored: unknown): string[] =>
  typeof stored === 'string' ? stored.split(' ').filter(Boolean) : [];
