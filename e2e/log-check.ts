import { existsSync, readFileSync } from 'node:fs';
import { storageStateFor, DEMO_PASSWORD, type RoleName } from './fixtures/accounts';
import { METRICS_TOKEN, serverLog, SERVER_LOG } from './support/server-log';

/**
 * After the whole run (sign-ins, edits, imports, exports, refusals and faults by every spec): no line the
 * console wrote carries a secret, a password, a cookie value or a signature. Fails the run otherwise.
 */
const SECRETS: Record<string, string> = {
  'the upstream client secret': 'demo-erp-secret',
  'the demo auth secret': 'demo-mode-only-better-auth-secret-not-for-production',
  'the demo password': DEMO_PASSWORD,
  'the metrics token': METRICS_TOKEN,
};

export default function checkServerLog() {
  if (!existsSync(SERVER_LOG)) return;
  const log = serverLog();
  const found: string[] = [];
  for (const [what, value] of Object.entries(SECRETS)) if (log.includes(value)) found.push(what);
  for (const role of ['admin', 'steward', 'viewer'] as RoleName[]) {
    const file = storageStateFor(role);
    if (!existsSync(file)) continue;
    const { cookies } = JSON.parse(readFileSync(file, 'utf8')) as { cookies: { name: string; value: string }[] };
    for (const cookie of cookies) if (cookie.value.length >= 16 && log.includes(cookie.value)) found.push(`the ${role}'s ${cookie.name} cookie`);
  }
  if (/session_token=/.test(log)) found.push('a session cookie');
  // The console's own JSON lines: no value shaped like an X-Signature (the base64 of 32 bytes: 43 characters
  // and one '='), and no secret field left unredacted.
  const json = log.split('\n').filter((line) => line.startsWith('{')).join('\n');
  if (/(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{43}=(?![A-Za-z0-9+/=])/.test(json)) found.push('something shaped like a signature');
  if (/"(x-signature|cookie|authorization|password)":"(?!\[redacted\])/i.test(json)) found.push('an unredacted secret field');
  if (found.length) throw new Error(`${SERVER_LOG} carries ${found.join(', ')}`);
}
