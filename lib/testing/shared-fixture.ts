import { afterAll, beforeAll } from 'vitest';

/**
 * A fixture the tests of a file, or of the describe block it is called in, share (a harness, a receiver, a
 * database): started before their first test and closed after their last, so whoever starts one cannot forget to
 * close it. Tests read it through the getter, which exists before the fixture does because `describe` bodies run
 * before `beforeAll`.
 */
export function sharedFixture<T extends { close(): Promise<void> }>(start: () => Promise<T>): () => T {
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
