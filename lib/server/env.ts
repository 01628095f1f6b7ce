import 'server-only';
import { z } from 'zod';
import { LOG_LEVELS } from './log/levels';
import {
  BATCH_CHUNK_DEFAULT,
  BATCH_MAX_ITEMS,
  BODY_LIMIT_BYTES,
  parseUserRoles,
  RATE_LIMIT_PER_SECOND_MAX,
  RATE_LIMIT_PER_SECOND_MIN,
  RETRY_AFTER_MAX_DEFAULT_S,
  RETRY_AFTER_MAX_MAX_S,
  RETRY_AFTER_MAX_MIN_S,
  type UserRole,
} from '@/lib/contract';

/**
 * The one validated environment of the console (design.md "Environment"). Read lazily through getEnv(), so
 * `next build` needs no runtime secrets; parseEnv is a pure function of a record so the rules are testable.
 * Every problem names its variable. Nothing here is NEXT_PUBLIC_: none of it may reach a browser.
 */

/** Base URL handed to the upstream client in embedded mode; requests never leave the process. */
export const EMBEDDED_BASE_URL = 'http://embedded.invalid';
export const DEMO_CLIENT_ID = 'demo-erp';
export const DEMO_CLIENT_SECRET = 'demo-erp-secret';
/** Used only in demo mode when BETTER_AUTH_SECRET is unset; demo data is public anyway. */
export const DEMO_AUTH_SECRET = 'demo-mode-only-better-auth-secret-not-for-production';
const AUTH_SECRET_MIN = 32;

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
  service: { dataDir: string; seed: string };
  demoMode: boolean;
  /** First admin outside demo mode; null when not configured. */
  initialAdmin: { email: string; password: string } | null;
  /** signInMaxAttempts: wrong passwords per client address before a 60 s pause (shared by all instances). */
  auth: { secret: string; url: string; signInMaxAttempts: number };
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
   * workers do), /v1 requests in flight per instance, quota snapshot maximum age.
   */
  jobs: { runner: boolean; concurrency: number; quotaMaxAgeMs: number };
  /** How long a stopping process (SIGTERM) lets requests and job units in flight finish before it exits. */
  shutdownGraceMs: number;
  /** How long a stopping web process keeps serving, with /api/ready answering 503, before it stops taking connections. */
  shutdownDrainMs: number;
  /** Audit entries and change records older than this many days are deleted by a background job; null: kept. */
  audit: { retentionDays: number | null };
  /** The mirror (lib/server/mirror): on unless MIRROR=off; an incremental pass every intervalMs, a full sweep every sweepMs. */
  mirror: { enabled: boolean; intervalMs: number; sweepMs: number };
}

export class EnvError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      `Invalid environment; the console cannot start:\n${problems.map((p) => `- ${p.variable}: ${p.message}`).join('\n')}`,
    );
    this.name = 'EnvError';
  }
}

/** Unset and empty are the same: shells and .env files often write `NAME=` for "not set". */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v));

function integer(fallback: number, min: number, max: number) {
  return optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}` })
      .transform(Number)
      .refine((n) => n >= min && n <= max, { error: `must be a whole number from ${min} to ${max}` })
      .optional()
      .transform((n) => n ?? fallback),
  );
}

function httpUrl(what: string) {
  return optionalText.pipe(
    z
      .string()
      .refine(
        (v) => {
          try {
            const u = new URL(v);
            return (u.protocol === 'http:' || u.protocol === 'https:') && !u.search && !u.hash && !u.username;
          } catch {
            return false;
          }
        },
        { error: `must be an http(s) URL ${what}, without query, fragment or credentials` },
      )
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  );
}

const flag = optionalText.pipe(
  z
    .enum(['1', 'true', '0', 'false'], { error: 'must be 1, true, 0 or false' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
);

const raw = z.object({
  UPSTREAM_BASE_URL: httpUrl('such as https://erp.example.com'),
  UPSTREAM_CLIENT_ID: optionalText,
  // Not optionalText: a secret of only whitespace must be reported, not read as unset.
  UPSTREAM_CLIENT_SECRET: z.string().optional(),
  UPSTREAM_TIMEOUT_MS: integer(15_000, 1, 600_000),
  UPSTREAM_BATCH_SIZE: integer(BATCH_CHUNK_DEFAULT, 1, BATCH_MAX_ITEMS),
  UPSTREAM_BATCH_CONCURRENCY: integer(4, 1, 32),
  /** Unset (0): not known; the console then only backs off on the service's 429s. */
  UPSTREAM_RATE_LIMIT_PER_SECOND: integer(0, 0, RATE_LIMIT_PER_SECOND_MAX).refine(
    (n) => n === 0 || n >= RATE_LIMIT_PER_SECOND_MIN,
    { error: `must be a whole number from ${RATE_LIMIT_PER_SECOND_MIN} to ${RATE_LIMIT_PER_SECOND_MAX}` },
  ),
  /** Seconds. */
  UPSTREAM_RETRY_AFTER_MAX_S: integer(RETRY_AFTER_MAX_DEFAULT_S, RETRY_AFTER_MAX_MIN_S, RETRY_AFTER_MAX_MAX_S),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// connection URL' })
      .optional(),
  ),
  CONSOLE_DATA_DIR: optionalText,
  SERVICE_DATA_DIR: optionalText,
  SERVICE_SEED: optionalText,
  DEMO_MODE: flag,
  CONSOLE_ADMIN_EMAIL: optionalText.pipe(
    z
      .string()
      .regex(/^[^\s@]+@[^\s@]+$/, { error: 'must be an email address' })
      .optional(),
  ),
  CONSOLE_ADMIN_PASSWORD: optionalText.pipe(
    z
      .string()
      .min(8, { error: 'must be at least 8 characters' })
      .max(128, { error: 'must be at most 128 characters' })
      .optional(),
  ),
  BETTER_AUTH_SECRET: optionalText,
  CONSOLE_URL: httpUrl('such as https://console.example.com'),
  BETTER_AUTH_URL: httpUrl('such as https://console.example.com'),
  AUTH_SIGN_IN_MAX_ATTEMPTS: integer(10, 1, 10_000),
  PROXY_BODY_LIMIT_BYTES: integer(BODY_LIMIT_BYTES, 1, 100 * 1024 * 1024),
  TRUSTED_PROXY_HOPS: integer(0, 0, 10),
  CONSOLE_ROLES: optionalText,
  JOBS_RUNNER: optionalText.pipe(z.enum(['on', 'off'], { error: 'must be on or off' }).optional()),
  JOBS_CONCURRENCY: integer(8, 1, 64),
  SHUTDOWN_GRACE_MS: integer(25_000, 0, 600_000),
  SHUTDOWN_DRAIN_MS: integer(0, 0, 600_000),
  /** Seconds. */
  QUOTA_MAX_AGE: integer(3600, 60, 31 * 24 * 3600),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
  /** Days; 0 or unset: the audit log is kept without limit. */
  AUDIT_RETENTION_DAYS: integer(0, 0, 100 * 366),
  MIRROR: optionalText.pipe(z.enum(['on', 'off'], { error: 'must be on or off' }).optional()),
  /** Seconds; minutes. */
  MIRROR_INTERVAL_S: integer(30, 1, 24 * 3600),
  MIRROR_SWEEP_MIN: integer(60, 1, 7 * 24 * 60),
});

/** Parses an environment record (normally process.env). Throws EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const problems: { variable: string; message: string }[] = [];
  const parsed = raw.safeParse(source);
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
    service: { dataDir: v.SERVICE_DATA_DIR ?? '.data/service', seed: v.SERVICE_SEED ?? 'service/seed/demo.json' },
    demoMode: v.DEMO_MODE,
    initialAdmin:
      v.CONSOLE_ADMIN_EMAIL !== undefined && v.CONSOLE_ADMIN_PASSWORD !== undefined
        ? { email: v.CONSOLE_ADMIN_EMAIL, password: v.CONSOLE_ADMIN_PASSWORD }
        : null,
    auth: {
      secret: authSecret as string,
      url: v.BETTER_AUTH_URL ?? consoleUrl,
      signInMaxAttempts: v.AUTH_SIGN_IN_MAX_ATTEMPTS,
    },
    consoleUrl,
    trustedProxyHops: v.TRUSTED_PROXY_HOPS,
    proxyBodyLimitBytes: v.PROXY_BODY_LIMIT_BYTES,
    userRoles,
    jobs: { runner: v.JOBS_RUNNER !== 'off', concurrency: v.JOBS_CONCURRENCY, quotaMaxAgeMs: v.QUOTA_MAX_AGE * 1000 },
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: v.SHUTDOWN_DRAIN_MS,
    metricsToken: v.METRICS_TOKEN ?? null,
    audit: { retentionDays: v.AUDIT_RETENTION_DAYS > 0 ? v.AUDIT_RETENTION_DAYS : null },
    mirror: {
      enabled: v.MIRROR !== 'off',
      intervalMs: v.MIRROR_INTERVAL_S * 1000,
      sweepMs: v.MIRROR_SWEEP_MIN * 60_000,
    },
  };
}

let cached: Env | undefined;

/** The process environment, validated on first use and then kept. Throws EnvError on a bad configuration. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
