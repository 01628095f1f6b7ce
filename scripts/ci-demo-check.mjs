#!/usr/bin/env node
// CI's check that the product starts on this Node (`.ci/run` runs it on the machine's own Node after the suite ran
// on Node 24): `npm run demo` on fresh data folders and the existing build, then /api/ready must answer 200 and the
// sign-in page must show its form; then it stops the demo with SIGTERM. Exits 1, with the demo's output, if not.
//   PORT=3998 node scripts/ci-demo-check.mjs
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT || '3998';
const dataDir = path.join(root, '.data', 'ci-demo');
const base = `http://127.0.0.1:${port}`;
const READY_WITHIN_MS = 180_000;

rmSync(dataDir, { recursive: true, force: true });
const demo = spawn(process.execPath, [path.join(root, 'scripts', 'demo.mjs')], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    CONSOLE_URL: base,
    CONSOLE_DATA_DIR: path.join(dataDir, 'console'),
    SERVICE_DATA_DIR: path.join(dataDir, 'service'),
  },
});
let output = '';
for (const stream of [demo.stdout, demo.stderr]) stream.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => demo.once('exit', resolve));

function fail(why) {
  console.error(`demo check on Node ${process.version}: ${why}\n--- the demo printed ---\n${output.slice(-8000)}`);
  demo.kill('SIGKILL');
  process.exit(1);
}

async function get(pathname) {
  const response = await fetch(`${base}${pathname}`, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  return { status: response.status, text: await response.text() };
}

const started = Date.now();
let ready = null;
while (Date.now() - started < READY_WITHIN_MS) {
  if (demo.exitCode !== null) fail(`the demo exited with code ${demo.exitCode} before it was ready`);
  ready = await get('/api/ready').catch(() => null);
  if (ready?.status === 200) break;
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
if (ready?.status !== 200)
  fail(`/api/ready did not answer 200 within ${READY_WITHIN_MS / 1000} s (last: ${ready?.status})`);

const signIn = await get('/sign-in');
if (signIn.status !== 200 || !signIn.text.includes('type="password"') || !signIn.text.includes('Sign in')) {
  fail(`the sign-in page answered ${signIn.status} without its form`);
}

demo.kill('SIGTERM');
const stopped = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 30_000))]);
if (!stopped) fail('the demo did not stop within 30 s of SIGTERM');
console.log(
  `demo check on Node ${process.version}: ready in ${Math.round((Date.now() - started) / 1000)} s, sign-in page served, stopped`,
);
