import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium';
import { ROOT } from './processes';

// The BUILT console as the page benches run it: built once into its own folder, started by e2e/web-server.mjs
// (demo mode, embedded service), measured in Debian's Chromium.

/** Builds the console into `dist` when it has no build there yet, or when the bench was given --build. */
export function buildConsoleOnce(dist: string) {
  if (!process.argv.includes('--build') && existsSync(path.join(ROOT, dist, 'BUILD_ID'))) return;
  console.log(`Building the console into ${dist} …`);
  const build = spawnSync('npx', ['next', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NEXT_DIST_DIR: dist, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) throw new Error('next build failed');
}

let server: ChildProcess | undefined;

/** Stops the console `startBuiltConsole` started, with the process group its server spawned. */
export function stopConsole() {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.on('exit', stopConsole);
process.on('SIGINT', () => process.exit(130));

async function waitForServer(base: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/sign-in`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the console did not answer on ${base} within ${timeoutMs} ms`);
}

/** Runs a bench's `main`, then stops the console it started and exits: 0 when it finished, 1 when it threw. */
export function runBench(main: () => Promise<void>) {
  main().then(
    () => {
      stopConsole();
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      stopConsole();
      process.exit(1);
    },
  );
}

/**
 * Starts the built console of `dist` on `port` with its data folders (`dataEnv`: E2E_DATA_DIR, CONSOLE_DATA_DIR,
 * SERVICE_DATA_DIR) and resolves once its sign-in page answers.
 */
export async function startBuiltConsole(options: { dist: string; port: number; dataEnv: Record<string, string> }) {
  const base = `http://localhost:${options.port}`;
  server = spawn('node', ['e2e/web-server.mjs'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      E2E_PORT: String(options.port),
      NEXT_DIST_DIR: options.dist,
      CONSOLE_URL: base,
      ...options.dataEnv,
    },
  });
  await waitForServer(base, 240_000);
}

/** Builds `dist` if need be and starts it on `port` on fresh data in `data` (its console and service folders). */
export async function startFreshConsole(options: { dist: string; port: number; data: string }) {
  buildConsoleOnce(options.dist);
  rmSync(path.join(ROOT, options.data), { recursive: true, force: true });
  const { data } = options;
  await startBuiltConsole({
    ...options,
    dataEnv: { E2E_DATA_DIR: data, CONSOLE_DATA_DIR: `${data}/console`, SERVICE_DATA_DIR: `${data}/service` },
  });
}

/** Debian's Chromium (the full browser, as the figures were first taken with). */
export function launchChromium() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Signs in on `base`'s sign-in page as a demo account and waits until the console has left it. */
export async function signIn(page: Page, base: string, email: string) {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'), { timeout: 60_000 });
}
