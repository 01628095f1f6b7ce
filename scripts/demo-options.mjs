// Where `npm run demo` listens. Demo mode has published passwords, so it listens on this machine only (loopback)
// unless HOST names another interface on purpose (HOST=0.0.0.0 for every interface).
export const DEFAULT_DEMO_HOST = '127.0.0.1';

/** Arguments of `next start` for the demo. */
export function demoStartArgs(env) {
  const port = env.PORT || '3000';
  const host = env.HOST || DEFAULT_DEMO_HOST;
  return ['start', '-p', port, '-H', host];
}

// The accounts demo mode creates (lib/server/auth/demo-accounts.ts creates them; a test keeps the two lists equal),
// printed by `npm run demo` once the console is ready.
export const DEMO_ACCOUNTS = [
  ['admin@example.com', 'admin'],
  ['steward@example.com', 'steward'],
  ['manager@example.com', 'manager'],
  ['viewer@example.com', 'viewer'],
];
export const DEMO_PASSWORD = 'demo-password';

/** The lines `npm run demo` prints once it is ready: where to go and every account to sign in with. */
export function demoReadyMessage(url) {
  const width = Math.max(...DEMO_ACCOUNTS.map(([email]) => email.length));
  return [
    '',
    `  Master-data console (demo mode): ${url}`,
    `  The /v1 reference service is also served at ${url}/v1`,
    '',
    `  Demo accounts, password "${DEMO_PASSWORD}":`,
    ...DEMO_ACCOUNTS.map(([email, role]) => `    ${email.padEnd(width)}  ${role}`),
    '',
    '  Stop with Ctrl+C.',
    '',
  ].join('\n');
}
