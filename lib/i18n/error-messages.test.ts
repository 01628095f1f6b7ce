import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorField, NO_DEFAULT_SALESPERSON } from '@/lib/contract/errors';
import { en } from '@/messages/en';
import { zhTW } from '@/messages/zh-TW';
import { errorMessage } from './error-messages';

/**
 * Every error code has words in every catalogue. The registry is ERROR_CODES (lib/contract/errors.ts); the
 * source scan below finds codes the contract's schemas and the reference service answer with, so a new code
 * written only where it is thrown fails here until it is registered and has a message.
 */
const CATALOGUES = { en, 'zh-TW': zhTW };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'testing' || name === 'seed' ? [] : sourceFiles(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && name !== 'cli.ts' ? [full] : [];
  });
}

/** String literals in the places a code is produced: zod `error`/`message`, rule tables, thrown item errors. */
const CODE_SITES = [
  /\b(?:error|message|missing|invalid|code):\s*'([^']+)'/g,
  /\b(?:ItemError\(\[|QuotaError\(|fail\(|errors\.(?:push|unshift)\(|ApiError\(\d+,\s*|problemNotFound\(c,\s*|notFound:\s*)'([^']+)'/g,
];
/** Literals at those sites that are not error codes. Sentences are skipped: the few sentence codes are constants. */
const NOT_CODES = new Set(['custom', 'internal_error']);
const CODE_LIKE = /^[a-z][a-z0-9_]*$|^[a-z]+ not found$/;

function producedCodes(): Map<string, string> {
  const root = process.cwd();
  const codes = new Map<string, string>();
  for (const file of [...sourceFiles(path.join(root, 'lib/contract')), ...sourceFiles(path.join(root, 'service'))]) {
    const text = readFileSync(file, 'utf8');
    for (const site of CODE_SITES) {
      for (const match of text.matchAll(site)) {
        const code = match[1]!;
        if (CODE_LIKE.test(code) && !NOT_CODES.has(code) && !codes.has(code))
          codes.set(code, path.relative(root, file));
      }
    }
  }
  return codes;
}

describe('error codes and the message catalogue', () => {
  it.each(Object.entries(CATALOGUES))(
    '%s has a message for every registered code, and none for unknown ones',
    (_name, catalogue) => {
      const messages = catalogue.errors as Record<string, string>;
      expect(Object.keys(ERROR_CODES).filter((code) => !messages[code]?.trim())).toEqual([]);
      expect(Object.keys(messages).filter((code) => !Object.hasOwn(ERROR_CODES, code))).toEqual([]);
    },
  );

  it('registers every code the contract and the service produce', () => {
    const produced = producedCodes();
    expect(produced.size).toBeGreaterThan(40);
    const unregistered = [...produced]
      .filter(([code]) => !Object.hasOwn(ERROR_CODES, code))
      .map(([code, file]) => `${code} (${file})`);
    expect(unregistered).toEqual([]);
  });

  it('explains codes, including the exact-sentence ones, and maps them to fields', () => {
    expect(errorMessage(NO_DEFAULT_SALESPERSON)).toMatch(/choose a salesperson/i);
    expect(errorField(NO_DEFAULT_SALESPERSON)).toBe('internalUserId');
    expect(errorField('name_too_long')).toBe('name');
    expect(errorMessage('something_new')).toContain('something_new');
  });
});

describe('a code spelled another way', () => {
  it('reads the catalogue, not the raw code: an ERP log writes sku_not_found for the service\'s "sku not found"', () => {
    expect(errorMessage('sku_not_found')).toBe('The SKU does not exist (or belongs to another tenant).');
    expect(errorMessage('warehouse_not_found')).toBe('The record does not exist (or belongs to another tenant).');
    expect(errorMessage('made_up_code')).toBe('The service answered: made_up_code');
  });
});
