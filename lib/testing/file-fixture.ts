import { afterAll, beforeAll } from 'vitest';

/**
 * A fixture a whole test file shares (a harness, a receiver, a database): started before the file's first test and
 * closed after its last, so a file that starts one cannot forget to close it. Tests read it through the getter,
 * which exists before the fixture does because `describe` bodies run before `beforeAll`.
 */
export function fileFixture<T extends { close(): Promise<void> }>(start: () => Promise<T>): () => T {
  let fixture: T | undefined;
  beforeAll(async () => {
    fixture = await start();
  });
  afterAll(async () => {
    await fixture?.close();
  });
  return () => {
    if (!fixture) throw new Error('the file fixture is read before it has started');
    return fixture;
  };
}
