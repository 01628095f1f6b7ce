import 'server-only';
import type { Logger } from 'pino';
import { logger } from './logger';

/**
 * One line per request (design.md "Logs"). Console routes: the route wrapper calls this once it has the
 * answer; the signing proxy calls it with the `/v1` operation and the upstream's status.
 */
export interface RequestLogFields {
  requestId: string;
  method: string;
  /** The console route's pattern (`/api/imports/[id]`), or the proxy's route. */
  route: string;
  /** The `/v1` operation id, for proxied requests. */
  operation?: string;
  /** The signed-in account's id; absent when signed out. */
  userId?: string | null;
  status: number;
  /** What the upstream answered (null: no answer, a timeout or a refused connection). */
  upstreamStatus?: number | null;
  durationMs: number;
  /** A refusal or failure code (`forbidden`, `upstream_timeout`, …). */
  code?: string;
}

let requests: { parent: Logger; child: Logger } | undefined;

/**
 * Request lines skip the logger's redaction: with its wildcard paths it cost about 0.2 ms a line (bench:proxy),
 * more than the rest of the line. It has nothing to do here: requestLine builds the line from the named fields
 * above, ids, codes and numbers, so no other field (a header, a body, a caller's extra property) can reach it.
 */
function requestLogger(): Logger {
  const parent = logger();
  if (requests?.parent !== parent) requests = { parent, child: parent.child({}, { redact: [] }) };
  return requests.child;
}

/** Writes one request line to `log` (tests pass their own logger). */
export function requestLine(log: Logger, fields: RequestLogFields): void {
  const level = fields.status >= 500 ? 'error' : fields.status >= 400 ? 'warn' : 'info';
  if (!log.isLevelEnabled(level)) return;
  const { requestId, method, route, operation, userId, status, upstreamStatus, durationMs, code } = fields;
  log[level](
    {
      requestId,
      method,
      route,
      operation,
      userId,
      status,
      upstreamStatus,
      durationMs: Math.round(durationMs * 100) / 100,
      code,
    },
    'request',
  );
}

export function logRequest(fields: RequestLogFields): void {
  requestLine(requestLogger(), fields);
}
