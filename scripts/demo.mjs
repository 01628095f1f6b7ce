#!/usr/bin/env node
// `npm run demo`: builds the console if the build is missing or older than the sources, then serves it in
// demo mode (embedded /v1 service, demo seed, demo accounts) on one port and prints where and how to sign in.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoReadyMessage, demoStartArgs } from './demo-options.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const port = process.env.PORT || '3000';
const distDir = process.env.NEXT_DIST_DIR || '.next';
const url = process.env.CONSOLE_URL || `http://localhost:${port}`;
const env = {
  ...process.env,
  DEMO_MODE: '1',
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: distDir,
  // Session cookies and CSRF checks are tied to the public origin.
  CONSOLE_URL: url,
};
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
// The console's own server (server.ts) serves the build; it takes `next start`'s arguments.
const SERVER = ['--conditions=react-server', '--import', 'tsx', 'server.ts'];

/** Everything whose change needs a new build. Tests and benches do not. */
const SOURCES = [
  'app',
  'components',
  'lib',
  'service',
  'messages',
  'public',
  'proxy.ts',
  'next.config.ts',
  'postcss.config.mjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return /\.(test|spec)\.[jt]sx?$/.test(entry) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

function buildIsStale() {
  const buildId = path.join(distDir, 'BUILD_ID');
  if (!existsSync(buildId)) return 'no build yet';
  const built = statSync(buildId).mtimeMs;
  const newest = Math.max(...SOURCES.map(newestMtime));
  return newest > built ? 'sources changed since the last build' : null;
}

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, ...args], { stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`next ${args[0]} exited with code ${code}`)),
    );
  });
}

const startArgs = demoStartArgs(process.env);
const listenHost = startArgs.at(-1);
// Any-interface addresses are reached through loopback; a named interface through itself.
const probeHost = ['0.0.0.0', '::'].includes(listenHost)
  ? '127.0.0.1'
  : listenHost.includes(':')
    ? `[${listenHost}]`
    : listenHost;

async function waitUntilReady(child) {
  // The first request migrates the databases, seeds the service and creates the demo accounts.
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) return false;
    try {
      const response = await fetch(`http://${probeHost}:${port}/sign-in`, { redirect: 'manual' });
      if (response.status < 500) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return false;
}

const reason = buildIsStale();
if (reason) {
  console.log(`Building the console (${reason})…`);
  await run(['build']);
}

console.log(`Starting the console in demo mode on ${listenHost}, port ${port}…`);
const server = spawn(process.execPath, [...SERVER, ...startArgs], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

if (await waitUntilReady(server)) console.log(demoReadyMessage(url));
