import 'server-only';
import { logger } from '../log';
import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  CompiledQuery,
  sql,
} from 'kysely';
import pg from 'pg';
import type { ConsoleDatabase } from './types';

export type ConsoleDbTarget =
  /** A Postgres server, shared by every console instance. */
  | { url: string }
  /** Embedded PGlite in a folder, or in memory with `memory://` (tests). */
  | { dataDir: string };

export type ConsoleDbConnection = {
  db: Kysely<ConsoleDatabase>;
  kind: 'postgres' | 'pglite';
  /**
   * Calls `onNotify` for each NOTIFY on `channel`, before the statement that caused it returns to whoever ran
   * it, and resolves to a function that stops listening. Null when the database cannot promise that order:
   * on Postgres, other instances write too and a notice reaches this one only after their commit returns.
   */
  watch(channel: string, onNotify: () => void): Promise<(() => Promise<void>) | null>;
  /** Connections of the Postgres pool (for metrics); absent on PGlite, which has one connection and no pool. */
  poolUse?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
};

/** The Postgres major of the installed PGlite (0.6.x); a folder another major made does not open. */
const PGLITE_POSTGRES_MAJOR = '19';

/** A folder made by PGlite 0.5 (Postgres 18) fails to open with an unhelpful error: say what it is and what to do. */
function refuseOtherMajor(dataDir: string): void {
  let made = '';
  try {
    made = readFileSync(`${dataDir}/PG_VERSION`, 'utf8').trim();
  } catch {
    return; // a new folder
  }
  if (made === PGLITE_POSTGRES_MAJOR) return;
  throw new Error(
    `${dataDir} holds a PostgreSQL ${made} database; this PGlite runs PostgreSQL ${PGLITE_POSTGRES_MAJOR} and cannot open ` +
      'it. Demo data: delete the folder and it is made again. Data to keep: see the README, "Upgrading PGlite".',
  );
}

/**
 * PGlite has a single connection, so the driver hands that one out to one user at a time: without the
 * queue, a transaction started by one request would swallow another request's queries.
 */
class PGliteDriver implements Driver {
  #client: PGlite | undefined;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly dataDir: string) {}

  async init(): Promise<void> {
    // Created here, not in the constructor: building the Kysely object opens nothing (next build imports it).
    if (!this.dataDir.startsWith('memory://')) {
      mkdirSync(this.dataDir, { recursive: true });
      refuseOtherMajor(this.dataDir);
    }
    // pg_trgm: the mirror's substring searches (migration 0320).
    this.#client = await PGlite.create(this.dataDir, { extensions: { pg_trgm } });
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    const client = this.#client!;
    return {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const result = await client.query<R>(query.sql, [...query.parameters]);
        return {
          rows: result.rows,
          ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
        };
      },
      async *streamQuery() {
        throw new Error('PGlite does not support streaming queries.');
      },
    };
  }

  /**
   * Listens in turn with the queries (never inside another user's transaction, whose rollback would undo the
   * LISTEN). PGlite runs the listener while it reads the result of the statement that notified, so the
   * listener has run before that statement's caller continues.
   */
  async listen(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
    await this.acquireConnection();
    try {
      const unlisten = await this.#client!.listen(channel, () => onNotify());
      return async () => {
        await this.acquireConnection();
        try {
          await unlisten();
        } finally {
          await this.releaseConnection();
        }
      };
    } finally {
      await this.releaseConnection();
    }
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.#client?.close();
    this.#client = undefined;
  }
}

class PGliteDialect implements Dialect {
  readonly driver: PGliteDriver;
  constructor(dataDir: string) {
    this.driver = new PGliteDriver(dataDir);
  }
  createDriver() {
    return this.driver;
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

/** Opens nothing until the first query. */
export function connectConsoleDb(target: ConsoleDbTarget): ConsoleDbConnection {
  if ('url' in target) {
    const max = 10;
    // No parallel plans: the console's queries are many and short (a list page, a count stopped at its limit), and
    // a parallel plan starts worker processes for each. At 1,000,000 mirrored SKUs a search count whose workers
    // scanned for 1–20 ms took 80–160 ms to gather on two busy cores; the same scan alone takes ~20 ms.
    const pool = new pg.Pool({ connectionString: target.url, max, options: '-c max_parallel_workers_per_gather=0' });
    // An idle connection dropped by the server (restart, failover) must not crash the console; the pool
    // replaces it on the next query.
    pool.on('error', (error) =>
      logger().warn({ source: 'db', error: error.message }, 'console database: idle connection closed'),
    );
    // A connection a request holds between two queries (a transaction, a check that timed out) can also be
    // dropped; pg emits that on the client itself, where no listener means an uncaught exception.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<ConsoleDatabase>({ dialect: new PostgresDialect({ pool }) });
    const poolUse = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max });
    return { db, kind: 'postgres', watch: async () => null, poolUse, close: () => db.destroy() };
  }
  const dialect = new PGliteDialect(target.dataDir);
  const db = new Kysely<ConsoleDatabase>({ dialect });
  return {
    db,
    kind: 'pglite',
    async watch(channel, onNotify) {
      // Kysely opens the driver on its first query; listening needs it open.
      await sql`select 1`.execute(db);
      return dialect.driver.listen(channel, onNotify);
    },
    close: () => db.destroy(),
  };
}
