// Imports nothing: a test calls this before it loads the runtime, which reads the environment once.

/**
 * Sets the environment of a console in demo mode at `origin`, its database and the reference service's both in
 * memory, with a better-auth secret of its own (`secret`, padded to 40 characters) and any `more`.
 */
export function setInMemoryDemoEnv(origin: string, secret: string, more: Record<string, string> = {}) {
  Object.assign(process.env, {
    DEMO_MODE: '1',
    CONSOLE_URL: origin,
    BETTER_AUTH_SECRET: secret.padEnd(40, 'x'),
    CONSOLE_DATA_DIR: 'memory://',
    SERVICE_DATA_DIR: 'memory://',
    ...more,
  });
}
