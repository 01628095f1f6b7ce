import 'server-only';
import { withProvenClientAddress } from '../http';
import { logRequest } from '../log';
import { REQUEST_ID_HEADER, requestIdOf } from '../http';
import type { ConsoleAuth } from './create';

/**
 * The better-auth endpoints a browser may reach over HTTP: signing in and out, reading one's session, and the
 * second factor's.
 * Everything else better-auth offers (sign-up, password reset, email verification, and the admin plugin's
 * endpoints, which skip the console's own rules such as "an admin cannot demote or disable themselves") is
 * answered 404. The console calls what it needs on the server through auth.api, behind lib/server/accounts.
 * An allowlist, so an endpoint a better-auth upgrade adds stays closed until someone opens it here.
 */
const OPEN: ReadonlyArray<readonly [method: string, path: string]> = [
  ['POST', '/sign-in/email'],
  ['POST', '/sign-out'],
  ['GET', '/get-session'],
  // Two-factor (issue 45): enrolment and removal in Settings, the code after the password. Each checks its own
  // session or pending sign-in; the console's rules around them are in second-factor-guard.ts.
  ['POST', '/two-factor/enable'],
  ['POST', '/two-factor/disable'],
  ['POST', '/two-factor/verify-totp'],
  ['POST', '/two-factor/verify-backup-code'],
  ['POST', '/two-factor/generate-backup-codes'],
  // Passkeys: registered in Settings or at enrolment, used to sign in.
  ['GET', '/passkey/generate-register-options'],
  ['POST', '/passkey/verify-registration'],
  ['GET', '/passkey/generate-authenticate-options'],
  ['POST', '/passkey/generate-authenticate-options'],
  ['POST', '/passkey/verify-authentication'],
  ['GET', '/passkey/list-user-passkeys'],
  ['POST', '/passkey/delete-passkey'],
  // Single sign-on (./sso.ts): the start, which answers the provider's address, and the provider's return.
  ['POST', '/sign-in/social'],
];
/** A provider's return; an id that is not configured is refused by better-auth itself. */
const SSO_CALLBACK = /^\/callback\/[a-z][a-z0-9]{0,19}$/;
const BASE_PATH = '/api/auth';

export function isOpenAuthEndpoint(method: string, pathname: string): boolean {
  if (!pathname.startsWith(`${BASE_PATH}/`)) return false;
  const path = pathname.slice(BASE_PATH.length).replace(/\/+$/, '');
  if (method.toUpperCase() === 'GET' && SSO_CALLBACK.test(path)) return true;
  return OPEN.some(([m, p]) => m === method.toUpperCase() && p === path);
}

/** better-auth's HTTP handler behind the allowlist above; one log line per request, with its id. */
export function consoleAuthHandler(auth: ConsoleAuth) {
  return async (request: Request): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const pathname = new URL(request.url).pathname;
    const response = isOpenAuthEndpoint(request.method, pathname)
      ? await auth.handler(withProvenClientAddress(request))
      : Response.json({ error: 'not_found' }, { status: 404 });
    try {
      response.headers.set(REQUEST_ID_HEADER, requestId);
    } catch {
      // A response with immutable headers (a redirect made with Response.redirect) goes back without the id.
    }
    logRequest({
      requestId,
      method: request.method.toUpperCase(),
      route: pathname.slice(0, 80),
      status: response.status,
      durationMs: performance.now() - started,
    });
    return response;
  };
}
