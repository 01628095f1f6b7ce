import 'server-only';
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

export function logRequest(fields: RequestLogFields): void {
  const log = logger();
  const level = fields.status >= 500 ? 'error' : fields.status >= 400 ? 'warn' : 'info';
  if (!log.isLevelEnabled(level)) return;
  log[level]({ ...fields, durationMs: Math.round(fields.durationMs * 100) / 100 }, 'request');
}
