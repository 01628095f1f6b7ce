#!/usr/bin/env node
/**
 * Checks that docs/architecture.md names every folder of the code it describes, and no folder that is gone.
 *
 * The folders: every directory under lib/server, lib/files, lib/imports, lib/contract, lib/client and service
 * (the roots included), recursively; `testing/` folders (test helpers) and node_modules are left out, and so is
 * a directory holding no file at all (git keeps none, so a fresh clone has none). The page names a folder as a
 * backticked path ending in a slash, e.g. `lib/server/mirror/`.
 *
 * Exits 1, listing (a) folders in the tree the page does not name and (b) folders the page names that do not
 * exist; else prints how many folders it names and exits 0. Run: `node scripts/check-architecture-doc.mjs`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['lib/server', 'lib/files', 'lib/imports', 'lib/contract', 'lib/client', 'service'];
const DOC = 'docs/architecture.md';
const SKIPPED = new Set(['testing', 'node_modules']);

/** True when the directory holds a file somewhere below it. */
function holdsFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile()) return true;
    if (entry.isDirectory() && holdsFiles(path.join(dir, entry.name))) return true;
  }
  return false;
}

/** Every folder under `rel` (itself included), as `a/b/` paths relative to the repository. */
function foldersUnder(rel) {
  const abs = path.join(ROOT, rel);
  if (!existsSync(abs) || !statSync(abs).isDirectory() || !holdsFiles(abs)) return [];
  const out = [`${rel}/`];
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    if (!entry.isDirectory() || SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
    out.push(...foldersUnder(`${rel}/${entry.name}`));
  }
  return out;
}

const tree = new Set(ROOTS.flatMap(foldersUnder));

const docPath = path.join(ROOT, DOC);
if (!existsSync(docPath)) {
  console.error(`${DOC} does not exist.`);
  process.exit(1);
}
const text = readFileSync(docPath, 'utf8');
const named = new Set();
for (const match of text.matchAll(/`([^`\s]+\/)`/g)) {
  const folder = match[1].replace(/^\.\//, '');
  if (ROOTS.some((root) => folder === `${root}/` || folder.startsWith(`${root}/`))) named.add(folder);
}

const unnamed = [...tree].filter((folder) => !named.has(folder)).sort();
// A named folder that exists but is skipped above (a testing/ folder) is not an error: it is still there.
const gone = [...named].filter((folder) => !tree.has(folder) && !existsSync(path.join(ROOT, folder))).sort();

if (unnamed.length || gone.length) {
  if (unnamed.length) {
    console.error(`Folders in the tree that ${DOC} does not name (add a row for each to its folder table):`);
    for (const folder of unnamed) console.error(`  ${folder}`);
  }
  if (gone.length) {
    console.error(`Folders ${DOC} names that do not exist (remove or rename them):`);
    for (const folder of gone) console.error(`  ${folder}`);
  }
  process.exit(1);
}
console.log(`${DOC} names all ${tree.size} folders`);
