#!/usr/bin/env node
/**
 * The cast budget (shared/design.md): `as unknown as` and `as never` tell the compiler to stop checking, so the
 * production code may hold at most `casts` of them (ceilings.json), each with a comment saying why, on its line or
 * in the three lines above. Fails listing every cast when there are more than the budget, or naming the casts without a why.
 * Run: `node scripts/house-rules/casts.mjs`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { productionFiles } from './walk.mjs';

const CAST = /\bas\s+unknown\s+as\b|\bas\s+never\b/g;
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*)|\*\/\s*$/;

/** Every cast in the production files under root: { file, line, why } (why: a comment stands beside it). */
export function findCasts(root) {
  const casts = [];
  for (const file of productionFiles(root)) {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((text, i) => {
      if (COMMENT_LINE.test(text) && !/\*\/.*\S/.test(text)) return;
      // String literals are words, not code (this file names the casts it looks for).
      const code = text.replace(/'[^']*'|"[^"]*"|`[^`]*`/g, "''").replace(/\/\/.*$/, '');
      for (const _ of code.matchAll(CAST)) {
        const why =
          /\/\/\s*\S/.test(code.length < text.length ? text.slice(code.length) : '') ||
          lines.slice(Math.max(0, i - 3), i).some((l) => COMMENT_LINE.test(l) || /\/\/\s*\S/.test(l));
        casts.push({ file, line: i + 1, why });
      }
    });
  }
  return casts;
}

/** The problems of a tree against a budget: empty when it keeps it. */
export function castProblems(casts, budget) {
  const problems = [];
  if (casts.length > budget) {
    problems.push(`${casts.length} casts (as unknown as / as never) in production code; the budget is ${budget}:`);
    for (const c of casts) problems.push(`  ${c.file}:${c.line}`);
  }
  for (const c of casts.filter((c) => !c.why))
    problems.push(`${c.file}:${c.line}: a cast without a comment saying why`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const { casts: budget } = JSON.parse(readFileSync(new URL('./ceilings.json', import.meta.url), 'utf8'));
  const casts = findCasts(root);
  const problems = castProblems(casts, budget);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(`casts: ${casts.length} of a budget of ${budget}`);
}
