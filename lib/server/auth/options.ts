import 'server-only';
import { hash, verify } from '@node-rs/argon2';
import type { BetterAuthOptions } from 'better-auth';
import { nextCookies } from 'better-auth/next-js';
import { admin } from 'better-auth/plugins/admin';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { passkey } from '@better-auth/passkey';
import type { Role as AccessRole } from 'better-auth/plugins/access';
import { defaultAc, userAc } from 'better-auth/plugins/admin/access';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { can, ROLES, type Role } from '@/lib/contract/roles';
import { CLIENT_ADDRESS_HEADER } from '../http';
import { BACKUP_CODE_COUNT } from '@/lib/contract/two-factor';
import { secondFactorGuard } from './second-factor-guard';
import { generateBackupCodes } from './backup-codes';
import type { SsoProvider } from '../env';
import { signInLimitHooks } from './sign-in-limits';
import { passwordOffPlugin, ssoDatabaseHooks, ssoPlugin, validateSsoUser } from './sso';

export type AuthConfig = {
  secret: string;
  /** Public origin of the console; https turns on Secure cookies. */
  baseURL: string;
  /** Extra origins allowed to post to /api/auth (e.g. the 127.0.0.1 twin of localhost in demo mode). */
  trustedOrigins?: string[];
  /** Overrides SIGN_IN_LIMIT.max (wrong passwords per address per window). */
  signInMaxAttempts?: number;
  /** Demo mode: its three demo accounts keep the one-step sign-in, and no role requires two-factor by default. */
  demoMode?: boolean;
  /** Whether admins must have two-factor while no admin has chosen (AUTH_TWO_FACTOR_ADMINS; on unless said off). */
  twoFactorAdminsByDefault?: boolean;
  /** Single sign-on providers (SSO_PROVIDERS); none: password sign-in only. */
  sso?: SsoProvider[];
};

/**
 * Wrong passwords allowed per client address in a `window` that opens at the first one; then every sign-in
 * from that address waits until the window closes. Right passwords never count, so 60 colleagues behind one
 * office address can all sign in within a minute, while spraying guesses over many accounts from one address
 * gets 10 a minute. Kept in the database, so every instance shares it. AUTH_SIGN_IN_MAX_ATTEMPTS overrides `max`.
 */
export const SIGN_IN_LIMIT = { window: 60, max: 10 } as const;
export const DEFAULT_ROLE: Role = 'viewer';

// The admin plugin's permission table, derived from lib/contract/roles so the rule "who manages console
// accounts" is written once. No role may impersonate or delete accounts: disabling keeps the audit trail.
const accountManager = defaultAc.newRole({
  user: ['create', 'list', 'set-role', 'ban', 'get', 'update', 'set-password'],
  session: ['list', 'revoke'],
});
const adminRoles: Record<string, AccessRole> = Object.fromEntries(
  ROLES.map((role): [Role, AccessRole] => [
    role,
    (can(role, 'manageAccounts') ? accountManager : userAc) as AccessRole,
  ]),
);

/**
 * The better-auth configuration of the console, shared by the running app, its migrations and the
 * in-process tests. No public sign-up: accounts are made by the server (first admin, demo accounts) and
 * by admins in Settings.
 */
export function authOptions(db: Kysely<ConsoleDatabase>, config: AuthConfig) {
  const secureCookies = config.baseURL.startsWith('https://');
  const sso = config.sso ?? [];
  return {
    appName: 'Master-data console',
    secret: config.secret,
    baseURL: config.baseURL,
    basePath: '/api/auth',
    trustedOrigins: [config.baseURL, ...(config.trustedOrigins ?? [])],
    // PGlite has one connection; transactions stay off so better-auth never holds it across requests.
    database: { db, type: 'postgres' as const },
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // argon2id (native, OWASP's first choice) instead of the default scrypt.
      password: {
        hash: (password: string) => hash(password),
        verify: ({ hash: stored, password }: { hash: string; password: string }) => verify(stored, password),
      },
      // A reset link (an admin's, lib/server/accounts) signs the person out everywhere once used.
      revokeSessionsOnPasswordReset: true,
    },
    session: {
      expiresIn: 60 * 60 * 12,
      updateAge: 60 * 60,
      // Off on purpose: every request reads the session and user row, so disabling an account or changing
      // a role takes effect on the next request.
      cookieCache: { enabled: false },
      // The `amr` of an SSO sign-in's ID token (./amr.ts), for the second-factor check.
      additionalFields: { amr: { type: 'string' as const, required: false, input: false } },
    },
    // An SSO identity links to the console account with the same e-mail only when the provider verified it
    // (no provider is "trusted" by name); console accounts are made by admins, so their own flag is never set.
    account: { accountLinking: { enabled: true, requireLocalEmailVerified: false } },
    user: { validateUserInfo: validateSsoUser(sso) },
    databaseHooks: ssoDatabaseHooks(db, sso),
    rateLimit: {
      enabled: true,
      // Shared by every console instance on the same database.
      storage: 'database' as const,
      window: 60,
      max: 300,
      // Sign-in has its own limits below, which count wrong passwords only; better-auth's counts every attempt.
      // Wrong second-factor codes count toward the account's pause instead (second-factor-guard.ts).
      customRules: {
        '/sign-in/email': false as const,
        '/two-factor/verify-totp': false as const,
        '/two-factor/verify-backup-code': false as const,
        // better-auth's own rule (3 in 10 s per address) would refuse an office that signs in at 9:00.
        '/sign-in/social': { window: 60, max: 60 },
      },
    },
    // Wrong passwords per client address and per account, shared by all instances.
    hooks: signInLimitHooks(db, {
      address: { window: SIGN_IN_LIMIT.window, max: config.signInMaxAttempts ?? SIGN_IN_LIMIT.max },
    }),
    advanced: {
      // Written from the socket (and TRUSTED_PROXY_HOPS) by installClientAddress; X-Forwarded-For can be forged.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' as const, secure: secureCookies },
    },
    plugins: [
      admin({ defaultRole: DEFAULT_ROLE, adminRoles: ['admin'], roles: adminRoles }),
      // TOTP with 10 single-use backup codes; a code is asked after the password (issue 45). The codes avoid
      // characters read as one another (./backup-codes.ts).
      twoFactor({
        issuer: 'Master-data console',
        backupCodeOptions: { amount: BACKUP_CODE_COUNT, customBackupCodesGenerate: () => generateBackupCodes() },
      }),
      // WebAuthn: a second factor, or a sign-in on its own; the relying party is CONSOLE_URL's host.
      passkey({ rpName: 'Master-data console' }),
      secondFactorGuard(db, {
        demoMode: config.demoMode ?? false,
        adminsByDefault: config.twoFactorAdminsByDefault ?? true,
      }),
      ...(sso.length ? [ssoPlugin(sso), passwordOffPlugin(sso)] : []),
      // Lets server actions that call auth.api set cookies through next/headers.
      nextCookies(),
    ],
  } satisfies BetterAuthOptions;
}

export type ConsoleAuthOptions = ReturnType<typeof authOptions>;
