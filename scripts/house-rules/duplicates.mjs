#!/usr/bin/env node
/**
 * The duplicate ceiling (shared/design.md): jscpd (a maintained copy/paste detector) counts the blocks of six or
 * more lines and 50 or more tokens that stand twice in the code, tests and benches included; the count may not
 * pass `duplicates` in ceilings.json. A new copy fails it: write the shared piece once and call it. When a
 * clean-up lowers the count, lower the ceiling with it.
 * Run: `node scripts/house-rules/duplicates.mjs` (extra paths after it are scanned too: the test adds a copy).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCANNED = ['app', 'components', 'lib', 'service', 'scripts', 'e2e', 'bench'];

/** jscpd's clones over the scanned folders (and any extra paths): [{ first, second }] as `file:start-end`. */
export function findClones(extra = []) {
  const out = mkdtempSync(path.join(tmpdir(), 'jscpd-'));
  try {
    const bin = path.join(ROOT, 'node_modules', '.bin', 'jscpd');
    const args = ['--config', path.join(ROOT, '.jscpd.json'), '--absolute', '--output', out, ...SCANNED, ...extra];
    execFileSync(bin, args, { cwd: ROOT, stdio: 'pipe' });
    const report = JSON.parse(readFileSync(path.join(out, 'jscpd-report.json'), 'utf8'));
    const at = (f) => `${path.relative(ROOT, f.name)}:${f.start}-${f.end}`;
    return report.duplicates.map((d) => ({ first: at(d.firstFile), second: at(d.secondFile) }));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { duplicates: ceiling } = JSON.parse(readFileSync(new URL('./ceilings.json', import.meta.url), 'utf8'));
  const clones = findClones(process.argv.slice(2));
  if (clones.length > ceiling) {
    console.error(`${clones.length} duplicated blocks (jscpd); the ceiling is ${ceiling}:`);
    for (const c of clones) console.error(`  ${c.first} ~ ${c.second}`);
    process.exit(1);
  }
  console.log(`duplicates: ${clones.length} blocks of a ceiling of ${ceiling}`);
}
