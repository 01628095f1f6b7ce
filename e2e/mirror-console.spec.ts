import { writeFileSync } from 'node:fs';
import { test } from './fixtures/test';
import { mirrorConsole, startDemoMirrorConsole } from './support/attention-console';
import { attentionTests } from './mirror-console/attention';
import { phoneShellTests } from './mirror-console/phone-shell';
import { plainNamesTests } from './mirror-console/plain-names';

/**
 * The specs that need the home's cards and the findings, which come from the mirror (the shared e2e consoles run
 * without one), on one console of their own in demo mode with the mirror on and a pass every 5 s. Starting such a
 * console (two fresh PGlite databases, migrated and seeded, and the mirror's first copy) takes 25–60 s of a loaded
 * machine; the three parts used to start one each, and now share this one, started once per worker. Each part's
 * tests run in order and none depends on another part's writes; each part's first test waits for what it needs.
 * The phone shell's part goes last: its menu test saves a language with the admin's account, and the others open
 * the admin's pages in Chinese by the browser's language, which a language saved with the account overrides. A
 * failed test ends the worker: the next worker starts a console of its own, on fresh data.
 */
const port = Number(process.env.E2E_PORT ?? 3900) + 6;
const dataDir = `${process.env.E2E_DATA_DIR ?? '.data/e2e'}/mirror-on-console`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mirrorConsole.process = await startDemoMirrorConsole(port, dataDir);
  mirrorConsole.url = mirrorConsole.process.url;
});

test.afterAll(async () => {
  // What the console printed, beside its data, for a failure to be read.
  if (mirrorConsole.process) writeFileSync(`${dataDir}/console.log`, mirrorConsole.process.output());
  await mirrorConsole.process?.stop();
  mirrorConsole.process = undefined;
});

attentionTests();
plainNamesTests();
phoneShellTests();
