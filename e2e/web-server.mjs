// Starts the built console for Playwright: fresh data folders, demo mode, `next start` (no build here).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const port = process.env.E2E_PORT ?? '3900';
const dataDir = process.env.E2E_DATA_DIR ?? '.data/e2e';
const distDir = process.env.NEXT_DIST_DIR ?? '.next';

if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
  console.error(`No build in ${distDir}. Run \`NEXT_DIST_DIR=${distDir} npx next build\` (or \`npm run build\`) first.`);
  process.exit(1);
}
// Guard against wiping something that is not a test folder.
if (!path.resolve(dataDir).startsWith(path.resolve('.data'))) {
  console.error(`E2E_DATA_DIR must be under .data/ (got ${dataDir}).`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });

const next = createRequire(import.meta.url).resolve('next/dist/bin/next');
const child = spawn(process.execPath, [next, 'start', '-p', port], {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, DEMO_MODE: '1', NEXT_TELEMETRY_DISABLED: '1' },
});
// The server's output also goes to E2E_DATA_DIR/server.log, so e2e/security.spec.ts can check that no
// log line carries the upstream secret.
mkdirSync(dataDir, { recursive: true });
const log = createWriteStream(path.join(dataDir, 'server.log'));
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  log.write(chunk);
});
child.stderr.on('data', (chunk) => {
  process.stderr.write(chunk);
  log.write(chunk);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
