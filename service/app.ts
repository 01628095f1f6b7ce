import path from 'node:path';
import { Hono } from 'hono';
import { OPENAPI_PATH, type SeedFile } from '@/lib/contract';
import { authMiddleware } from './http/auth';
import type { Env, RouteContext, RouteModule } from './http/env';
import { ApiError, ApiResponseError, ItemError } from './http/errors';
import { buildOpenApiDocument } from './openapi/document';
import { bundlePriceRoutes } from './routes/bundle-prices';
import { bundleRoutes } from './routes/bundles';
import { companyRoutes } from './routes/companies';
import { internalUserRoutes } from './routes/internal-users';
import { priceRoutes } from './routes/prices';
import { productCategoryRoutes } from './routes/product-categories';
import { productRoutes } from './routes/products';
import { creditQuotaRoutes, pointQuotaRoutes } from './routes/quotas';
import { skuRoutes } from './routes/skus';
import { stockRoutes } from './routes/stock';
import { loadSeed, parseSeed, readSeedFile } from './seed/load';
import { openPglite, openPostgres, type Db } from './store/db';
import { migrate } from './store/migrate';

export type { Env, RouteContext, RouteModule } from './http/env';

/**
 * Every resource, in one place: add one with one line here; each is mounted under /v1 with app.route().
 * Order does not matter because the auth middleware resolves the operation (and answers 404/405) before
 * Hono routes.
 */
export const ROUTE_MODULES: RouteModule[] = [
  companyRoutes,
  productCategoryRoutes,
  productRoutes,
  skuRoutes,
  stockRoutes,
  priceRoutes,
  bundleRoutes,
  bundlePriceRoutes,
  pointQuotaRoutes,
  creditQuotaRoutes,
  internalUserRoutes,
];

export interface ServiceOptions {
  /** An open database; the caller keeps ownership (close() leaves it open). */
  db?: Db;
  /** A validated seed or the path of a seed file; loaded only into an empty database. */
  seed?: SeedFile | string;
  /** Embedded PGlite in memory. */
  memory?: boolean;
  /** Embedded PGlite data folder (default `.data/service`). */
  dataDir?: string;
  /** A Postgres server; defaults to DATABASE_URL when no other storage option is given. */
  databaseUrl?: string;
  now?: () => number;
  /** One line per request; default: no logging (the CLI logs to stdout). */
  log?: (line: string) => void;
  /**
   * Sandbox mode: a 401 for a signature mismatch carries the canonical string the service built and the body
   * hash it computed (never the secret or the expected signature). For the demo and SANDBOX_DEBUG=1 only.
   */
  sandbox?: boolean;
}

export interface Service {
  fetch(request: Request, env?: unknown): Promise<Response>;
  close(): Promise<void>;
  db: Db;
}

export const DEFAULT_DATA_DIR = path.join('.data', 'service');

export async function openDatabase(options: Pick<ServiceOptions, 'memory' | 'dataDir' | 'databaseUrl'>): Promise<Db> {
  const url = options.databaseUrl ?? (options.memory || options.dataDir ? undefined : process.env.DATABASE_URL);
  if (url) return openPostgres({ url });
  if (options.memory) return openPglite();
  return openPglite({ dataDir: options.dataDir ?? DEFAULT_DATA_DIR });
}

/** Log lines carry the claimed client id; keep it printable and short so a header cannot forge lines. */
function safeClientId(value: string | null | undefined): string {
  if (!value) return '-';
  return value.replace(/[^\x21-\x7e]/g, '?').slice(0, 64);
}

let document: object | undefined;
const openApiDocument = () => (document ??= buildOpenApiDocument());

export function buildApp(
  db: Db,
  options: { now: () => number; log?: (line: string) => void; sandbox?: boolean },
): Hono<Env> {
  const log = options.log ?? (() => {});
  const app = new Hono<Env>();

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    const clientId = c.get('clientId') ?? c.req.header('x-client-id');
    // Never the signature, nonce, secret or body.
    log(
      `${c.req.method} ${c.get('path') ?? new URL(c.req.url).pathname} ${c.res.status} ${ms}ms ${safeClientId(clientId)}`,
    );
  });
  // The OpenAPI document is public: an integrator reads it before holding a credential.
  app.get(OPENAPI_PATH, (c) => c.json(openApiDocument()));
  app.use('*', authMiddleware({ db, now: options.now, sandbox: options.sandbox ?? false }));

  const ctx: RouteContext = { log };
  for (const routes of ROUTE_MODULES) app.route('/v1', routes(ctx));

  app.notFound(() => Response.json({ error: 'not_found' }, { status: 404 }));
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json({ error: error.code }, error.status);
    if (error instanceof ApiResponseError) return error.response;
    if (error instanceof ItemError)
      return c.json({ error: error.errors[0] ?? 'invalid_parameter' }, error.notFound ? 404 : 400);
    log(
      `error ${c.req.method} ${c.get('path') ?? ''}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return c.json({ code: 'internal_error', message: 'The service failed to process the request.' }, 500);
  });
  return app;
}

/**
 * The reference /v1 service as a web-standard fetch handler: standalone (service/cli.ts), in-process behind
 * the console, and in tests. Migrates the database, seeds it when empty, and serves.
 */
export async function createService(options: ServiceOptions = {}): Promise<Service> {
  // A bad seed stops the start before any database is opened.
  const seed =
    options.seed === undefined
      ? undefined
      : typeof options.seed === 'string'
        ? readSeedFile(options.seed)
        : parseSeed(options.seed);
  const ownsDb = !options.db;
  const db = options.db ?? (await openDatabase(options));
  try {
    await migrate(db);
    if (seed) await loadSeed(db, seed, options.now);
  } catch (error) {
    if (ownsDb) await db.close().catch(() => {});
    throw error;
  }
  const app = buildApp(db, { now: options.now ?? Date.now, log: options.log, sandbox: options.sandbox });
  return {
    db,
    fetch: async (request, env) => app.fetch(request, env as Env['Bindings']),
    close: async () => {
      if (ownsDb) await db.close();
    },
  };
}
