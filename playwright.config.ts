import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/support/chromium';
import { METRICS_TOKEN } from './e2e/support/server-log';

/**
 * End-to-end tests against the BUILT console (`next build` first; CI runs `npm run build` before this), in
 * demo mode with fresh data folders. Each helper can run its own copy side by side:
 *   E2E_PORT=3100 NEXT_DIST_DIR=.next-auth E2E_DATA_DIR=.data/auth/e2e npx playwright test
 */
const port = Number(process.env.E2E_PORT ?? 3900);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? '.data/e2e';
// The consoles the specs start (this config's server and those started by specs, which inherit this
// environment) keep no mirror until the lists read it: its passes would add History entries ("outside the
// console") for the specs' own direct /v1 writes. The mirror's behaviour is tested in lib/server/mirror.
process.env.MIRROR ??= 'off';

// Debian's chromium-headless-shell is the same Chromium build (Blink, V8, fonts) without the browser's window and
// UI layers, the kind of browser Playwright itself runs headless. It needs about half the CPU of headless
// /usr/bin/chromium for the same specs (on three specs: 124 s of Chromium CPU against 235 s, the run 140 s against
// 178 s on two cores), so the suite uses it when it is installed. E2E_CHROMIUM picks another binary.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const CHROMIUM_LAUNCH = {
  executablePath: process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: CHROMIUM_ARGS,
};

/** Specs that start imports, exports, bulk edits or quota refreshes through the screens (see `workers` below). */
const JOB_SPECS =
  /\/(approvals|dates-and-words|find|fix-links|history|imports|phone-lists|predict|quotas|quotas-instances|rejections|rejections-sent|revert|round-trip|round-trip-families|words|workbench)\.spec\.ts$/;

/**
 * Specs that change what every signed-in person of a role meets (two-factor required for stewards): they run on
 * their own once the others are done, or a steward's page elsewhere would open on the two-factor set-up instead.
 */
const ALONE_SPECS = /\/two-factor\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/${process.env.NEXT_DIST_DIR ?? '.next'}`,
  fullyParallel: false,
  // Two spec files at a time: one browser and one server leave most of a core idle. (Three were tried: each test
  // ran slower, the whole run about as long, and the two specs that start a console with the mirror of their own
  // could not get its first copy within 90 s.) The specs share the demo data, so each uses records of its own;
  // fullyParallel stays off so a file's tests keep their order. The console runs one import per family, one export
  // per person and one quota refresh at a time: the specs that start those run one after another in the `jobs`
  // project, beside the others.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    // Recording a trace costs more than the test: on two specs Chromium used 251 s of CPU with a trace kept for every
    // test, 83 s without. CI retries a failed test once, with a trace; locally, `--trace retain-on-failure` asks for one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'jobs',
      testMatch: JOB_SPECS,
      workers: 1,
      use: { ...devices['Desktop Chrome'], launchOptions: CHROMIUM_LAUNCH },
      dependencies: ['setup'],
    },
    {
      name: 'chromium',
      testIgnore: [JOB_SPECS, ALONE_SPECS],
      use: { ...devices['Desktop Chrome'], launchOptions: CHROMIUM_LAUNCH },
      dependencies: ['setup'],
    },
    {
      name: 'alone',
      testMatch: ALONE_SPECS,
      use: { ...devices['Desktop Chrome'], launchOptions: CHROMIUM_LAUNCH },
      dependencies: ['jobs', 'chromium'],
    },
  ],
  webServer: {
    // Wipes E2E_DATA_DIR, then `next start` on the existing build; never rebuilds.
    command: 'node e2e/web-server.mjs',
    // Ready once the embedded /v1 service answers (an unsigned call gets 401 after it has migrated and
    // seeded); web-server.mjs warms the console database at the same time.
    url: `${baseURL}/v1/product-categories?pageSize=1`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      E2E_PORT: String(port),
      E2E_DATA_DIR: dataDir,
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next',
      DEMO_MODE: '1',
      NEXT_TELEMETRY_DISABLED: '1',
      CONSOLE_URL: baseURL,
      CONSOLE_DATA_DIR: `${dataDir}/console`,
      SERVICE_DATA_DIR: `${dataDir}/service`,
      // Every spec signs in from 127.0.0.1; the limit itself is proven in lib/server/auth/auth.test.ts.
      AUTH_SIGN_IN_MAX_ATTEMPTS: '200',
      METRICS_TOKEN,
      MIRROR: process.env.MIRROR,
    },
  },
  // After every run: no line of the server's log carries a secret, password, cookie or signature.
  globalTeardown: './e2e/log-check.ts',
});
