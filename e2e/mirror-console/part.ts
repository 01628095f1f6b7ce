import { test } from '../fixtures/test';
import type { AttentionSummary } from '@/lib/contract/attention/api-types';
import { signInCookie } from '../support/console-process';
import { mirrorConsole, waitForAttention } from '../support/attention-console';

/**
 * One part of e2e/mirror-console.spec.ts: its tests run in order on the shared console. Its first test, `ready`,
 * waits until the console's findings, read as `ready.email`, hold what the part needs; `onConsole` is handed the
 * console's address before any test of the part runs.
 */
export function describeOnMirrorConsole(
  title: string,
  ready: { title: string; email: string; found: (summary: AttentionSummary) => boolean },
  onConsole: (url: string) => void,
  body: () => void,
) {
  test.describe(title, () => {
    test.describe.configure({ mode: 'serial', timeout: 180_000 });
    test.beforeAll(() => onConsole(mirrorConsole.url));
    test(ready.title, async () => {
      const cookie = await signInCookie(mirrorConsole.url, ready.email);
      await waitForAttention(mirrorConsole.process!, cookie, ready.found);
    });
    body();
  });
}
