import 'server-only';
import { recordAudit } from '../audit/audit-log';
import { consoleOrigins, sessionUser } from '../console-api/caller';
import { getConsoleDb } from '../db';
import { getEnv } from '../env';
import { getUpstream } from '../upstream-instance';
import { createProxyHandler } from './handler';

/**
 * Error lines carry the error's name and message only: never a request's headers or body, and the
 * upstream client's errors carry method and path, never the secret.
 */
function logError(message: string, error: unknown) {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`[proxy] ${message}: ${detail}`);
}

const holder = globalThis as typeof globalThis & { __consoleProxy?: (request: Request) => Promise<Response> };

/**
 * The signing proxy of app/api/upstream, wired to the session, the upstream client and the audit log. The
 * session and origin parts are the console endpoints' too (lib/server/console-api/caller.ts).
 */
export function consoleProxy(): (request: Request) => Promise<Response> {
  if (!holder.__consoleProxy) {
    const env = getEnv();
    const consoleDb = async () => await getConsoleDb();
    holder.__consoleProxy = createProxyHandler({
      getUser: sessionUser,
      send: (input) => getUpstream().send(input),
      allowedOrigins: consoleOrigins(),
      bodyLimitBytes: env.proxyBodyLimitBytes,
      timeoutMs: env.upstream.timeoutMs,
      audit: async (entry) => recordAudit(await consoleDb(), entry),
      logError,
    });
  }
  return holder.__consoleProxy;
}
