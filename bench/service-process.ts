import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { SeedFile } from '@/lib/contract';

export interface ServiceProcess {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The reference service as it is deployed: its own process (service/cli.ts) on a free loopback port, with
 * `seed` loaded into the storage `storageArgs` names (`['--memory']` or `['--database', url]`). With `cpu`,
 * the process runs on that core only (pinCores below).
 */
export async function startServiceProcess(
  seed: SeedFile,
  storageArgs: string[],
  options: { cpu?: number } = {},
): Promise<ServiceProcess> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bench-service-'));
  writeFileSync(path.join(folder, 'seed.json'), JSON.stringify(seed));
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const args = [
    '--import',
    'tsx',
    'service/cli.ts',
    ...storageArgs,
    '--seed',
    path.join(folder, 'seed.json'),
    '--port',
    String(port),
  ];
  const pinned = options.cpu !== undefined;
  const child = spawn(
    pinned ? 'taskset' : process.execPath,
    pinned ? ['-c', String(options.cpu), process.execPath, ...args] : args,
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`${baseUrl}/v1/companies`);
      break;
    } catch {
      if (tries > 1200 || child.exitCode !== null) throw new Error('the service did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    baseUrl,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Puts this process (all its threads, and the threads and children it starts later) on core `own`, and returns
 * the core left for a service process, when the machine has two cores or more and `taskset` (util-linux). On
 * two cores shared by both, one process's CPU slows the other's threads: a client's own cost would be
 * counted twice, once as its time and once as the service's. Null when it cannot pin.
 */
export function pinCores(own = 0): number | null {
  if (os.availableParallelism() < 2) return null;
  try {
    execFileSync('taskset', ['-a', '-cp', String(own), String(process.pid)], { stdio: 'ignore' });
    return own === 0 ? 1 : 0;
  } catch {
    return null;
  }
}
