#!/usr/bin/env node
/**
 * Checks that nothing but lib/server/history writes the audit tables (audit_log, audit_change): every source of
 * History goes through its one writer, so every entry has the same shape. dependency-cruiser sees imports, not
 * SQL, so this reads the production code for statements that insert into, update or delete from those tables
 * (raw SQL or Kysely's insertInto / updateTable / deleteFrom). Migrations (the tables' own shape) and tests (which
 * may set up rows) are left out, and so are benches (their fixtures fill the tables in bulk).
 *
 * Exits 1 listing each file:line that writes them elsewhere; else exits 0. Run: `node scripts/check-one-history-writer.mjs`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['lib', 'app', 'components', 'scripts', 'service', 'server.ts'];
const ALLOWED = [/^lib\/server\/history\//, /^lib\/server\/db\/migrations\//];
const SKIPPED_DIRS = new Set(['node_modules', 'testing']);
const TEST = /\.test\.tsx?$/;
const TABLE = '["\'`]?audit_(?:log|change)\\b';
const WRITES = [
  new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+${TABLE}`, 'i'),
  new RegExp(`\\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\\(\\s*${TABLE}`),
];

function* files(rel) {
  const full = path.join(ROOT, rel);
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    if (/\.(ts|tsx|mjs|js)$/.test(rel)) yield rel;
    return;
  }
  for (const entry of entries) {
    const child = path.posix.join(rel, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* files(child);
    } else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && !TEST.test(entry.name)) yield child;
  }
}

/** The file:line of each write to the audit tables outside the writer. */
export function strayWrites() {
  const found = [];
  for (const root of SCANNED)
    for (const file of files(root)) {
      if (ALLOWED.some((re) => re.test(file)) || file === 'scripts/check-one-history-writer.mjs') continue;
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (WRITES.some((re) => re.test(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
  return found;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = strayWrites();
  if (found.length) {
    console.error('The audit tables are written outside lib/server/history (use writeHistory):');
    for (const line of found) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log('The audit tables are written by lib/server/history only.');
}
