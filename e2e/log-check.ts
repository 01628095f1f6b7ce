import { existsSync, readFileSync } from 'node:fs';
import { storageStateFor, DEMO_PASSWORD, type RoleName } from './fixtures/accounts';
import { OWN_PASSWORD } from './fixtures/own-account';
import { METRICS_TOKEN, serverLog, SERVER_LOG } from './support/server-log';

/**
 * After the whole run (sign-ins, edits, imports, exports, refusals and faults by every spec): no line the
 * console wrote carries a secret, a password, a cookie value or a signature. Fails the run otherwise.
 * The log is the standard output and error of the server Playwright started (e2e/web-server.mjs copies both
 * to E2E_DATA_DIR/server.log); this runs before Playwright stops that server.
 */
const SECRETS: Record<string, string> = {
  'the upstream client secret': 'demo-erp-secret',
  'the demo auth secret': 'demo-mode-only-better-auth-secret-not-for-production',
  'the demo password': DEMO_PASSWORD,
  'the metrics token': METRICS_TOKEN,
  'an own account’s password': OWN_PASSWORD,
  // Typed into sign-in and account forms by users.spec, shell.spec and language.spec.
  'a new account’s password': 'initial-password-1',
  'a changed password': 'violet-tractor-harbour-92',
  'a clerk’s password': 'clerk-password',
  'another account’s password': 'another-password',
  'a language account’s password': 'language-password',
  // Typed by sessions.spec: an account's first password and the ones set through a reset link.
  'a sessions account’s password': 'sessions-password-1',
  'a reset password': 'reset-password-2',
  'a refused reset password': 'reset-password-3',
  // Posted by hardening.spec's sign-in before hydration.
  'a wrong sign-in password': 'not-the-password-47',
};

export default function checkServerLog() {
  // No log means nothing was checked: say so rather than pass.
  if (!existsSync(SERVER_LOG))
    throw new Error(`${SERVER_LOG} is missing: the server's log was not kept, so it was not checked for secrets.`);
  const log = serverLog();
  const found: string[] = [];
  for (const [what, value] of Object.entries(SECRETS)) if (log.includes(value)) found.push(what);
  for (const role of ['admin', 'steward', 'viewer'] as RoleName[]) {
    const file = storageStateFor(role);
    if (!existsSync(file)) continue;
    const { cookies } = JSON.parse(readFileSync(file, 'utf8')) as { cookies: { name: string; value: string }[] };
    for (const cookie of cookies)
      if (cookie.value.length >= 16 && log.includes(cookie.value)) found.push(`the ${role}'s ${cookie.name} cookie`);
  }
  if (/session_token=/.test(log)) found.push('a session cookie');
  // The console's own JSON lines: no value shaped like an X-Signature (the base64 of 32 bytes: 43 characters
  // and one '='), and no secret field left unredacted.
  const json = log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .join('\n');
  if (/(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{43}=(?![A-Za-z0-9+/=])/.test(json))
    found.push('something shaped like a signature');
  if (/"(x-signature|cookie|authorization|password)":"(?!\[redacted\])/i.test(json))
    found.push('an unredacted secret field');
  if (found.length) throw new Error(`${SERVER_LOG} carries ${found.join(', ')}`);
}
