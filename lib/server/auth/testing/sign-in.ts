// Signing in as a browser does, for tests that need real sessions. Imports nothing, so a test may load it
// before it sets the environment the runtime reads.

/** The sign-in request a browser at `clientAddress` sends from the console's `origin`. */
export function signInRequest(origin: string, clientAddress: string, email: string, password: string): Request {
  return new Request(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      'x-console-client-address': clientAddress,
    },
    body: JSON.stringify({ email, password }),
  });
}

/** The session cookie (name=value) a sign-in answer sets; throws with the status when it set none. */
export function sessionCookie(response: Response, email: string): string {
  const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token='));
  if (!cookie) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return cookie.split(';')[0]!;
}
