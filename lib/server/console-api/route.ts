import 'server-only';
import { logger } from '../log';
import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { ErrorCode } from '@/lib/contract/errors';
import { isRole } from '@/lib/contract/roles';
import {
  mayCallEndpoint,
  type AnyEndpoint,
  type ErrorCodeOf,
  type ParamsOf,
  type ResponseOf,
} from '@/lib/contract/console/endpoint';
import { NO_INPUT } from '@/lib/contract/console/params';
import { recordConsoleWrite } from '../audit';
import { passesConsoleChecks, passesPlainGetChecks } from '../proxy';
import { SAFE_RESPONSE_HEADERS } from '../proxy';
import { REQUEST_ID_HEADER, requestIdOf } from '../http';
import { isApiError } from '../upstream';
import { consoleOrigins, sessionUser, type SessionUser } from '../proxy';
import type { Locale } from '@/lib/i18n/locale';
import { requestLocaleOf } from '../preferences/request';
import { withServerContext, type ServerContext } from './context';
import { ConsoleError, errorResponse, refusal } from './errors';

/**
 * The one wrapper of the console's own route handlers (app/api, but the signing proxy and better-auth). In
 * order, from the endpoint's entry in lib/contract/console: the browser checks (the console's header, same
 * site, a write from the console's origin or its loopback twin with a JSON body), the session, the path
 * params, the permission through can(), the query and the body with the contract's schemas; then the
 * handler; then one audit entry for a write. Every answer carries the request id.
 *
 * The handler also gets this process's context (./context.ts: db, tenant, env, the signing clients) and the
 * person's language, so a route under app/ never reaches the process's parts itself.
 *
 *   export const POST = consoleRoute(importsApi.start, async ({ params, user, consoleDb }) => { ... });
 */

export interface RouteContext<E extends AnyEndpoint> extends ServerContext {
  request: Request;
  user: SessionUser;
  params: ParamsOf<E>;
  query: z.output<NonNullable<E['query']>>;
  body: z.output<NonNullable<E['body']>>;
  requestId: string;
  /** The signed-in person's language (their saved choice, else this browser's), for words a file carries. */
  locale(): Promise<Locale>;
  /** Refuses with one of the endpoint's own codes (status from the contract) or invalid_parameter; throws. */
  fail(code: ErrorCodeOf<E> | 'invalid_parameter', facts?: Record<string, unknown>): never;
}

/** What an endpoint without a session (health, metrics) gets: no user. */
export type OpenRouteContext<E extends AnyEndpoint> = Omit<RouteContext<E>, 'user' | 'locale'>;

/** What a handler gives back: the contract's answer (200, or `status`), or a Response it built (files, 204). */
export type RouteResult<R> = R | Response | { status: number; data: R };
/** An endpoint that answers nothing (204) may simply return. */
type HandlerResult<R> = undefined extends R ? RouteResult<R> | void : RouteResult<R>;

export interface RouteOptions {
  /** For `token` endpoints: the token a caller must send as `Authorization: Bearer <token>`; none, nobody may. */
  token?: () => string | undefined;
}

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type ConsoleRouteHandler = ((request: Request, context: NextContext) => Promise<Response>) & {
  readonly endpoint: AnyEndpoint;
};

/** Handlers built by the wrapper, for the test that walks app/api. */
export function isConsoleRoute(value: unknown): value is ConsoleRouteHandler {
  return typeof value === 'function' && BUILT.has(value);
}
const BUILT = new WeakSet<object>();

function tokenMatches(request: Request, expected: string | undefined): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!expected || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

/** The first 404 code the endpoint answers (import_not_found), so a malformed id reads as the record's own. */
function notFoundCode(entry: AnyEndpoint): ErrorCode | undefined {
  return (Object.keys(entry.errors) as ErrorCode[]).find((code) => entry.errors[code] === 404);
}

function toResponse(result: unknown, entry: AnyEndpoint): Response {
  if (result instanceof Response) return result;
  if (entry.answer.kind === 'none' && result === undefined)
    return new Response(null, { status: 204, headers: SAFE_RESPONSE_HEADERS });
  const reply =
    result !== null &&
    typeof result === 'object' &&
    'status' in result &&
    'data' in result &&
    Object.keys(result).length === 2;
  const { status, data } = reply ? (result as { status: number; data: unknown }) : { status: 200, data: result };
  return Response.json(data, { status, headers: SAFE_RESPONSE_HEADERS });
}

function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    // Immutable headers (a fetched Response passed on): copy them.
    const headers = new Headers(response.headers);
    headers.set(REQUEST_ID_HEADER, requestId);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** A route of a session endpoint: the handler gets the signed-in person, checked. */
export function consoleRoute<E extends AnyEndpoint>(
  entry: E,
  handler: (context: RouteContext<E>) => Promise<HandlerResult<ResponseOf<E>>>,
): ConsoleRouteHandler {
  if (entry.access.kind !== 'session')
    throw new Error(`${entry.method} ${entry.path}: not a session endpoint (openRoute)`);
  return build(entry, handler, {});
}

/** A route of a public or token endpoint (health, readiness, metrics): no session, no browser checks. */
export function openRoute<E extends AnyEndpoint>(
  entry: E,
  handler: (context: OpenRouteContext<E>) => Promise<HandlerResult<ResponseOf<E>>>,
  options: RouteOptions = {},
): ConsoleRouteHandler {
  if (entry.access.kind === 'session')
    throw new Error(`${entry.method} ${entry.path}: a session endpoint (consoleRoute)`);
  return build(entry, handler, options);
}

function build<E extends AnyEndpoint>(
  entry: E,
  handler: (context: RouteContext<E>) => Promise<HandlerResult<ResponseOf<E>>>,
  options: RouteOptions,
): ConsoleRouteHandler {
  const isWrite = entry.method !== 'GET';

  async function checked(request: Request, next: NextContext, requestId: string): Promise<Response> {
    const access = entry.access;
    let user: SessionUser | null = null;
    if (access.kind === 'token') {
      const expected = options.token?.();
      // Without a configured token the endpoint does not exist, so nothing is exposed by default.
      if (!expected) return refusal('not_found');
      if (!tokenMatches(request, expected)) return refusal('unauthenticated');
    } else if (access.kind === 'session') {
      const browserOk = entry.plainGet ? passesPlainGetChecks(request) : passesConsoleChecks(request, consoleOrigins());
      if (!browserOk) return refusal('forbidden');
      user = await sessionUser(request.headers);
      if (!user) return refusal('unauthenticated');
    }

    const params = (entry.params ?? NO_INPUT).safeParse((await next.params) ?? {});
    if (!params.success) {
      const code = notFoundCode(entry);
      return code ? errorResponse(code, 404) : refusal('not_found');
    }
    const query = (entry.query ?? NO_INPUT).safeParse(queryObject(new URL(request.url)));
    if (user && (!isRole(user.role) || !mayCallEndpoint(entry, user.role, params.data, query.data ?? {})))
      return refusal('forbidden');
    if (!query.success) return refusal('invalid_parameter');
    let body: unknown = {};
    if (isWrite) {
      const text = await request.text();
      let raw: unknown = null;
      try {
        raw = text === '' ? {} : JSON.parse(text);
      } catch {
        return refusal('invalid_parameter');
      }
      const parsed = (entry.body ?? NO_INPUT).safeParse(raw);
      if (!parsed.success) return refusal('invalid_parameter');
      body = parsed.data;
    }

    let status = 500;
    try {
      const result = await handler(
        withServerContext({
          request,
          // Null only for open endpoints, whose handlers are typed without it.
          user: user as SessionUser,
          params: params.data as ParamsOf<E>,
          query: query.data as RouteContext<E>['query'],
          body: body as RouteContext<E>['body'],
          requestId,
          locale: () => requestLocaleOf(request, user?.id ?? ''),
          fail(code: ErrorCodeOf<E> | 'invalid_parameter', facts?: Record<string, unknown>): never {
            throw new ConsoleError(code, entry.errors[code] ?? 400, facts);
          },
        }),
      );
      const response = toResponse(result, entry);
      status = response.status;
      return response;
    } catch (error) {
      const response = failure(error);
      if (!response) throw error;
      status = response.status;
      return response;
    } finally {
      if (isWrite && user && entry.audit === 'request') {
        const targetIds = Object.values(params.data as Record<string, unknown>).map(String);
        await recordConsoleWrite({
          user,
          operation: `${entry.method as 'POST'} ${entry.path as `/api/${string}`}`,
          targetIds,
          status,
          requestId,
        });
      }
    }
  }

  const route = async (request: Request, next: NextContext): Promise<Response> => {
    const requestId = requestIdOf(request);
    return withRequestId(await checked(request, next, requestId), requestId);
  };
  BUILT.add(route);
  return Object.assign(route, { endpoint: entry });
}

/** A handler's refusal, or the upstream's failure as the proxy words it; null for anything else (a fault). */
function failure(error: unknown): Response | null {
  if (error instanceof ConsoleError) return errorResponse(error.code, error.status, error.facts);
  if (isApiError(error)) {
    if (error.kind === 'timeout') return refusal('upstream_timeout');
    if (error.kind === 'busy') return refusal('service_busy');
    logger().error({ source: 'console-api', error: error.message }, 'upstream call failed');
    return refusal('upstream_unreachable');
  }
  return null;
}
