import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_ENDPOINTS } from '@/lib/contract/console';
import { isConsoleRoute } from './route';

// Every route handler under app/api is built with the one wrapper from its contract entry, and every entry
// has its handler. Not the signing proxy and better-auth (their own paths), nor the job runner's wake call.
const ROOT = join(process.cwd(), 'app/api');
const OWN_PATHS = ['auth', 'upstream', 'jobs/wake'];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return /^route\.(ts|tsx|js)$/.test(name) ? [path] : [];
  });
}

const files = routeFiles(ROOT).filter((file) => !OWN_PATHS.some((own) => relative(ROOT, file).startsWith(`${own}/`)));

describe('console routes', () => {
  it('finds the console routes', () => {
    expect(files.length).toBeGreaterThanOrEqual(14);
  });

  const served: string[] = [];
  for (const file of files) {
    const path = `/api/${relative(ROOT, file).replace(/\/route\.(ts|tsx|js)$/, '')}`;
    it(`${path}: every handler is the wrapper's, from its own entry`, async () => {
      const routeModule = (await import(file)) as Record<string, unknown>;
      const handlers = METHODS.filter((method) => method in routeModule);
      expect(handlers.length, path).toBeGreaterThan(0);
      for (const method of handlers) {
        const handler = routeModule[method];
        expect(isConsoleRoute(handler), `${method} ${path} is not built with consoleRoute/openRoute`).toBe(true);
        if (!isConsoleRoute(handler)) continue;
        expect(`${handler.endpoint.method} ${handler.endpoint.path}`).toBe(`${method} ${path}`);
        served.push(`${method} ${path}`);
      }
    });
  }

  it('serves every endpoint of the contract', () => {
    const entries = CONSOLE_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(entries).size).toBe(entries.length);
    expect([...served].sort()).toEqual([...entries].sort());
  });
});
