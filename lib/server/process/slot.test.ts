import { afterEach, describe, expect, it } from 'vitest';
import { existingProcess, getConsoleDb, processParts } from '.';

/**
 * The process's parts exist once an entry point loaded the runtime (here the test's import of it); code that
 * runs in a process where none did fails with an error naming the fix, not with a bare TypeError.
 */
const KEY = Symbol.for('master-data-console.runtime');
const installed = Reflect.get(globalThis, KEY);

afterEach(() => {
  Reflect.set(globalThis, KEY, installed);
});

describe('the process slot', () => {
  it('holds the runtime that an entry point loaded', async () => {
    const { runtime } = await import('../runtime');
    expect(processParts()).toBe(runtime());
  });

  it('names the fix when no entry point loaded the runtime', () => {
    Reflect.deleteProperty(globalThis, KEY);
    expect(existingProcess()).toBeUndefined();
    expect(() => getConsoleDb()).toThrow(/import '@\/lib\/server\/runtime'/);
  });
});
