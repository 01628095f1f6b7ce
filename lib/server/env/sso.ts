import 'server-only';
import { isRole } from '@/lib/contract/roles';
import type { SsoProvider } from './shape';

type Problem = { variable: string; message: string };

const ID = /^[a-z][a-z0-9]{0,19}$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](-*[a-z0-9])*\.)+[a-z]{2,}$/;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
}

function issuerUrl(value: string): boolean {
  try {
    const url = new URL(value);
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    // Plain http only on loopback (a provider for tests or a laptop): tokens must not cross a network unencrypted.
    return (url.protocol === 'https:' || (url.protocol === 'http:' && local)) && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/**
 * The single sign-on providers: SSO_PROVIDERS names them (`google,entra`), and each has its own
 * SSO_<ID>_* variables (README "Single sign-on"). Kept apart from ./variables.ts because the names depend on the
 * list. Every problem names its variable.
 */
export function parseSsoProviders(source: Record<string, string | undefined>, problems: Problem[]): SsoProvider[] {
  const ids = list(source.SSO_PROVIDERS);
  const providers: SsoProvider[] = [];
  for (const id of ids) {
    if (!ID.test(id)) {
      problems.push({
        variable: 'SSO_PROVIDERS',
        message: `"${id}" must be a lowercase letter then letters or digits.`,
      });
      continue;
    }
    const name = (key: string) => `SSO_${id.toUpperCase()}_${key}`;
    const text = (key: string) => source[name(key)]?.trim() || undefined;
    const issuer = text('ISSUER')?.replace(/\/+$/, '');
    const clientId = text('CLIENT_ID');
    const clientSecret = source[name('CLIENT_SECRET')];
    const domains = list(source[name('DOMAINS')]);
    const createRole = text('CREATE_ROLE');
    const password = text('PASSWORD_SIGN_IN') ?? 'on';
    const before = problems.length;
    if (!issuer || !issuerUrl(issuer))
      problems.push({ variable: name('ISSUER'), message: 'must be the https URL of the OpenID Connect issuer.' });
    if (!clientId) problems.push({ variable: name('CLIENT_ID'), message: 'is required for each SSO provider.' });
    if (!clientSecret || clientSecret !== clientSecret.trim())
      problems.push({ variable: name('CLIENT_SECRET'), message: 'is required, without surrounding whitespace.' });
    if (!domains.length || domains.some((d) => !DOMAIN.test(d)))
      problems.push({ variable: name('DOMAINS'), message: 'must list the allowed e-mail domains, comma-separated.' });
    if (createRole !== undefined && !isRole(createRole))
      problems.push({
        variable: name('CREATE_ROLE'),
        message: 'must be viewer, steward, manager or admin (or unset).',
      });
    if (password !== 'on' && password !== 'off')
      problems.push({ variable: name('PASSWORD_SIGN_IN'), message: 'must be on or off.' });
    if (problems.length > before) continue;
    providers.push({
      id,
      name: text('NAME') ?? id,
      issuer: issuer!,
      clientId: clientId!,
      clientSecret: clientSecret!,
      domains,
      googleHostedDomain: text('GOOGLE_HD')?.toLowerCase() ?? null,
      entraTenant: text('ENTRA_TENANT') ?? null,
      createRole: createRole !== undefined && isRole(createRole) ? createRole : null,
      passwordSignIn: password === 'on',
    });
  }
  return providers;
}
