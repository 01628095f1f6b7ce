// Where `npm run demo` listens. Demo mode has published passwords, so it listens on this machine only (loopback)
// unless HOST names another interface on purpose (HOST=0.0.0.0 for every interface).
export const DEFAULT_DEMO_HOST = '127.0.0.1';

/** Arguments of `next start` for the demo. */
export function demoStartArgs(env) {
  const port = env.PORT || '3000';
  const host = env.HOST || DEFAULT_DEMO_HOST;
  return ['start', '-p', port, '-H', host];
}
