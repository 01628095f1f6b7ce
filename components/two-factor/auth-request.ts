/** A better-auth endpoint's answer as the two-factor screens read it; `Body` is what the endpoint documents. */
export type AuthAnswer<Body = Record<string, unknown>> = { status: number; body: Body | null; retryAfter: number };

/**
 * Calls the console's better-auth endpoint (same origin; its cookies go along). Never throws: 0 is no answer.
 * `Body` names the JSON the endpoint answers with (the passkey options WebAuthn takes as they come): the caller
 * states it, as with any JSON read.
 */
export async function authRequest<Body = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<AuthAnswer<Body>> {
  try {
    const response = await fetch(`/api/auth${path}`, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => null)) as Body | null;
    return { status: response.status, body: json, retryAfter: Number(response.headers.get('X-Retry-After')) || 60 };
  } catch {
    return { status: 0, body: null, retryAfter: 0 };
  }
}

/** The words for a refused code: wrong (401), paused (429), a sign-in that must start again (400), or a failure. */
export function codeProblem(answer: AuthAnswer): {
  key: 'wrongCode' | 'paused' | 'expired' | 'failed';
  values?: Record<string, number>;
} {
  if (answer.status === 401 && answer.body?.code !== 'INVALID_TWO_FACTOR_COOKIE') return { key: 'wrongCode' };
  if (answer.status === 429) return { key: 'paused', values: { seconds: answer.retryAfter } };
  if (answer.status === 400 || answer.status === 401) return { key: 'expired' };
  return { key: 'failed', values: { status: answer.status } };
}
