// Starts the built console for Playwright: fresh data folders, demo mode, the console's server.ts on the build
// (no build here).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const port = process.env.E2E_PORT ?? '3900';
const dataDir = process.env.E2E_DATA_DIR ?? '.data/e2e';
const distDir = process.env.NEXT_DIST_DIR ?? '.next';

if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
  console.error(
    `No build in ${distDir}. Run \`NEXT_DIST_DIR=${distDir} npx next build\` (or \`npm run build\`) first.`,
  );
  process.exit(1);
}
// Guard against wiping something that is not a test folder.
if (!path.resolve(dataDir).startsWith(path.resolve('.data'))) {
  console.error(`E2E_DATA_DIR must be under .data/ (got ${dataDir}).`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
// The embedded service creates only its own last folder level.
mkdirSync(dataDir, { recursive: true });

const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'server.ts', '-p', port], {
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

// Playwright waits for the embedded /v1 service (its first request migrates and seeds it); meanwhile open
// the console database too (migrations, demo accounts), so no test pays either cold start.
(async () => {
  for (let i = 0; i < 240 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/sign-in`)).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
})();
