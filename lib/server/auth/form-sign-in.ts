import 'server-only';
import { CLIENT_ADDRESS_HEADER, PROOF_HEADER } from '../http';
import { REQUEST_ID_HEADER } from '../http';
import type { ConsoleAuth } from './create';
import { consoleAuthHandler } from './http';

/**
 * The page request's headers the sign-in endpoint reads: where the form was posted from (better-auth's origin
 * check), who posted it (the per-address limits, with server.ts's proof), and the request id for the log.
 */
const FORWARDED = [
  'origin',
  'referer',
  'cookie',
  'user-agent',
  'host',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  CLIENT_ADDRESS_HEADER,
  PROOF_HEADER,
  REQUEST_ID_HEADER,
];

/**
 * Signs in with what a posted form carried (the sign-in page answers a form sent before its JavaScript ran) by
 * asking better-auth's own HTTP endpoint, exactly as the form's script does, so the same limits, origin check
 * and log line apply. The password travels in the body of an in-process request only: never in a URL.
 */
export function signInWithPostedForm(
  auth: ConsoleAuth,
  pageHeaders: Headers,
  consoleUrl: string,
  credentials: { email: string; password: string },
): Promise<Response> {
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const name of FORWARDED) {
    const value = pageHeaders.get(name);
    if (value !== null) headers.set(name, value);
  }
  const request = new Request(new URL('/api/auth/sign-in/email', consoleUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...credentials, rememberMe: true }),
  });
  return consoleAuthHandler(auth)(request);
}
