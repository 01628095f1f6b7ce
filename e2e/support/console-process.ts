import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createService, type Service } from '@/service';

/**
 * Real console processes (the console's server.ts on the e2e build) for tests about processes rather than pages: two
 * instances on one Postgres, a console killed mid-job. Their /v1 upstream is a reference service served
 * over HTTP from the test process, so the test counts every quota read where the service receives it.
 */

export interface CountingService {
  url: string;
  /** Company id → number of GETs of its credit quota, and of its point quota. */
  reads: { credit: Map<number, number>; point: Map<number, number> };
  close(): Promise<void>;
}

export async function startCountingService(options: { delayMs: number }): Promise<CountingService> {
  const service: Service = await createService({ memory: true, seed: 'service/seed/demo.json' });
  const reads = { credit: new Map<number, number>(), point: new Map<number, number>() };
  const server = serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: async (request: Request) => {
      const m = /\/v1\/companies\/(\d+)\/(credit|point)-quota$/.exec(new URL(request.url).pathname);
      if (m && request.method === 'GET') {
        // A slower upstream, so a refresh of 220 companies lasts long enough to kill the console mid-way.
        await new Promise((r) => setTimeout(r, options.delayMs));
        const map = reads[m[2] as 'credit' | 'point'];
        map.set(Number(m[1]), (map.get(Number(m[1])) ?? 0) + 1);
      }
      return service.fetch(request);
    },
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reads,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
    },
  };
}

export interface ConsoleProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** SIGKILL to the process group: no shutdown hook, no flush, like a crash or `kill -9`. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  /** What the console printed so far (its JSON log lines and any error), for a failing test to show. */
  output(): string;
}

/** The console's own server (server.ts), as `npm start` runs it. */
export const CONSOLE_SERVER = ['--conditions=react-server', '--import', 'tsx', 'server.ts'];

export async function startConsole(port: number, env: Record<string, string>): Promise<ConsoleProcess> {
  const url = `http://localhost:${port}`;
  const { DEMO_MODE: _demo, ...inherited } = process.env;
  const child = spawn(process.execPath, [...CONSOLE_SERVER, '-p', String(port)], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next',
      NEXT_TELEMETRY_DISABLED: '1',
      // A console in front of a real upstream runs without demo mode (the start refuses it): its one account
      // is the first admin the environment creates.
      CONSOLE_ADMIN_EMAIL: 'admin@example.com',
      CONSOLE_ADMIN_PASSWORD: 'demo-password',
      CONSOLE_URL: url,
      AUTH_SIGN_IN_MAX_ATTEMPTS: '200',
      ...env,
    },
  });
  let log = '';
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // Already gone.
    }
    await exited;
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`console on ${port} exited:\n${log}`);
    try {
      if ((await fetch(`${url}/sign-in`)).status < 500) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { port, url, child, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM'), output: () => log };
}

export interface MirrorConsole {
  service: CountingService;
  console: ConsoleProcess;
}

/**
 * A console with the mirror on and a pass every 5 s, in front of a reference service of its own (the demo seed, over
 * HTTP) reached with the ERP's demo credential: the shared e2e consoles run without a mirror, because other specs
 * write through /v1 and expect their lists to show it at once.
 */
export async function startMirrorConsole(port: number, env: Record<string, string>): Promise<MirrorConsole> {
  const service = await startCountingService({ delayMs: 0 });
  const consoleProcess = await startConsole(port, {
    UPSTREAM_BASE_URL: service.url,
    UPSTREAM_CLIENT_ID: 'demo-erp',
    UPSTREAM_CLIENT_SECRET: 'demo-erp-secret',
    MIRROR: 'on',
    MIRROR_INTERVAL_S: '5',
    ...env,
  }).catch(async (error: unknown) => {
    // The caller never gets the service to close when the console does not start.
    await service.close();
    throw error;
  });
  return { service, console: consoleProcess };
}

/** Signs in through the auth API (as the sign-in form does) and returns the session cookie. */
export async function signInCookie(consoleUrl: string, email: string): Promise<string> {
  const response = await fetch(`${consoleUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: consoleUrl },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token='));
  return cookie!.split(';')[0]!;
}

/** Starts a full snapshot refresh the way the dashboard's button does. */
export async function startRefresh(consoleUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${consoleUrl}/api/quotas/refresh`, {
    method: 'POST',
    headers: { cookie, origin: consoleUrl, 'content-type': 'application/json', 'x-console-request': '1' },
    body: JSON.stringify({ mode: 'full' }),
  });
  if (response.status !== 201) throw new Error(`refresh not started: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { jobId: string }).jobId;
}
