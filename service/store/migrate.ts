import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

/** Any constant works; it only has to be the same for every instance migrating the same database. */
const MIGRATION_LOCK = 7_263_001;

function migrationsDir(): string {
  const candidates: string[] = [];
  try {
    // A path, not `new URL('./migrations/', import.meta.url)`: bundlers try to resolve that form as an asset.
    candidates.push(path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'));
  } catch {
    // Bundled (for example inside the console's server build): import.meta.url is not a file URL.
  }
  candidates.push(path.join(process.cwd(), 'service', 'store', 'migrations'));
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`Service migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export function listMigrations(): { name: string; sql: string }[] {
  const dir = migrationsDir();
  return readdirSync(dir)
    .filter((f) => /^\d{3}-[a-z0-9-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

/**
 * Applies the migrations not yet recorded, in file-name order, in one transaction. The advisory lock
 * makes several instances starting against one Postgres take turns instead of racing.
 */
export async function migrate(db: Db): Promise<string[]> {
  const migrations = listMigrations();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}
