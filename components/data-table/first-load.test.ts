import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A list page's first-load JavaScript stays small (issue 17, bench/pages prints the figure): zod is not in it,
 * nor in that of the pages issue 27 brought under 200 kB.
 * List responses are checked by the proxy (lib/server/proxy/response-check.ts), so the browser needs no
 * schema to show a list; form schemas come with the form routes, or through import().
 *
 * This walks the static imports a list route sends to the browser: from its server files into every
 * 'use client' module, then everything those import (type-only imports and import() excepted, as the
 * bundler treats them). It fails on any package that is zod or depends on it, and names the import chain.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx', '.json'];

function resolveLocal(from: string, specifier: string): string | null {
  if (specifier.endsWith('.css')) return null;
  const base = specifier.startsWith('@/')
    ? path.join(ROOT, specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    if (existsSync(candidate) && /\.(tsx?|json)$/.test(candidate)) return candidate;
  }
  throw new Error(`cannot resolve ${specifier} from ${path.relative(ROOT, from)}`);
}

/** A package the browser would get zod from: zod itself, or one that lists it as a dependency. */
function packageBringsZod(specifier: string): boolean {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  if (name === 'zod') return true;
  const manifest = path.join(ROOT, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return false;
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: object; peerDependencies?: object };
  return 'zod' in { ...pkg.dependencies, ...pkg.peerDependencies };
}

interface Parsed {
  directive: 'use client' | 'use server' | null;
  /** Static imports and re-exports that carry a value (what a bundler keeps). */
  imports: string[];
}

const cache = new Map<string, Parsed>();

function parse(file: string): Parsed {
  const known = cache.get(file);
  if (known) return known;
  const parsed: Parsed = { directive: null, imports: [] };
  if (file.endsWith('.json')) return parsed;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const first = source.statements[0];
  if (first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression)) {
    const text = first.expression.text;
    if (text === 'use client' || text === 'use server') parsed.directive = text;
  }
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) parsed.imports.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const typeOnly =
        statement.isTypeOnly ||
        (statement.exportClause &&
          ts.isNamedExports(statement.exportClause) &&
          statement.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) parsed.imports.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  cache.set(file, parsed);
  return parsed;
}

/** Every import chain (entry → … → package) by which the browser part of `entries` reaches zod. */
function browserZodChains(entries: string[]): string[] {
  const seen = new Set<string>();
  const chains: string[] = [];
  const queue: { file: string; client: boolean; chain: string[] }[] = entries.map((e) => ({
    file: path.join(ROOT, e),
    client: false,
    chain: [e],
  }));
  while (queue.length > 0) {
    const { file, client: parentClient, chain } = queue.shift()!;
    const { directive, imports } = parse(file);
    // A server action imported into the browser is a reference to call, not code to ship.
    if (parentClient && directive === 'use server') continue;
    const client = parentClient || directive === 'use client';
    const key = `${client}:${file}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const specifier of imports) {
      const local = specifier.startsWith('.') || specifier.startsWith('@/');
      if (!local) {
        if (client && packageBringsZod(specifier)) chains.push([...chain, specifier].join(' → '));
        continue;
      }
      const target = resolveLocal(file, specifier);
      if (target) queue.push({ file: target, client, chain: [...chain, path.relative(ROOT, target)] });
    }
  }
  return chains;
}

const SHELL = ['app/layout.tsx', 'app/(console)/layout.tsx', 'app/(console)/error.tsx', 'app/(console)/not-found.tsx'];

describe('the first load of a list page', () => {
  for (const list of ['companies', 'products', 'skus', 'bundles']) {
    it(`/${list} sends no zod to the browser`, () => {
      const route = ['page.tsx', 'loading.tsx', 'error.tsx'].map((f) => `app/(console)/${list}/${f}`);
      expect(browserZodChains([...SHELL, ...route])).toEqual([]);
    });
  }

  // Issue 27: a bundle's page, the new bundle form, the import wizard and Open a failed sync load their schemas
  // (zod) when first used (a focused box, a refusal, an opened file or sync), not with the page.
  for (const route of ['bundles/[id]', 'bundles/new', 'imports/new', 'imports/sync']) {
    it(`/${route} sends no zod to the browser`, () => {
      const files = ['page.tsx', 'layout.tsx', 'loading.tsx']
        .map((f) => `app/(console)/${route}/${f}`)
        .filter((f) => existsSync(path.join(ROOT, f)));
      expect(browserZodChains([...SHELL, ...files])).toEqual([]);
    });
  }

  it('finds zod where a browser module does import it (the check itself works)', () => {
    // An import's results page follows the job with the console's endpoint schemas (lib/contract/console/imports,
    // zod) imported statically: its route must be reported.
    expect(browserZodChains(['app/(console)/imports/[id]/page.tsx']).length).toBeGreaterThan(0);
  });
});
