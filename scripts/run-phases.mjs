#!/usr/bin/env node
/**
 * Runs npm scripts one after another, stopping at the first that fails, and prints how long each took: `npm test`
 * is its phases (checks, unit and integration, build, browser tests), and CI's answer time is theirs to share.
 * The table also goes to .cache/phases.txt, which .ci/run prints at its end beside its own steps.
 * Run: `node scripts/run-phases.mjs checks test:unit build:checked test:e2e`.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';

const rows = [];
const report = () => {
  const lines = rows.map(
    ([name, s, ok]) => `${name.padEnd(16)} ${`${s.toFixed(0)} s`.padStart(7)}${ok ? '' : '  failed'}`,
  );
  console.log(`\nnpm test, by phase:\n${lines.join('\n')}`);
  mkdirSync('.cache', { recursive: true });
  appendFileSync('.cache/phases.txt', `${lines.map((l) => `npm test: ${l}`).join('\n')}\n`);
};
for (const script of process.argv.slice(2)) {
  const start = performance.now();
  const { status } = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  const ok = status === 0;
  rows.push([script, (performance.now() - start) / 1000, ok]);
  if (!ok) {
    report();
    process.exit(status ?? 1);
  }
}
report();
