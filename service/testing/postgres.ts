import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throwaway PostgreSQL cluster on loopback for tests and benches: initdb into a temp folder, start
 * `postgres` on a free port, stop and delete on stop(). Postgres refuses to run as root, so as root the
 * cluster runs as Debian's `postgres` user (or a `pgtest` user created on the spot).
 */

export function findPgBin(): string | null {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export function postgresAvailable(): boolean {
  return findPgBin() !== null;
}

function userIds(name: string): { uid: number; gid: number } | null {
  const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (id.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** The uid/gid to run postgres as: ourselves unless we are root. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  let ids = userIds('postgres');
  if (!ids) {
    spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'pgtest']);
    ids = userIds('pgtest');
  }
  if (!ids) throw new Error('Cannot find or create a non-root user to run PostgreSQL');
  return ids;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface PostgresServer {
  /** Connection URL of the `postgres` database; use createDatabase() for an isolated one. */
  url: string;
  port: number;
  /** The postmaster's process id (benches read the cluster's CPU time from /proc). */
  pid: number;
  /** The folder of its Unix socket. */
  socketDir: string;
  /** `socket` gives a URL over the cluster's Unix socket: cheaper per query than TCP loopback (benches). */
  /** `template`: a copy of that database (of this cluster, nobody connected to it). */
  createDatabase(name?: string, options?: { socket?: boolean; template?: string }): Promise<string>;
  stop(): Promise<void>;
}

export interface StartPostgresOptions {
  /**
   * Durable settings (fsync on) for benchmarks; tests default to fsync off, which is safe for a
   * throwaway cluster and several times faster to write.
   */
  durable?: boolean;
  /** More `-c name=value` settings (benches: pg_stat_statements). */
  settings?: Record<string, string>;
}

let databaseCounter = 0;

/** Where a running cluster is: enough to open databases in it from another process. */
export interface ClusterAddress {
  url: string;
  port: number;
  pid: number;
  socketDir: string;
}

function clusterHandle({ url, port, pid, socketDir }: ClusterAddress): Omit<PostgresServer, 'stop'> {
  return {
    url,
    port,
    pid,
    socketDir,
    async createDatabase(name, options = {}) {
      // The process id alone can repeat across a run's worker processes sharing one cluster.
      const db = name ?? `test_${process.pid}_${++databaseCounter}_${randomBytes(3).toString('hex')}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const template = options.template ? ` template "${options.template.replace(/"/g, '')}"` : '';
        await client.query(`create database "${db.replace(/"/g, '')}"${template}`);
      } finally {
        await client.end();
      }
      return options.socket
        ? `postgres://postgres@/${db}?host=${encodeURIComponent(socketDir)}&port=${port}`
        : `postgres://postgres@127.0.0.1:${port}/${db}`;
    },
  };
}

/** Set by the test runner's set-up file (lib/testing/postgres.setup.ts) to the cluster started for the whole run. */
const RUN_CLUSTER = Symbol.for('test-run-postgres');

/**
 * A cluster for a test file's databases: the one the test run started (lib/testing/postgres.global.ts), each caller
 * getting databases of its own in it, or else a new one. The run's cluster outlives the file: its stop() does
 * nothing. Saves an initdb and a start (2–3 s of CPU) per file; a test of the cluster itself (a restart, a
 * terminated connection) calls startPostgres().
 */
export async function testCluster(): Promise<PostgresServer> {
  const address: unknown = Reflect.get(globalThis, RUN_CLUSTER);
  if (!isClusterAddress(address)) return startPostgres();
  return { ...clusterHandle(address), stop: async () => {} };
}

function isClusterAddress(value: unknown): value is ClusterAddress {
  return typeof value === 'object' && value !== null && 'url' in value && 'socketDir' in value;
}

export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (install postgresql and postgresql-contrib, or set PG_BIN)');
  const owner = runAs();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'service-pg-'));
  chmodSync(dir, 0o700);
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const spawnOptions = owner ? { uid: owner.uid, gid: owner.gid } : {};

  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', path.join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '-N'],
    {
      ...spawnOptions,
      encoding: 'utf8',
      cwd: dir,
    },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);

  const port = await freePort();
  const settings = [
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${dir}`,
    '-c',
    'max_connections=50',
    ...(options.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const child: ChildProcess = spawn(path.join(bin, 'postgres'), ['-D', path.join(dir, 'data'), ...settings], {
    ...spawnOptions,
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`postgres exited during start: ${stderr}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`postgres did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return {
    ...clusterHandle({ url, port, pid: child.pid ?? 0, socketDir: dir }),
    async stop() {
      if (!exited) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT'); // fast shutdown
        await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
        if (!exited) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
