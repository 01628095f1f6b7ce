import 'server-only';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import type { SsoProvider } from '../env';
import { person, writeHistory } from '../history';
import { CLIENT_ADDRESS_HEADER } from '../http';
import { amrOfIdToken, formatAmr } from './amr';

/** Refusal codes of a single sign-on, put in the sign-in page's address by better-auth (`?error=`). */
export const SSO_ERRORS = {
  domain: 'sso_domain_not_allowed',
  unverified: 'sso_email_unverified',
  passwordOff: 'PASSWORD_SIGN_IN_OFF',
} as const;

/**
 * A new link of an SSO identity to a console account (or a first SSO sign-in that created one), on the record
 * with who and from where, through the one writer (lib/server/history sits beside auth, below the features).
 */
async function recordSsoLink(
  db: Kysely<ConsoleDatabase>,
  link: { userId: string; email: string; provider: string; address: string | null },
): Promise<void> {
  await writeHistory(db, {
    actor: person(link.userId, link.email),
    operation: `account sso-link (${link.provider})`,
    family: 'account',
    targetIds: [link.email],
    status: 200,
    outcome: 'applied',
    clientAddress: link.address,
  });
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** better-auth's generic OAuth plugin, one OpenID Connect provider per configured SSO provider. */
export function ssoPlugin(providers: readonly SsoProvider[]) {
  return genericOAuth({
    config: providers.map((p) => ({
      providerId: p.id,
      name: p.name,
      discoveryUrl: `${p.issuer}/.well-known/openid-configuration`,
      clientId: p.clientId,
      clientSecret: p.clientSecret,
      scopes: ['openid', 'email', 'profile'],
      // The ID token's signature, issuer, audience and nonce are checked against the discovery's keys.
      requireIdTokenVerification: true,
      // No implicit accounts: a first sign-in creates one only where the operator chose a role for it.
      disableSignUp: p.createRole === null,
      authorizationUrlParams: p.googleHostedDomain ? { hd: p.googleHostedDomain } : undefined,
      mapProfileToUser: p.entraTenant ? entraUser(p.entraTenant) : undefined,
    })),
  });
}

/**
 * Entra ID sends no `email_verified`. Inside the configured tenant, an e-mail counts as verified when Entra says
 * its domain is verified by the tenant (`xms_edov`) or it is the sign-in name (`preferred_username`, always in
 * one of the tenant's verified domains); a plain `email` claim alone can be typed by the user.
 */
function entraUser(tenant: string) {
  return (profile: Record<string, unknown>) => {
    const email = String(profile.email ?? profile.preferred_username ?? '');
    const sameAsSignInName = email.toLowerCase() === String(profile.preferred_username ?? '').toLowerCase();
    const verified = profile.tid === tenant && (profile.xms_edov === true || sameAsSignInName);
    return { email, emailVerified: profile.email_verified === true || verified };
  };
}

const isCallback = (ctx: GenericEndpointContext | null | undefined) => ctx?.path?.startsWith('/callback/') === true;
const providerOf = (providers: readonly SsoProvider[], ctx: GenericEndpointContext | null | undefined) =>
  isCallback(ctx) ? providers.find((p) => p.id === ctx?.params?.id) : undefined;

/**
 * Who may come in through a provider, checked on every SSO sign-in, link and creation (better-auth's
 * `validateUserInfo`): a verified e-mail in the provider's domains, and Google's `hd` or Entra ID's `tid` when
 * configured (an e-mail domain alone can be claimed by a personal account outside the company's directory).
 */
export function validateSsoUser(providers: readonly SsoProvider[]) {
  return (data: {
    user: { email?: string | null; emailVerified?: unknown };
    source: { method: string; oauth?: { providerId: string; profile?: Record<string, unknown> } };
  }) => {
    if (data.source.method !== 'oauth') return;
    const provider = providers.find((p) => p.id === data.source.oauth?.providerId);
    const profile = data.source.oauth?.profile ?? {};
    const email = String(data.user.email ?? '');
    if (!provider || !provider.domains.includes(domainOf(email))) return { error: SSO_ERRORS.domain };
    if (provider.googleHostedDomain && String(profile.hd ?? '').toLowerCase() !== provider.googleHostedDomain)
      return { error: SSO_ERRORS.domain };
    if (provider.entraTenant && profile.tid !== provider.entraTenant) return { error: SSO_ERRORS.domain };
    if (data.user.emailVerified !== true && profile.email_verified !== true) return { error: SSO_ERRORS.unverified };
  };
}

/**
 * better-auth's database hooks for sign-ins: the role of an account SSO creates, each session's address and an SSO
 * session's `amr`, the audit of SSO links.
 */
export function ssoDatabaseHooks(db: Kysely<ConsoleDatabase>, providers: readonly SsoProvider[]) {
  return {
    user: {
      create: {
        before: async (user: Record<string, unknown>, ctx: GenericEndpointContext | null) => {
          const provider = providerOf(providers, ctx);
          // Roles stay the console's: the provider's profile never sets one.
          if (provider?.createRole) return { data: { ...user, role: provider.createRole } };
        },
      },
    },
    account: {
      create: {
        after: async (account: { userId: string; providerId: string }, ctx: GenericEndpointContext | null) => {
          if (!providers.some((p) => p.id === account.providerId)) return;
          const row = await db.selectFrom('user').select('email').where('id', '=', account.userId).executeTakeFirst();
          const address = ctx?.request?.headers.get(CLIENT_ADDRESS_HEADER) ?? null;
          await recordSsoLink(db, {
            userId: account.userId,
            email: row?.email ?? '',
            provider: account.providerId,
            address,
          });
        },
      },
    },
    session: {
      create: {
        before: async (session: Record<string, unknown> & { userId: string }, ctx: GenericEndpointContext | null) => {
          // The whole proven address, for Settings' list of sessions: better-auth keeps only an IPv6 /64 (its
          // rate-limit key), which shows every loopback or office IPv6 address as zeros.
          const address = ctx?.request?.headers.get(CLIENT_ADDRESS_HEADER);
          const data: Record<string, unknown> = address ? { ...session, ipAddress: address } : { ...session };
          const provider = providerOf(providers, ctx);
          if (provider) {
            // The account row holds the ID token this callback just verified (better-auth updates it first).
            const row = await db
              .selectFrom('account')
              .select('idToken')
              .where('userId', '=', session.userId)
              .where('providerId', '=', provider.id)
              .executeTakeFirst();
            data.amr = formatAmr(amrOfIdToken(row?.idToken ?? null));
          }
          return { data };
        },
      },
    },
  };
}

/** Password sign-in refused for e-mails of a domain whose provider has PASSWORD_SIGN_IN=off. */
export function passwordOffPlugin(providers: readonly SsoProvider[]) {
  const off = new Set(providers.filter((p) => !p.passwordSignIn).flatMap((p) => p.domains));
  return {
    id: 'console-sso-password-off',
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) => ctx.path === '/sign-in/email' && off.size > 0,
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email === 'string' && off.has(domainOf(email.trim())))
              throw new APIError('FORBIDDEN', {
                code: SSO_ERRORS.passwordOff,
                message: 'Sign in with your company account.',
              });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
