import 'server-only';
import type { Env } from '../env';
import type { AuthConfig } from './options';

/** localhost and 127.0.0.1 are the same machine; demo users type either. */
function loopbackTwin(origin: string): string | null {
  const url = new URL(origin);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  else if (url.hostname === '127.0.0.1') url.hostname = 'localhost';
  else return null;
  return url.origin;
}

export function authConfigFromEnv(env: Env): AuthConfig {
  const twin = loopbackTwin(env.auth.url);
  return {
    secret: env.auth.secret,
    baseURL: env.auth.url,
    trustedOrigins: twin ? [twin] : [],
    signInMaxAttempts: env.auth.signInMaxAttempts,
    demoMode: env.demoMode,
    twoFactorAdminsByDefault: env.auth.twoFactorAdmins,
    sso: env.auth.sso,
  };
}
