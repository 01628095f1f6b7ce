import 'server-only';
import { recordAudit } from '../audit/audit-log';
import { AUTH_CHANGES_CHANNEL, getConsoleDb, watchConsoleDb } from '../db';
import { getEnv } from '../env';
import { getUpstream } from '../upstream-instance';
import { logger } from '../log/logger';
import { logRequest } from '../log/request-log';
import { proxyDuration } from '../metrics/metrics';
import { createProxyHandler, type ProxyFacts } from './handler';
import { createSessionReader } from './session-check';

/** localhost and 127.0.0.1 are the same console to a demo user; both may post. */
export function withLoopbackTwin(origin: string): string[] {
  const url = new URL(origin);
  const out = [url.origin];
  if (url.hostname === 'localhost') out.push(url.origin.replace('//localhost', '//127.0.0.1'));
  else if (url.hostname === '127.0.0.1') out.push(url.origin.replace('//127.0.0.1', '//localhost'));
  return out;
}

/**
 * Error lines carry the error's name and message only: never a request's headers or body, and the
 * upstream client's errors carry method and path, never the secret.
 */
function logError(message: string, error: unknown) {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  logger().error({ source: 'proxy', error: detail }, message);
}

const ROUTE = '/api/upstream/[...path]';

/** The request's log line and its duration metric. */
function observe(facts: ProxyFacts) {
  logRequest({ ...facts, route: ROUTE });
  proxyDuration.observe({ operation: facts.operation ?? 'none', status: String(facts.status) }, facts.durationMs / 1000);
}

// One per bundle (only app/api/upstream uses it): it holds no resource of its own; the database and the upstream
// transport under it are the process's (lib/server/runtime).
let proxy: ((request: Request) => Promise<Response>) | undefined;

/** The signing proxy of app/api/upstream, wired to the session, the upstream client and the audit log. */
export function consoleProxy(): (request: Request) => Promise<Response> {
  if (!proxy) {
    const env = getEnv();
    const consoleDb = async () => await getConsoleDb();
    proxy = createProxyHandler({
      getUser: createSessionReader(
        consoleDb,
        env.auth.secret,
        async (onChange) => (await watchConsoleDb(AUTH_CHANGES_CHANNEL, onChange)) !== null,
      ),
      send: (input) => getUpstream().send(input),
      allowedOrigins: withLoopbackTwin(env.consoleUrl),
      bodyLimitBytes: env.proxyBodyLimitBytes,
      timeoutMs: env.upstream.timeoutMs,
      audit: async (entry) => recordAudit(await consoleDb(), entry),
      logError,
      observe,
    });
  }
  return proxy;
}
