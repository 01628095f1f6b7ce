import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

/**
 * English and Traditional Chinese are both complete: the same files, the same keys, and every message uses
 * the same arguments, so a string added in one catalogue only fails here until its twin exists.
 */
const ROOT = path.join(process.cwd(), 'messages');
const TWINS = ['en', 'zh-TW'] as const;

type Tree = { [key: string]: string | Tree };

function jsonFiles(locale: string): string[] {
  return readdirSync(path.join(ROOT, locale))
    .filter((name) => name.endsWith('.json'))
    .sort();
}

function read(locale: string, file: string): Tree {
  return JSON.parse(readFileSync(path.join(ROOT, locale, file), 'utf8')) as Tree;
}

/** key path → message, for every leaf. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(at, value);
    else for (const [k, v] of leaves(value, at)) out.set(k, v);
  }
  return out;
}

/** The names of the arguments a message reads ({name}, {count, plural, …}, nested ones too). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      if (el.type === TYPE.tag) {
        walk(el.children);
        continue;
      }
      names.add(el.value);
      if (el.type === TYPE.plural || el.type === TYPE.select)
        for (const option of Object.values(el.options)) walk(option.value);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe('message catalogues', () => {
  it('have the same files in every language', () => {
    expect(jsonFiles('en').length).toBeGreaterThan(10);
    expect(jsonFiles('zh-TW')).toEqual(jsonFiles('en'));
  });

  it('merge the same files in index.ts', () => {
    const imports = (locale: string) =>
      [...readFileSync(path.join(ROOT, locale, 'index.ts'), 'utf8').matchAll(/from '\.\/([\w-]+\.json)'/g)]
        .map((m) => m[1])
        .sort();
    expect(imports('zh-TW')).toEqual(imports('en'));
    expect(imports('en')).toEqual(jsonFiles('en'));
  });

  describe.each(jsonFiles('en'))('%s', (file) => {
    const catalogues = Object.fromEntries(TWINS.map((locale) => [locale, leaves(read(locale, file))])) as Record<
      (typeof TWINS)[number],
      Map<string, string>
    >;

    it.each(TWINS)('has no key missing in %s', (locale) => {
      const other = TWINS.find((l) => l !== locale)!;
      const missing = [...catalogues[other].keys()].filter((key) => !catalogues[locale].has(key));
      expect(missing).toEqual([]);
    });

    it('has no empty message, and the same arguments in both languages', () => {
      const mismatched: string[] = [];
      for (const [key, english] of catalogues.en) {
        const chinese = catalogues['zh-TW'].get(key);
        if (chinese === undefined) continue;
        if (!english.trim() || !chinese.trim()) mismatched.push(`${key}: empty`);
        else if (argumentsOf(english).join() !== argumentsOf(chinese).join())
          mismatched.push(`${key}: ${argumentsOf(english).join()} ≠ ${argumentsOf(chinese).join()}`);
      }
      expect(mismatched).toEqual([]);
    });
  });

  it('finds a key missing on either side (the check itself works)', () => {
    const en = leaves({ a: { b: 'x', c: '{n, plural, other {# y}}' } });
    const zh = leaves({ a: { b: '乙' } });
    expect([...en.keys()].filter((k) => !zh.has(k))).toEqual(['a.c']);
    expect(argumentsOf('{n, plural, one {# {what}} other {#}} at {when}')).toEqual(['n', 'what', 'when']);
  });
});
