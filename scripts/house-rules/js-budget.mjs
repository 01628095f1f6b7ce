#!/usr/bin/env node
/**
 * The first-load JavaScript budget (issue 65): what a phone downloads, parses and runs before a page answers. Next's
 * build writes each route's first-load chunks and their size to <distDir>/diagnostics/route-bundle-stats.json; this
 * check fails when a route's first-load JavaScript (uncompressed, what the phone parses) passes its ceiling in
 * js-budget.json, or when a route has no ceiling. Ceilings only go down: lower one in the commit that shrinks a page.
 * Run after a build: `node scripts/house-rules/js-budget.mjs` (NEXT_DIST_DIR picks the build, as next.config does).
 * Without a build it says so and passes, so `npm run checks` can run before the first build; likewise with a build
 * older than the sources it would judge (a developer's last build, not the tree being checked). `npm run
 * build:checked` (what `npm test` and CI build with) always runs it on the build it has just made.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const KIB = 1024;

/** The problems of a build's route sizes against the budget's ceilings (KiB): empty when every route keeps it. */
export function budgetProblems(stats, ceilings) {
  const problems = [];
  for (const { route, firstLoadUncompressedJsBytes: bytes } of stats) {
    const kib = bytes / KIB;
    const ceiling = ceilings[route];
    if (ceiling === undefined) problems.push(`${route}: ${kib.toFixed(1)} KiB of first-load JavaScript and no ceiling`);
    else if (kib > ceiling)
      problems.push(`${route}: ${kib.toFixed(1)} KiB of first-load JavaScript; the ceiling is ${ceiling} KiB`);
  }
  return problems;
}

/** What the browser's code is built from: a file changed after the build means the build is not this tree's. */
const SOURCES = ['app', 'components', 'lib', 'messages', 'next.config.ts', 'package-lock.json'];

function changedSince(root, time) {
  for (const source of SOURCES) {
    const at = path.join(root, source);
    if (!existsSync(at)) continue;
    const files = statSync(at).isDirectory()
      ? readdirSync(at, { recursive: true }).map((f) => path.join(at, String(f)))
      : [at];
    const newer = files.find((f) => statSync(f).mtimeMs > time);
    if (newer) return path.relative(root, newer);
  }
  return null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const file = path.join(root, process.env.NEXT_DIST_DIR || '.next', 'diagnostics', 'route-bundle-stats.json');
  if (!existsSync(file)) {
    console.log(`first-load JavaScript: no build at ${path.relative(root, file)}, not checked`);
    process.exit(0);
  }
  const newer = changedSince(root, statSync(file).mtimeMs);
  if (newer) {
    console.log(
      `first-load JavaScript: the build at ${path.relative(root, file)} is older than ${newer}, not checked ` +
        '(npm run build:checked builds and checks)',
    );
    process.exit(0);
  }
  const stats = JSON.parse(readFileSync(file, 'utf8'));
  const { routes } = JSON.parse(readFileSync(new URL('./js-budget.json', import.meta.url), 'utf8'));
  const problems = budgetProblems(stats, routes);
  const largest = stats.reduce((a, b) => (b.firstLoadUncompressedJsBytes > a.firstLoadUncompressedJsBytes ? b : a));
  if (problems.length > 0) {
    console.error(['First-load JavaScript over budget (scripts/house-rules/js-budget.json):', ...problems].join('\n'));
    process.exit(1);
  }
  console.log(
    `first-load JavaScript: ${stats.length} routes within budget; the largest ${largest.route} ` +
      `${(largest.firstLoadUncompressedJsBytes / KIB).toFixed(1)} KiB`,
  );
}
