import type { HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import type { OperationId } from '@/lib/contract';
import type { Db } from '../store/db';

/**
 * Per-request context set by the auth middleware (service/http/auth.ts) before any route runs. Route modules
 * read it with `c.get('tenantId')` and friends; nothing else carries tenant identity.
 */
export interface Variables {
  db: Db;
  tenantId: number;
  clientId: string;
  operation: OperationId;
  /** The service clock in milliseconds (injectable for tests). */
  now: () => number;
  /** The raw request body, exactly the bytes that were signed. Empty when there was none. */
  body: Uint8Array;
  /** The request path exactly as sent, without the query. */
  path: string;
  /** Query parameters, names matched case-insensitively (contract §1). */
  query: QueryParams;
}

/** Standalone mode (@hono/node-server) passes the Node request; in-process callers pass nothing. */
export type Env = { Bindings: Partial<HttpBindings> | undefined; Variables: Variables };

/** Query parameters with case-insensitive names; the first occurrence of a name wins. */
export class QueryParams {
  private readonly values = new Map<string, string>();

  constructor(search: string) {
    for (const [name, value] of new URLSearchParams(search)) {
      const key = name.toLowerCase();
      if (!this.values.has(key)) this.values.set(key, value);
    }
  }

  get(name: string): string | undefined {
    return this.values.get(name.toLowerCase());
  }
}

/** What app.ts hands each resource's routes. */
export interface RouteContext {
  log: (line: string) => void;
}

/** A resource's Hono sub-app (routes/<resource>.ts, thin; its SQL and rules in domain/<resource>.ts). */
export type RouteModule = (ctx: RouteContext) => Hono<Env>;
