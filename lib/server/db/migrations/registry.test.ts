import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { consoleMigrations } from './index';

describe('console migrations registry', () => {
  it('registers every migration file of the folder under its file name', () => {
    const folder = fileURLToPath(new URL('.', import.meta.url));
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(consoleMigrations).sort()).toEqual(files);
  });
});
