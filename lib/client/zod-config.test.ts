import { describe, expect, it } from 'vitest';
import './zod-config';

describe('zod-config', () => {
  it('turns zod jitless without importing zod (the console shell sets it before any schema loads)', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
