export { buildApp, createService, DEFAULT_DATA_DIR, openDatabase, ROUTE_MODULES } from './app';
export type { RouteModule, Service, ServiceOptions } from './app';
export type { Env, Variables } from './http/env';
export type { Db, Queryable } from './store/db';
