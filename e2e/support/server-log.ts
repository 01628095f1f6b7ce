import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The console's output during this e2e run (e2e/web-server.mjs copies it there). */
export const SERVER_LOG = path.join(process.env.E2E_DATA_DIR ?? '.data/e2e', 'server.log');
export const METRICS_TOKEN = 'e2e-metrics-token-0123456789';

export function serverLog(): string {
  return existsSync(SERVER_LOG) ? readFileSync(SERVER_LOG, 'utf8') : '';
}

/** The JSON lines of the log (Next's own start-up lines are plain text and skipped). */
export function jsonLines(): Record<string, unknown>[] {
  return serverLog()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}
