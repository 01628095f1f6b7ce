import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CONSOLE_SERVER } from './console-process';

/**
 * A second console on the same build, in remote mode, whose upstream is the reference service behind a
 * fault switch (fault-upstream.ts). Started by the one spec that needs it, so the rest of the suite
 * pays nothing. Ports sit 1000 and 2000 above E2E_PORT, so helpers running side by side do not collide.
 */
export interface FaultStack {
  consoleUrl: string;
  admin: { email: string; password: string };
  fault(rule: { rule: 'apply-then-500' | 'swap-created-status'; method?: string; path?: string } | null): Promise<void>;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

async function waitFor(url: string, child: ChildProcess, label: string, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${label} did not start within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function startFaultStack(): Promise<FaultStack> {
  const base = Number(process.env.E2E_PORT ?? 3900);
  const upstreamPort = base + 1000;
  const consolePort = base + 2000;
  const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e', 'fault-console');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const admin = { email: 'fault-admin@example.com', password: 'fault-admin-password-42' };
  const output = process.env.E2E_FAULT_LOG ? 'inherit' : 'ignore';

  const upstream = spawn(
    process.execPath,
    [require.resolve('tsx/cli'), 'e2e/support/fault-upstream.ts', String(upstreamPort)],
    {
      stdio: ['ignore', output, output],
    },
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    UPSTREAM_BASE_URL: `http://127.0.0.1:${upstreamPort}`,
    UPSTREAM_CLIENT_ID: 'demo-erp',
    UPSTREAM_CLIENT_SECRET: 'demo-erp-secret',
    CONSOLE_URL: `http://localhost:${consolePort}`,
    CONSOLE_DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: 'fault-stack-auth-secret-'.padEnd(48, 'x'),
    CONSOLE_ADMIN_EMAIL: admin.email,
    CONSOLE_ADMIN_PASSWORD: admin.password,
    NEXT_TELEMETRY_DISABLED: '1',
    // Its admin signs in with the password alone; two-factor has a spec of its own (two-factor.spec.ts).
    AUTH_TWO_FACTOR_ADMINS: 'off',
  };
  delete env.DEMO_MODE;
  const consoleProcess = spawn(process.execPath, [...CONSOLE_SERVER, '-p', String(consolePort)], {
    stdio: ['ignore', output, output],
    env,
  });
  const stop = async () => {
    await Promise.all([stopChild(consoleProcess), stopChild(upstream)]);
  };
  try {
    await waitFor(`http://127.0.0.1:${upstreamPort}/__fault`, upstream, 'fault upstream');
    await waitFor(`http://localhost:${consolePort}/sign-in`, consoleProcess, 'fault console');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    consoleUrl: `http://localhost:${consolePort}`,
    admin,
    fault: async (rule) => {
      const res = await fetch(`http://127.0.0.1:${upstreamPort}/__fault`, {
        method: 'POST',
        body: JSON.stringify(rule ?? { rule: null }),
      });
      if (!res.ok) throw new Error(`fault switch answered ${res.status}`);
    },
    stop,
  };
}
