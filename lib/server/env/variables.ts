import 'server-only';
import { z } from 'zod';
import { LOG_LEVELS } from '../log';
import {
  BATCH_CHUNK_DEFAULT,
  BATCH_MAX_ITEMS,
  BODY_LIMIT_BYTES,
  RATE_LIMIT_PER_SECOND_MAX,
  RATE_LIMIT_PER_SECOND_MIN,
  RETRY_AFTER_MAX_DEFAULT_S,
  RETRY_AFTER_MAX_MAX_S,
  RETRY_AFTER_MAX_MIN_S,
} from '@/lib/contract';

/** The variables the console reads, each with its form, bounds and default: what parseEnv (./index.ts) checks. */

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

export const variables = z.object({
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
  /** The embedded service's signature debugger outside demo mode (service/http/auth.ts signatureMismatch). */
  SANDBOX_DEBUG: flag,
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
  AUTH_TWO_FACTOR_ADMINS: optionalText.pipe(z.enum(['on', 'off'], { error: 'must be on or off' }).optional()),
  /** Single sign-on providers, comma-separated ids; each one's SSO_<ID>_* variables are read by ./sso.ts. */
  SSO_PROVIDERS: optionalText,
  PROXY_BODY_LIMIT_BYTES: integer(BODY_LIMIT_BYTES, 1, 100 * 1024 * 1024),
  TRUSTED_PROXY_HOPS: integer(0, 0, 10),
  CONSOLE_ROLES: optionalText,
  JOBS_RUNNER: optionalText.pipe(z.enum(['on', 'off'], { error: 'must be on or off' }).optional()),
  JOBS_CONCURRENCY: integer(8, 1, 64),
  /** Seconds. */
  JOBS_LEASE_S: integer(30, 1, 3600),
  SHUTDOWN_GRACE_MS: integer(25_000, 0, 600_000),
  SHUTDOWN_DRAIN_MS: integer(0, 0, 600_000),
  /** Seconds. */
  QUOTA_MAX_AGE: integer(3600, 60, 31 * 24 * 3600),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
  /** Days; 0 or unset: the audit log is kept without limit. */
  AUDIT_RETENTION_DAYS: integer(0, 0, 100 * 366),
  MIRROR: optionalText.pipe(z.enum(['on', 'off'], { error: 'must be on or off' }).optional()),
  /** The ERP's /v1 through the console (lib/server/sync); unset: on in demo mode, off otherwise. */
  SYNC_RELAY: optionalText.pipe(z.enum(['on', 'off'], { error: 'must be on or off' }).optional()),
  /** Days the relay's records (calls and the items that did not apply) are kept. */
  SYNC_LOG_RETENTION_DAYS: integer(30, 1, 100 * 366),
  /**
   * Calls of one client id the relay stores in a minute, beyond those carrying an item that did not apply (always
   * stored); past it they are counted, not stored (lib/server/sync/triage.ts).
   */
  SYNC_LOG_CALLS_PER_MINUTE: integer(600, 0, 1_000_000),
  /** Seconds; minutes. */
  MIRROR_INTERVAL_S: integer(30, 1, 24 * 3600),
  MIRROR_SWEEP_MIN: integer(60, 1, 7 * 24 * 60),
});
