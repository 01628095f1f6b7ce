import 'server-only';
// The context is built at the entry points: loading the runtime installs the process's parts (lib/server/process).
import '../runtime';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { getEnv, type Env } from '../env';
import { consoleDbPoolUse, currentTenant, getConsoleDb, getJobsUpstream, getUpstream } from '../process';
import { ensureMirror, isEmbedded, readyAnswer, runtime } from '../runtime';
import type { UpstreamClient } from '../upstream';

/**
 * What every handler, action and server page of app/ takes from this process, in one typed object (cal.com's
 * tRPC handlers receive `{ ctx, input }`): the console database, the tenant, the validated settings, the
 * signing clients, the mirror's schedule. app/ never imports lib/server/process or lib/server/runtime (the
 * dependency rules forbid it): route handlers and actions get this from their wrapper, pages and layouts from
 * serverContext(). Every part is read when asked for, as before, so a page that needs no database opens none.
 */
export interface ServerContext {
  /** The console database, migrated on first use. */
  consoleDb(): Promise<Kysely<ConsoleDatabase>>;
  /** Which upstream the data belongs to (client id @ base URL). */
  readonly tenant: string;
  /** The validated environment. */
  readonly env: Env;
  /** The signing client for a person's requests (server-rendered reads, the proxy). */
  readonly upstream: UpstreamClient;
  /** The signing client the jobs use (behind the jobs' limit), also for a request working on a job's behalf. */
  readonly jobsUpstream: UpstreamClient;
  /** The mirror's schedule on this instance (null when the mirror is off). */
  mirror(): ReturnType<typeof ensureMirror>;
  /** The console database pool's use (Postgres only; null on PGlite or before the database is opened). */
  dbPoolUse(): ReturnType<typeof consoleDbPoolUse>;
  /** The readiness answer for load balancers. */
  ready(): ReturnType<typeof readyAnswer>;
  /** The in-process reference service, or null when the console talks to a real upstream. */
  embeddedService(): ReturnType<ReturnType<typeof runtime>['embeddedService']> | null;
}

const CONTEXT: ServerContext = {
  consoleDb: getConsoleDb,
  get tenant() {
    return currentTenant();
  },
  get env() {
    return getEnv();
  },
  get upstream() {
    return getUpstream();
  },
  get jobsUpstream() {
    return getJobsUpstream();
  },
  mirror: ensureMirror,
  dbPoolUse: consoleDbPoolUse,
  ready: readyAnswer,
  embeddedService: () => (isEmbedded() ? runtime().embeddedService() : null),
};

/** `fields` with this process's context under them (its parts still read only when a handler asks). */
export function withServerContext<T extends object>(fields: T): T & ServerContext {
  return Object.assign(Object.create(CONTEXT), fields);
}

/** This process's context, for server pages, layouts and the few plain route handlers (the proxy, /v1). */
export function serverContext(): ServerContext {
  return CONTEXT;
}
