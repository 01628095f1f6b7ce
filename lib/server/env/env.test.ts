import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, EMBEDDED_BASE_URL, EnvError, parseEnv } from '.';

const AUTH = 'x'.repeat(32);
const remote = {
  UPSTREAM_BASE_URL: 'https://erp.example.com/',
  UPSTREAM_CLIENT_ID: 'acme-erp',
  UPSTREAM_CLIENT_SECRET: 's3cret',
  BETTER_AUTH_SECRET: AUTH,
};

function problemsOf(source: Record<string, string | undefined>) {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return { message: (error as EnvError).message, variables: (error as EnvError).problems.map((p) => p.variable) };
  }
  throw new Error('parseEnv accepted the environment');
}

describe('parseEnv', () => {
  it('runs in embedded demo mode with the demo credentials and documented defaults when nothing is set', () => {
    const env = parseEnv({ DEMO_MODE: '1' });
    expect(env.upstream).toEqual({
      mode: 'embedded',
      baseUrl: EMBEDDED_BASE_URL,
      clientId: DEMO_CLIENT_ID,
      clientSecret: DEMO_CLIENT_SECRET,
      timeoutMs: 15_000,
      batchSize: 200,
      batchConcurrency: 4,
      rateLimitPerSecond: null,
      retryAfterMaxMs: 300_000,
    });
    expect(env.database).toEqual({ url: null, dataDir: '.data/console' });
    // Demo mode's embedded service is the integrators' sandbox: its signature debugger is on.
    expect(env.service).toEqual({ dataDir: '.data/service', seed: 'service/seed/demo.json', sandbox: true });
    expect(env.demoMode).toBe(true);
    expect(env.consoleUrl).toBe('http://localhost:3000');
    expect(env.auth.secret.length).toBeGreaterThanOrEqual(32);
    expect(env.proxyBodyLimitBytes).toBe(5 * 1024 * 1024);
    expect(env.initialAdmin).toBeNull();
  });

  it('keeps the signature debugger off outside demo mode unless SANDBOX_DEBUG asks for it', () => {
    const secret = { BETTER_AUTH_SECRET: 'x'.repeat(40) };
    expect(parseEnv(secret).service.sandbox).toBe(false);
    expect(parseEnv({ ...secret, SANDBOX_DEBUG: '1' }).service.sandbox).toBe(true);
  });

  it('talks to a remote upstream when its base URL and credentials are set', () => {
    const env = parseEnv({
      ...remote,
      UPSTREAM_TIMEOUT_MS: '5000',
      UPSTREAM_BATCH_SIZE: '1000',
      UPSTREAM_BATCH_CONCURRENCY: '2',
      UPSTREAM_RATE_LIMIT_PER_SECOND: '10',
      UPSTREAM_RETRY_AFTER_MAX_S: '120',
    });
    expect(env.upstream).toMatchObject({
      rateLimitPerSecond: 10,
      retryAfterMaxMs: 120_000,
      mode: 'remote',
      baseUrl: 'https://erp.example.com',
      clientId: 'acme-erp',
      clientSecret: 's3cret',
      timeoutMs: 5000,
      batchSize: 1000,
      batchConcurrency: 2,
    });
    expect(env.demoMode).toBe(false);
  });

  it.each([
    ['trailing newline', 's3cret\n'],
    ['trailing space', 's3cret '],
    ['leading tab', '\ts3cret'],
  ])('refuses a client secret with %s instead of trimming it, naming UPSTREAM_CLIENT_SECRET', (_, secret) => {
    const { message, variables } = problemsOf({ ...remote, UPSTREAM_CLIENT_SECRET: secret });
    expect(variables).toEqual(['UPSTREAM_CLIENT_SECRET']);
    expect(message).toMatch(/UPSTREAM_CLIENT_SECRET: has leading or trailing whitespace/);
  });

  it('refuses a whitespace secret in embedded mode too, since the embedded service checks it the same way', () => {
    expect(problemsOf({ DEMO_MODE: 'true', UPSTREAM_CLIENT_SECRET: 'demo-erp-secret ' }).variables).toEqual([
      'UPSTREAM_CLIENT_SECRET',
    ]);
  });

  it('names each missing credential when a remote base URL is set', () => {
    const { variables, message } = problemsOf({
      UPSTREAM_BASE_URL: 'https://erp.example.com',
      BETTER_AUTH_SECRET: AUTH,
    });
    expect(variables).toEqual(['UPSTREAM_CLIENT_ID', 'UPSTREAM_CLIENT_SECRET']);
    expect(message).toContain('UPSTREAM_CLIENT_ID: is required when UPSTREAM_BASE_URL is set');
  });

  it('names the variable of every malformed value', () => {
    const { variables } = problemsOf({
      ...remote,
      UPSTREAM_BASE_URL: 'ftp://erp.example.com',
      UPSTREAM_BATCH_SIZE: '1001',
      UPSTREAM_TIMEOUT_MS: 'soon',
      DATABASE_URL: 'mysql://db',
      DEMO_MODE: 'yes',
    });
    expect(variables.sort()).toEqual([
      'DATABASE_URL',
      'DEMO_MODE',
      'UPSTREAM_BASE_URL',
      'UPSTREAM_BATCH_SIZE',
      'UPSTREAM_TIMEOUT_MS',
    ]);
  });

  it.each(['https://erp.example.com/v1', 'https://erp.example.com/api/v1/', 'https://erp.example.com/V1'])(
    'refuses an UPSTREAM_BASE_URL ending in /v1 (%s) and says to drop it',
    (url) => {
      const { variables, message } = problemsOf({ ...remote, UPSTREAM_BASE_URL: url });
      expect(variables).toEqual(['UPSTREAM_BASE_URL']);
      expect(message).toMatch(/UPSTREAM_BASE_URL: ends in \/v1; drop it/);
    },
  );

  it('refuses an UPSTREAM_BASE_URL with a query', () => {
    const { variables, message } = problemsOf({ ...remote, UPSTREAM_BASE_URL: 'https://erp.example.com/?tenant=1' });
    expect(variables).toEqual(['UPSTREAM_BASE_URL']);
    expect(message).toContain('without query');
  });

  it('refuses DEMO_MODE in front of a real upstream, so demo accounts and the demo auth secret exist only embedded', () => {
    const { variables, message } = problemsOf({ ...remote, DEMO_MODE: '1', BETTER_AUTH_SECRET: undefined });
    expect(variables).toEqual(['DEMO_MODE']);
    expect(message).toMatch(/DEMO_MODE: cannot be on while UPSTREAM_BASE_URL is set/);
    expect(problemsOf({ ...remote, DEMO_MODE: 'true' }).variables).toEqual(['DEMO_MODE']);
  });

  it('relays /v1 in demo mode unless SYNC_RELAY=off, elsewhere only when asked, keeping its records 30 days', () => {
    expect(parseEnv({ DEMO_MODE: '1' }).relay).toEqual({ enabled: true, retentionDays: 30, storedCallsPerMinute: 600 });
    expect(parseEnv({ DEMO_MODE: '1', SYNC_RELAY: 'off' }).relay.enabled).toBe(false);
    expect(parseEnv(remote).relay.enabled).toBe(false);
    expect(
      parseEnv({ ...remote, SYNC_RELAY: 'on', SYNC_LOG_RETENTION_DAYS: '7', SYNC_LOG_CALLS_PER_MINUTE: '0' }).relay,
    ).toEqual({ enabled: true, retentionDays: 7, storedCallsPerMinute: 0 });
    const wrong = { DEMO_MODE: '1', SYNC_RELAY: 'yes', SYNC_LOG_RETENTION_DAYS: '0', SYNC_LOG_CALLS_PER_MINUTE: '-1' };
    expect(problemsOf(wrong).variables).toEqual(['SYNC_RELAY', 'SYNC_LOG_RETENTION_DAYS', 'SYNC_LOG_CALLS_PER_MINUTE']);
  });

  it('refuses to relay to an UPSTREAM_BASE_URL with a path prefix, which would change the path the ERP signed', () => {
    const prefixed = { ...remote, UPSTREAM_BASE_URL: 'https://erp.example.com/api', SYNC_RELAY: 'on' };
    const { variables, message } = problemsOf(prefixed);
    expect(variables).toEqual(['UPSTREAM_BASE_URL']);
    expect(message).toMatch(/UPSTREAM_BASE_URL: has a path \(\/api\) while SYNC_RELAY is on/);
    expect(parseEnv({ ...prefixed, SYNC_RELAY: 'off' }).upstream.baseUrl).toBe('https://erp.example.com/api');
  });

  it('trusts no X-Forwarded-For hop unless TRUSTED_PROXY_HOPS says how many', () => {
    expect(parseEnv({ DEMO_MODE: '1' }).trustedProxyHops).toBe(0);
    expect(parseEnv({ DEMO_MODE: '1', TRUSTED_PROXY_HOPS: '2' }).trustedProxyHops).toBe(2);
    expect(problemsOf({ DEMO_MODE: '1', TRUSTED_PROXY_HOPS: '-1' }).variables).toEqual(['TRUSTED_PROXY_HOPS']);
  });

  it('requires a long BETTER_AUTH_SECRET outside demo mode', () => {
    expect(problemsOf({ ...remote, BETTER_AUTH_SECRET: undefined }).variables).toEqual(['BETTER_AUTH_SECRET']);
    expect(problemsOf({ ...remote, BETTER_AUTH_SECRET: 'short' }).variables).toEqual(['BETTER_AUTH_SECRET']);
  });

  it('takes the first admin only as both email and password', () => {
    expect(problemsOf({ ...remote, CONSOLE_ADMIN_EMAIL: 'ops@example.com' }).variables).toEqual([
      'CONSOLE_ADMIN_PASSWORD',
    ]);
    const env = parseEnv({ ...remote, CONSOLE_ADMIN_EMAIL: 'ops@example.com', CONSOLE_ADMIN_PASSWORD: 'long enough' });
    expect(env.initialAdmin).toEqual({ email: 'ops@example.com', password: 'long enough' });
  });

  it('treats an empty variable as unset', () => {
    const env = parseEnv({ DEMO_MODE: '1', UPSTREAM_BASE_URL: '', DATABASE_URL: '', UPSTREAM_BATCH_SIZE: '' });
    expect(env.upstream.mode).toBe('embedded');
    expect(env.upstream.batchSize).toBe(200);
    expect(env.database.url).toBeNull();
  });

  it('uses CONSOLE_URL as the public origin for better-auth unless BETTER_AUTH_URL says otherwise', () => {
    const env = parseEnv({ DEMO_MODE: '1', CONSOLE_URL: 'https://console.example.com/' });
    expect(env.consoleUrl).toBe('https://console.example.com');
    expect(env.auth.url).toBe('https://console.example.com');
  });

  it('reads back-office role names and the administrator roles from CONSOLE_ROLES', () => {
    const env = parseEnv({ ...remote, CONSOLE_ROLES: ' 1=System administrator:admin, 2=Sales ,3=Warehouse' });
    expect(env.userRoles).toEqual([
      { id: 1, name: 'System administrator', isAdmin: true },
      { id: 2, name: 'Sales', isAdmin: false },
      { id: 3, name: 'Warehouse', isAdmin: false },
    ]);
    expect(parseEnv(remote).userRoles).toBeNull();
  });

  it.each([
    ['no equals sign', 'Sales'],
    ['a non-numeric id', 'x=Sales'],
    ['an empty name', '1=:admin'],
    ['an id listed twice', '1=Admin,1=Sales'],
    ['only commas', ',,'],
  ])('refuses CONSOLE_ROLES with %s, naming the variable', (_, value) => {
    const { variables, message } = problemsOf({ ...remote, CONSOLE_ROLES: value });
    expect(variables).toEqual(['CONSOLE_ROLES']);
    expect(message).toContain('CONSOLE_ROLES');
  });
});
