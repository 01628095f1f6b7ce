import { mkdirSync, rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { AttentionSummary } from '@/lib/contract/attention/api-types';
import { startConsole, type ConsoleProcess } from './console-process';

/**
 * A console of a spec's own in demo mode (the embedded /v1 service, the demo accounts) with the mirror on and a
 * pass every 5 s, on fresh data in `dataDir`: the home's cards and the findings come from the mirror, which the
 * shared e2e consoles run without.
 */
export async function startDemoMirrorConsole(port: number, dataDir: string): Promise<ConsoleProcess> {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  return startConsole(port, {
    DEMO_MODE: '1',
    CONSOLE_DATA_DIR: `${dataDir}/console`,
    SERVICE_DATA_DIR: `${dataDir}/service`,
    MIRROR: 'on',
    MIRROR_INTERVAL_S: '5',
  });
}

/**
 * The console with the mirror on that e2e/mirror-console.spec.ts starts once for the parts in e2e/mirror-console/
 * (each part's first test waits there for the findings it needs).
 */
export const mirrorConsole: { process?: ConsoleProcess; url: string } = { url: '' };

/**
 * Reads /api/attention as `cookie` every second until `found` says what the spec waits for is there (2 min at most);
 * if it never is, the error carries what the console printed.
 */
export async function waitForAttention(
  consoleProcess: ConsoleProcess,
  cookie: string,
  found: (summary: AttentionSummary) => boolean,
) {
  const { url } = consoleProcess;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${url}/api/attention`, { headers: { cookie, 'x-console-request': '1' } }).catch(
          () => null,
        );
        return response?.ok ? found((await response.json()) as AttentionSummary) : false;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(true)
    .catch((error: Error) => {
      const exit = consoleProcess.child.exitCode ?? consoleProcess.child.signalCode ?? 'running';
      throw new Error(`${error.message}\nThe console (${exit}) printed:\n${consoleProcess.output().slice(-6000)}`);
    });
}

/** Keeps a screenshot named `name` in `folder`, when the run was given one. */
export async function screenshotTo(folder: string | undefined, page: Page, name: string) {
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: `${folder}/${name}.png` });
}
