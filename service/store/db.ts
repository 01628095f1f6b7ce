import { readFile, mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/**
 * The one storage seam of the reference service: parameterised SQL on embedded PGlite or a real Postgres.
 * Both engines return int8 and numeric columns as JS numbers (ids stay below 2^53; money and quantities
 * are numeric(20,4), exact in Postgres, converted only on the way out) and timestamptz as Date.
 */
export type Row = Record<string, unknown>;

/**
 * A statement that Postgres parses and plans once per connection instead of on every call: for the few
 * run on every request (authentication, single-record reads), where parsing and planning were more than
 * half of the database's work. Only fixed SQL texts: each one stays prepared on every pooled connection.
 */
export interface PreparedSql {
  readonly text: string;
  readonly name: string;
}

let preparedCount = 0;
export function prepared(text: string): PreparedSql {
  return { text, name: `svc_${++preparedCount}` };
}

const sqlText = (sql: string | PreparedSql) => (typeof sql === 'string' ? sql : sql.text);

export interface Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** One parameterised statement; `$1…` placeholders. */
  query<T = Row>(sql: string | PreparedSql, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations, savepoints). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs `fn` in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const INT8 = 20;
const NUMERIC = 1700;
const toNumber = (value: string) => Number(value);

// ---------- PGlite ----------

export interface PgliteOptions {
  /** A folder for the data files; omitted means in memory. */
  dataDir?: string;
}

/** The Postgres major of the installed PGlite (0.6.x); a folder another major made does not open. */
const PGLITE_POSTGRES_MAJOR = '19';

/** A folder made by PGlite 0.5 (Postgres 18) fails to open with an unhelpful error: say what it is and what to do. */
async function refuseOtherMajor(dataDir: string): Promise<void> {
  const made = (await readFile(`${dataDir}/PG_VERSION`, 'utf8').catch(() => '')).trim();
  if (made && made !== PGLITE_POSTGRES_MAJOR) {
    throw new Error(
      `${dataDir} holds a PostgreSQL ${made} database; this PGlite runs PostgreSQL ${PGLITE_POSTGRES_MAJOR} and cannot ` +
        'open it. Demo data: delete the folder and it is seeded again. Data to keep: see the README, "Upgrading PGlite".',
    );
  }
}

export async function openPglite(options: PgliteOptions = {}): Promise<Db> {
  // PGlite creates only the last folder of the path; `--data .data/service` on a fresh clone needs `.data` too.
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  if (options.dataDir) await refuseOtherMajor(options.dataDir);
  const lite = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber },
  });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    engine: 'pglite',
    async query<T>(sql: string | PreparedSql, params: unknown[] = []) {
      const result = await q.query<T>(sqlText(sql), params);
      return result.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(lite);
  return {
    ...base,
    transaction: (fn) => lite.transaction((tx) => fn(wrap(tx))),
    close: () => lite.close(),
  };
}

// ---------- Postgres (node-postgres pool) ----------

const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === INT8 || oid === NUMERIC) return toNumber;
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

export interface PostgresOptions {
  url: string;
  max?: number;
}

export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10, types: pgTypes });
  // A broken idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor a connection dropped while checked out between two queries (pg emits that on the client).
  pool.on('connect', (client) => client.on('error', () => {}));
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    engine: 'postgres',
    async query<T>(sql: string | PreparedSql, params: unknown[] = []) {
      const result = await q.query(
        typeof sql === 'string' ? { text: sql, values: params } : { text: sql.text, name: sql.name, values: params },
      );
      return result.rows as T[];
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  const base = wrap(pool);
  return {
    ...base,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
