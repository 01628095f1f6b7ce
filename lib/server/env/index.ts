import 'server-only';
import { parseUserRoles, type UserRole } from '@/lib/contract';
import {
  AUTH_SECRET_MIN,
  DEMO_AUTH_SECRET,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  EMBEDDED_BASE_URL,
  EnvError,
  type Env,
} from './shape';
import { parseSsoProviders } from './sso';
import { variables } from './variables';

/**
 * The one validated environment of the console (design.md "Environment"). Read lazily through getEnv(), so
 * `next build` needs no runtime secrets; parseEnv is a pure function of a record so the rules are testable.
 * Every problem names its variable. Nothing here is NEXT_PUBLIC_: none of it may reach a browser.
 */

export {
  DEMO_AUTH_SECRET,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  EMBEDDED_BASE_URL,
  EnvError,
  type Env,
  type SsoProvider,
} from './shape';

/** Parses an environment record (normally process.env). Throws EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const problems: { variable: string; message: string }[] = [];
  const parsed = variables.safeParse(source);
  if (!parsed.success) {
    // One message per variable, so the operator sees every bad value at once.
    const named = new Set<string>();
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0] ?? 'environment');
      if (!named.has(variable)) problems.push({ variable, message: issue.message });
      named.add(variable);
    }
    throw new EnvError(problems);
  }
  const v = parsed.data;
  const remote = v.UPSTREAM_BASE_URL !== undefined;

  // The client adds /v1/... to every path itself; a base URL ending in /v1 would call /v1/v1/companies.
  if (remote && /\/v1$/i.test(v.UPSTREAM_BASE_URL!)) {
    problems.push({
      variable: 'UPSTREAM_BASE_URL',
      message: `ends in /v1; drop it (use ${v.UPSTREAM_BASE_URL!.replace(/\/v1$/i, '')}): the console adds /v1 to every path itself.`,
    });
  }
  // The ERP signs the path it sends; the relay forwards it as sent, so an upstream under a path prefix would receive
  // another path than the one signed (a proxy in between that strips the prefix would do the same).
  const relay = v.SYNC_RELAY === undefined ? v.DEMO_MODE : v.SYNC_RELAY === 'on';
  if (remote && relay && new URL(v.UPSTREAM_BASE_URL!).pathname !== '/') {
    problems.push({
      variable: 'UPSTREAM_BASE_URL',
      message: `has a path (${new URL(v.UPSTREAM_BASE_URL!).pathname}) while SYNC_RELAY is on: the ERP signs the path it sends, and the relay cannot add a prefix without breaking every signature. Point UPSTREAM_BASE_URL at the host's root, or set SYNC_RELAY=off.`,
    });
  }
  // Demo mode brings demo accounts with a published password and a published auth secret: never in front of a
  // real upstream.
  if (remote && v.DEMO_MODE) {
    problems.push({
      variable: 'DEMO_MODE',
      message:
        'cannot be on while UPSTREAM_BASE_URL is set: demo accounts (with the published demo password) must never reach a real upstream. Unset DEMO_MODE, or unset UPSTREAM_BASE_URL to use the embedded demo service.',
    });
  }

  // The spec: whitespace in the secret changes the HMAC key. Trimming silently would sign with a key the
  // operator did not configure, so refuse and say why.
  const secret = v.UPSTREAM_CLIENT_SECRET;
  if (secret !== undefined && secret !== '' && secret !== secret.trim()) {
    problems.push({
      variable: 'UPSTREAM_CLIENT_SECRET',
      message:
        'has leading or trailing whitespace (a space, tab or newline). The upstream signs with the secret byte for byte, so every request would be rejected; remove the whitespace.',
    });
  }
  const clientId = v.UPSTREAM_CLIENT_ID;
  if (clientId !== undefined && clientId !== clientId.trim()) {
    problems.push({
      variable: 'UPSTREAM_CLIENT_ID',
      message: 'has leading or trailing whitespace; the upstream compares the client id exactly.',
    });
  }
  if (remote) {
    if (clientId === undefined) {
      problems.push({ variable: 'UPSTREAM_CLIENT_ID', message: 'is required when UPSTREAM_BASE_URL is set.' });
    }
    if (secret === undefined || secret === '') {
      problems.push({ variable: 'UPSTREAM_CLIENT_SECRET', message: 'is required when UPSTREAM_BASE_URL is set.' });
    }
  }

  if ((v.CONSOLE_ADMIN_EMAIL === undefined) !== (v.CONSOLE_ADMIN_PASSWORD === undefined)) {
    const missing = v.CONSOLE_ADMIN_EMAIL === undefined ? 'CONSOLE_ADMIN_EMAIL' : 'CONSOLE_ADMIN_PASSWORD';
    problems.push({
      variable: missing,
      message:
        'must be set together with the other of CONSOLE_ADMIN_EMAIL and CONSOLE_ADMIN_PASSWORD (both or neither).',
    });
  }

  let authSecret = v.BETTER_AUTH_SECRET;
  if (authSecret === undefined) {
    if (v.DEMO_MODE) authSecret = DEMO_AUTH_SECRET;
    else
      problems.push({
        variable: 'BETTER_AUTH_SECRET',
        message: `is required outside demo mode (at least ${AUTH_SECRET_MIN} characters).`,
      });
  } else if (authSecret.length < AUTH_SECRET_MIN) {
    problems.push({ variable: 'BETTER_AUTH_SECRET', message: `must be at least ${AUTH_SECRET_MIN} characters.` });
  }

  let userRoles: UserRole[] | null = null;
  if (v.CONSOLE_ROLES !== undefined) {
    const parsedRoles = parseUserRoles(v.CONSOLE_ROLES);
    if ('error' in parsedRoles) problems.push({ variable: 'CONSOLE_ROLES', message: parsedRoles.error });
    else userRoles = parsedRoles.roles;
  }

  const sso = parseSsoProviders(source, problems);

  if (problems.length) throw new EnvError(problems);

  const consoleUrl = v.CONSOLE_URL ?? v.BETTER_AUTH_URL ?? 'http://localhost:3000';
  return {
    upstream: {
      mode: remote ? 'remote' : 'embedded',
      baseUrl: v.UPSTREAM_BASE_URL ?? EMBEDDED_BASE_URL,
      clientId: clientId ?? DEMO_CLIENT_ID,
      clientSecret: secret || DEMO_CLIENT_SECRET,
      timeoutMs: v.UPSTREAM_TIMEOUT_MS,
      batchSize: v.UPSTREAM_BATCH_SIZE,
      batchConcurrency: v.UPSTREAM_BATCH_CONCURRENCY,
      rateLimitPerSecond: v.UPSTREAM_RATE_LIMIT_PER_SECOND > 0 ? v.UPSTREAM_RATE_LIMIT_PER_SECOND : null,
      retryAfterMaxMs: v.UPSTREAM_RETRY_AFTER_MAX_S * 1000,
    },
    database: { url: v.DATABASE_URL ?? null, dataDir: v.CONSOLE_DATA_DIR ?? '.data/console' },
    service: {
      dataDir: v.SERVICE_DATA_DIR ?? '.data/service',
      seed: v.SERVICE_SEED ?? 'service/seed/demo.json',
      // The embedded service is the integrators' sandbox: its signature debugger is on in demo mode or on request.
      sandbox: v.DEMO_MODE || v.SANDBOX_DEBUG,
    },
    demoMode: v.DEMO_MODE,
    initialAdmin:
      v.CONSOLE_ADMIN_EMAIL !== undefined && v.CONSOLE_ADMIN_PASSWORD !== undefined
        ? { email: v.CONSOLE_ADMIN_EMAIL, password: v.CONSOLE_ADMIN_PASSWORD }
        : null,
    auth: {
      secret: authSecret as string,
      url: v.BETTER_AUTH_URL ?? consoleUrl,
      signInMaxAttempts: v.AUTH_SIGN_IN_MAX_ATTEMPTS,
      twoFactorAdmins: v.AUTH_TWO_FACTOR_ADMINS !== 'off',
      sso,
    },
    consoleUrl,
    trustedProxyHops: v.TRUSTED_PROXY_HOPS,
    proxyBodyLimitBytes: v.PROXY_BODY_LIMIT_BYTES,
    userRoles,
    jobs: {
      runner: v.JOBS_RUNNER !== 'off',
      concurrency: v.JOBS_CONCURRENCY,
      leaseMs: v.JOBS_LEASE_S * 1000,
      quotaMaxAgeMs: v.QUOTA_MAX_AGE * 1000,
    },
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: v.SHUTDOWN_DRAIN_MS,
    metricsToken: v.METRICS_TOKEN ?? null,
    audit: { retentionDays: v.AUDIT_RETENTION_DAYS > 0 ? v.AUDIT_RETENTION_DAYS : null },
    mirror: {
      enabled: v.MIRROR !== 'off',
      intervalMs: v.MIRROR_INTERVAL_S * 1000,
      sweepMs: v.MIRROR_SWEEP_MIN * 60_000,
    },
    relay: {
      enabled: relay,
      retentionDays: v.SYNC_LOG_RETENTION_DAYS,
      storedCallsPerMinute: v.SYNC_LOG_CALLS_PER_MINUTE,
    },
  };
}

let cached: Env | undefined;

/** The process environment, validated on first use and then kept. Throws EnvError on a bad configuration. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
