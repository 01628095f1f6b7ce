import { spawn } from 'node:child_process';
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
 * `seed` loaded into the storage `storageArgs` names (`['--memory']` or `['--database', url]`).
 */
export async function startServiceProcess(seed: SeedFile, storageArgs: string[]): Promise<ServiceProcess> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bench-service-'));
  writeFileSync(path.join(folder, 'seed.json'), JSON.stringify(seed));
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/cli.ts', ...storageArgs, '--seed', path.join(folder, 'seed.json'), '--port', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
