import 'server-only';
import type { UserRole } from '@/lib/contract';
import type { Role } from '@/lib/contract/roles';

/** What the console's environment holds once validated (parse.ts reads it from the variables). */

/** Base URL handed to the upstream client in embedded mode; requests never leave the process. */
export const EMBEDDED_BASE_URL = 'http://embedded.invalid';
export const DEMO_CLIENT_ID = 'demo-erp';
export const DEMO_CLIENT_SECRET = 'demo-erp-secret';
/** Used only in demo mode when BETTER_AUTH_SECRET is unset; demo data is public anyway. */
export const DEMO_AUTH_SECRET = 'demo-mode-only-better-auth-secret-not-for-production';
/** BETTER_AUTH_SECRET's shortest length outside demo mode. */
export const AUTH_SECRET_MIN = 32;

export interface Env {
  upstream: {
    mode: 'embedded' | 'remote';
    /** The remote base URL (no trailing slash), or EMBEDDED_BASE_URL in embedded mode. */
    baseUrl: string;
    clientId: string;
    clientSecret: string;
    timeoutMs: number;
    batchSize: number;
    batchConcurrency: number;
    /** The credential's requests per second when the operator gave it: the instances then share that budget. */
    rateLimitPerSecond: number | null;
    /** The longest Retry-After a job waits for before its rows stop as not sent. */
    retryAfterMaxMs: number;
  };
  /** Console database: Postgres when url is set, else PGlite in dataDir. */
  database: { url: string | null; dataDir: string };
  /** The embedded reference service (used only in embedded mode). */
  service: { dataDir: string; seed: string; sandbox: boolean };
  demoMode: boolean;
  /** First admin outside demo mode; null when not configured. */
  initialAdmin: { email: string; password: string } | null;
  /** signInMaxAttempts: wrong passwords per client address before a 60 s pause (shared by all instances). */
  /** twoFactorAdmins: admins must have two-factor while no admin has chosen (outside demo mode). */
  auth: { secret: string; url: string; signInMaxAttempts: number; sso: SsoProvider[]; twoFactorAdmins: boolean };
  /** Bearer token of /api/metrics; null: the endpoint answers 404. */
  metricsToken: string | null;
  /** Public origin of the console, no trailing slash. */
  consoleUrl: string;
  /** How many proxies in front of the console append to X-Forwarded-For (0: the socket is the client). */
  trustedProxyHops: number;
  proxyBodyLimitBytes: number;
  /** Back-office user roles from CONSOLE_ROLES (names, which are administrators); null when unset. */
  userRoles: UserRole[] | null;
  /**
   * Background jobs (lib/server/jobs): whether this process runs them (JOBS_RUNNER=off on web instances when
   * workers do), /v1 requests in flight per instance, how long a claim on a unit holds unrenewed (a crashed
   * instance's units are taken up again after it), quota snapshot maximum age.
   */
  jobs: { runner: boolean; concurrency: number; leaseMs: number; quotaMaxAgeMs: number };
  /** How long a stopping process (SIGTERM) lets requests and job units in flight finish before it exits. */
  shutdownGraceMs: number;
  /** How long a stopping web process keeps serving, with /api/ready answering 503, before it stops taking connections. */
  shutdownDrainMs: number;
  /** Audit entries and change records older than this many days are deleted by a background job; null: kept. */
  audit: { retentionDays: number | null };
  /** The mirror (lib/server/mirror): on unless MIRROR=off; an incremental pass every intervalMs, a full sweep every sweepMs. */
  mirror: { enabled: boolean; intervalMs: number; sweepMs: number };
  /**
   * The /v1 relay (lib/server/sync): whether /v1 on the console's port relays, how long its records are kept, and
   * how many calls of one client id a minute it stores besides those carrying items that did not apply.
   */
  relay: { enabled: boolean; retentionDays: number; storedCallsPerMinute: number };
}

/** One OpenID Connect provider of single sign-on (SSO_PROVIDERS and its SSO_<ID>_* variables). */
export interface SsoProvider {
  /** Lowercase letters and digits: in the callback path and the variables' names. */
  id: string;
  /** Shown on the sign-in page: "Sign in with {name}". */
  name: string;
  /** Its discovery document is at {issuer}/.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Only e-mails in these domains may sign in through it (lowercase). */
  domains: string[];
  /** Google Workspace: the `hd` the ID token must carry (also sent to preselect the domain). */
  googleHostedDomain: string | null;
  /** Microsoft Entra ID: the tenant id (`tid`) the ID token must carry. */
  entraTenant: string | null;
  /** A first sign-in with no console account creates one with this role; null: only existing accounts link. */
  createRole: Role | null;
  /** False: e-mails in its domains cannot sign in with a password, only through the provider. */
  passwordSignIn: boolean;
}

export class EnvError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      `Invalid environment; the console cannot start:\n${problems.map((p) => `- ${p.variable}: ${p.message}`).join('\n')}`,
    );
    this.name = 'EnvError';
  }
}
