#!/usr/bin/env node
/**
 * Checks that docs/architecture.md names every folder of the code it describes, and no folder that is gone.
 *
 * The folders: every directory under lib/server, lib/files, lib/imports, lib/contract, lib/client and service
 * (the roots included), recursively; `testing/` folders (test helpers) and node_modules are left out, and so is
 * a directory holding no file at all (git keeps none, so a fresh clone has none). The page names a folder as a
 * backticked path ending in a slash, e.g. `lib/server/mirror/`.
 *
 * The layers: the drawing in "The layers" names, on one line each, the folders of lib/server in each tier of the
 * features (flows, money, records) and in infrastructure. Those lines must list exactly the folders
 * scripts/server-layers.cjs gives each (the lists dependency-cruiser's rules read), and every folder of lib/server
 * must be in one of them or among the others that file names (entry points, the runtime, testing).
 *
 * Exits 1, listing (a) folders in the tree the page does not name, (b) folders the page names that do not
 * exist, (c) each tier the drawing and the rules disagree on, (d) folders of lib/server in no layer and (e) a
 * feature keeping a testing/ folder of its own (its helpers belong in lib/server/testing); else
 * prints how many folders it names and exits 0. Run: `node scripts/check-architecture-doc.mjs`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
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

const LAYERS = createRequire(import.meta.url)('./server-layers.cjs');
const DRAWN = { flows: 'FLOWS', money: 'MONEY', records: 'RECORDS', infrastructure: 'INFRA' };
const tierErrors = [];
for (const [drawn, key] of Object.entries(DRAWN)) {
  const line = text.match(new RegExp(`^\\s*${drawn}\\s+lib/server/ (.+)$`, 'm'));
  const onPage = new Set(line ? line[1].trim().split(/\s+/) : []);
  const inRules = new Set(LAYERS[key]);
  const missing = [...inRules].filter((f) => !onPage.has(f));
  const extra = [...onPage].filter((f) => !inRules.has(f));
  if (!line) tierErrors.push(`the drawing has no line "${drawn}  lib/server/ ..."`);
  else if (missing.length || extra.length)
    tierErrors.push(
      `${drawn}: the rules (scripts/server-layers.cjs) have ${missing.join(', ') || 'nothing more'}, ` +
        `the drawing has ${extra.join(', ') || 'nothing more'}`,
    );
}
const layered = new Set([...LAYERS.FLOWS, ...LAYERS.MONEY, ...LAYERS.RECORDS, ...LAYERS.INFRA, ...LAYERS.OTHERS]);
const unlayered = [...tree]
  .map((folder) => folder.match(/^lib\/server\/([^/]+)\/$/)?.[1])
  .filter((name) => name && !layered.has(name))
  .sort();

// Some helpers load the runtime, which stands above every feature: the features' helpers live in lib/server/testing.
const featureHelpers = [...LAYERS.FLOWS, ...LAYERS.MONEY, ...LAYERS.RECORDS]
  .map((name) => `lib/server/${name}/testing/`)
  .filter((folder) => existsSync(path.join(ROOT, folder)));

if (unnamed.length || gone.length || tierErrors.length || unlayered.length || featureHelpers.length) {
  if (featureHelpers.length) {
    console.error('Test helpers inside a feature (move them to lib/server/testing/):');
    for (const folder of featureHelpers) console.error(`  ${folder}`);
  }
  if (tierErrors.length) {
    console.error(`The layers drawn in ${DOC} and the tiers of the dependency rules disagree:`);
    for (const error of tierErrors) console.error(`  ${error}`);
  }
  if (unlayered.length) {
    console.error(
      'Folders of lib/server in no layer (add each to a tier in scripts/server-layers.cjs and the drawing):',
    );
    for (const name of unlayered) console.error(`  lib/server/${name}/`);
  }
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
