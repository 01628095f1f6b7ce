import { afterEach, describe, expect, it, vi } from 'vitest';

type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as ZodGlobal).__zod_globalConfig;
  vi.resetModules();
});

describe('zod-config', () => {
  it('turns zod jitless without importing zod (the console shell sets it before any schema loads)', async () => {
    vi.stubGlobal('window', globalThis);
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });

  it('leaves zod compiling its parsers on the server, where the module is loaded by server rendering', async () => {
    await import('./zod-config');
    expect((globalThis as ZodGlobal).__zod_globalConfig?.jitless).toBeUndefined();
  });
});
