import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { createService, DEFAULT_DATA_DIR } from './app';
import { SeedError } from './seed/load';

const HELP = `Reference /v1 master-data service

Usage: npm run service -- [--seed FILE] [--port PORT] [--host HOST] [--memory | --data DIR | --database URL]

  --seed FILE      seed file (contract §5); default service/seed/demo.json. Loaded only into an empty database.
  --port PORT      port to listen on; default 4010
  --host HOST      interface to listen on; default 127.0.0.1
  --memory         embedded PGlite in memory (nothing kept)
  --data DIR       embedded PGlite data folder; default ${DEFAULT_DATA_DIR}
  --database URL   a PostgreSQL server (DATABASE_URL is used when no storage option is given)
  --sandbox        sandbox mode (also SANDBOX_DEBUG=1): a 401 for a signature mismatch carries the canonical
                   string the service built and its body hash. Never in production.

Demo credentials (demo seed): client id demo-erp, secret demo-erp-secret (tenant formosa).
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        seed: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        memory: { type: 'boolean' },
        data: { type: 'string' },
        database: { type: 'string' },
        sandbox: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
  }
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const storage = [values.memory, values.data, values.database].filter(Boolean).length;
  if (storage > 1) fail('Choose one of --memory, --data DIR or --database URL.');
  const port = Number(values.port ?? '4010');
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, got ${values.port}`);
  const host = values.host ?? '127.0.0.1';
  const seed = values.seed ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed', 'demo.json');

  let service;
  try {
    service = await createService({
      seed,
      memory: values.memory,
      dataDir: values.data,
      databaseUrl: values.database,
      sandbox: values.sandbox || process.env.SANDBOX_DEBUG === '1',
      log: (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`),
    });
  } catch (error) {
    if (error instanceof SeedError) fail(error.message);
    throw error;
  }

  const server = serve({ fetch: service.fetch, hostname: host, port }, (info) => {
    const where =
      values.database || process.env.DATABASE_URL
        ? 'postgres'
        : values.memory
          ? 'memory'
          : (values.data ?? DEFAULT_DATA_DIR);
    process.stdout.write(`Reference service on http://${host}:${info.port}/v1 (storage: ${where}, seed: ${seed})\n`);
  });
  // Longer than clients keep an idle connection (often 60 s): closing first races their next write (a reset).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  const stop = () => {
    server.close();
    void service.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
