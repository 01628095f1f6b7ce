import type { z } from 'zod';
import type { ErrorCode } from '../errors';
import { can, type ConsolePermission, type Role } from '../roles';

/**
 * The console's own endpoints (app/api, except the signing proxy and better-auth), one entry each: path,
 * method, who may call, the schemas of what comes in, the type of what goes out and the error codes with
 * their statuses. The route wrapper (lib/server/console-api) reads an entry to check and parse a request;
 * the browser client (lib/client/console-fetch) reads the same entry to build the call and type the answer.
 */

export type ConsoleMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call. `session`: a signed-in person whose role has the permission (`can()`); a function when the
 * permission depends on the path (a record's History). `public`: anyone (load-balancer checks).
 * `token`: a caller holding the bearer token the route is given (metrics scrapers).
 */
export type Access<P, Q = Record<string, unknown>> =
  | { kind: 'session'; permission: ConsolePermission | ((params: P, query: Q) => ConsolePermission) }
  | { kind: 'public' }
  | { kind: 'token' };

/** What a 2xx answer is: JSON of type R, a file to save, or nothing (204). Holds R for the type checker only. */
export interface Answer<R> {
  readonly kind: 'json' | 'file' | 'none';
  readonly type?: R;
}

export const json = <R>(): Answer<R> => ({ kind: 'json' });
export const file = (): Answer<Blob> => ({ kind: 'file' });
export const none = (): Answer<undefined> => ({ kind: 'none' });

/**
 * Whose record a write is, for the audit log: `request` (one entry per write request, made by the route
 * wrapper), `domain` (the server code it calls records its own entries: account changes, quota edits), or
 * `none` with the reason written beside the entry (a person's own display settings).
 */
export type AuditRule = 'request' | 'domain' | 'none';

/**
 * What an endpoint without params, query or body takes (the schema itself is in ./params: this module is read
 * by every browser fetcher, and a plain read must not bring zod to a list page's first load).
 */
type NoInput = z.ZodObject<Record<string, never>>;
type Schema = z.ZodType;

/** The codes an endpoint answers beyond the wrapper's own, with their statuses. */
export type ErrorMap = Partial<Record<ErrorCode, number>>;

export interface ConsoleEndpoint<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R = unknown,
  X extends ErrorMap = ErrorMap,
> {
  method: ConsoleMethod;
  /** The route's path as its folder names it: `/api/imports/[id]/rows`. */
  path: string;
  access: Access<z.output<P>, z.output<Q>>;
  /** Path segments (`[id]`); one that does not parse answers 404. None: the path has no segment. */
  params?: P;
  /** The query string: one key once is a string, repeated an array. A query that does not parse answers 400. */
  query?: Q;
  /** The JSON body of a write. A body that does not parse answers 400 invalid_parameter. None: `{}` or no body. */
  body?: B;
  answer: Answer<R>;
  errors: X;
  /**
   * A GET a plain link or request may make (a file download, a read any client may make): no console header
   * needed, though a cross-site fetch is still refused. Never for a write.
   */
  plainGet?: boolean;
  audit: AuditRule;
}

export type AnyEndpoint = ConsoleEndpoint<Schema, Schema, Schema, unknown, ErrorMap>;
export type ErrorCodeOf<E> = E extends { errors: infer X } ? keyof X & ErrorCode : never;
export type ParamsOf<E> = E extends ConsoleEndpoint<infer P, Schema, Schema, unknown> ? z.output<P> : never;
export type QueryOf<E> = E extends ConsoleEndpoint<Schema, infer Q, Schema, unknown> ? z.input<Q> : never;
export type BodyOf<E> = E extends ConsoleEndpoint<Schema, Schema, infer B, unknown> ? z.input<B> : never;
export type ResponseOf<E> = E extends { answer: Answer<infer R> } ? R : never;

/** Fills in what an entry leaves out: no params, no query, no body, JSON answer, no own error codes. */
export function endpoint<
  P extends Schema = NoInput,
  Q extends Schema = NoInput,
  B extends Schema = NoInput,
  R = unknown,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no own codes: the wrapper's only
  X extends ErrorMap = {},
>(
  entry: Omit<ConsoleEndpoint<P, Q, B, R, X>, 'errors' | 'audit'> & { errors?: X; audit?: AuditRule },
): ConsoleEndpoint<P, Q, B, R, X> {
  if (entry.plainGet && entry.method !== 'GET')
    throw new Error(`${entry.method} ${entry.path}: only a GET may be plain`);
  return {
    ...entry,
    errors: entry.errors ?? ({} as X),
    audit: entry.audit ?? (entry.method === 'GET' ? 'none' : 'request'),
  };
}

/** Access for every signed-in person, whatever their role. */
export const everyRole = { kind: 'session', permission: 'useConsole' } as const;

/** A GET every signed-in person may make, answering JSON of type R: no params, query or codes of its own. */
export function everyRoleRead<R>(path: string) {
  return endpoint({ method: 'GET', path, access: everyRole, answer: json<R>() });
}

/** Whether a role may call the endpoint with these path params and query (session endpoints only; others answer true). */
export function mayCallEndpoint(entry: AnyEndpoint, role: Role, params: unknown, query: unknown = {}): boolean {
  const access = entry.access;
  if (access.kind !== 'session') return true;
  const permission =
    typeof access.permission === 'function'
      ? access.permission(params, query as Record<string, unknown>)
      : access.permission;
  return can(role, permission);
}

/** The URL path of an endpoint: `[id]` segments filled in, encoded. */
export function endpointPath(entry: { path: string }, params: Record<string, string | number> = {}): string {
  return entry.path.replace(/\[(\w+)\]/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${entry.path}: no value for [${name}]`);
    return encodeURIComponent(String(value));
  });
}
