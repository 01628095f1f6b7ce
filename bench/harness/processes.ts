import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: where the benches run their commands and keep their data folders. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a command in the repository's root with `env` added, its output on this terminal; fails on a non-zero exit. */
export function runCommand(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

/** Resolves once `url` answers at all (any status), polling every 250 ms. */
export async function waitUntilAnswers(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      await (await fetch(url)).arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

/** Sends `signal` to the process group of each child (they were spawned detached, as group leaders). */
export function signalGroups(children: ChildProcess[], signal: NodeJS.Signals): void {
  for (const child of children) {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  }
}
