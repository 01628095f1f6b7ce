import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { en } from '@/messages/en';
import { CLIENT_SCOPES, type ClientScope } from './client-scopes';

/**
 * Every namespace a client component reads (useTranslations, or a `messages=`/`namespace=` prop naming one) is
 * among the namespaces its page receives (lib/i18n/client-scopes.ts): the scopes of the page's folder and of
 * every parent folder. A missing one would show a message key instead of words, in the browser only.
 * Client components are found by following imports from each route file across the 'use client' boundary.
 */
const ROOT = process.cwd();
const APP = path.join(ROOT, 'app');
const ROUTE_FILE = /^(page|layout|error|loading|not-found|template|default)\.tsx$/;
/** Modules that read the catalogue object itself, and the namespaces they read. */
const READS_MESSAGES: Record<string, string[]> = {
  'components/layout/error-catalogue-sync.tsx': ['errors', 'errorFallback'],
  // Merges its own namespaces into its parent's; reads none.
  'components/i18n/messages-scope.tsx': [],
};

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  if (existsSync(base) && statSync(base).isFile()) return /\.tsx?$/.test(base) ? base : null;
  for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx']) if (existsSync(base + ext)) return base + ext;
  return null;
}

type ModuleInfo = { client: boolean; imports: string[]; namespaces: string[]; problems: string[] };
const modules = new Map<string, ModuleInfo>();

function moduleInfo(file: string): ModuleInfo {
  const known = modules.get(file);
  if (known) return known;
  const text = readFileSync(file, 'utf8');
  const rel = path.relative(ROOT, file);
  const imports = ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => resolve(file, f.fileName))
    .filter((f): f is string => f !== null);
  const namespaces: string[] = [];
  const problems: string[] = [];
  for (const m of text.matchAll(/useTranslations\(\s*([^)]*?)\s*\)/g)) {
    const literal = /^['"]([\w.]+)['"]$/.exec(m[1]!);
    if (literal) namespaces.push(literal[1]!.split('.')[0]!);
    // A namespace passed in by the caller: the callers' `messages=`/`namespace=` props are read below.
    else if (!/^(messages|namespace)( as \w+)?$/.test(m[1]!))
      problems.push(`${rel}: useTranslations(${m[1]}) reads a namespace this test cannot see`);
  }
  for (const m of text.matchAll(/\b(?:messages|namespace)="([\w.]+)"/g)) namespaces.push(m[1]!.split('.')[0]!);
  if (/\buseMessages\(/.test(text)) {
    if (READS_MESSAGES[rel]) namespaces.push(...READS_MESSAGES[rel]!);
    else problems.push(`${rel}: useMessages() reads namespaces this test cannot see; list them in READS_MESSAGES`);
  }
  const info = { client: /^\s*['"]use client['"]/.test(text), imports, namespaces, problems };
  modules.set(file, info);
  return info;
}

/** Namespaces read by the client modules a route file renders, and what the test could not follow. */
function clientNamespaces(entry: string): { namespaces: Set<string>; problems: string[] } {
  const namespaces = new Set<string>();
  const problems: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, inClient: boolean) => {
    if (seen.has(`${file}|${inClient}`)) return;
    seen.add(`${file}|${inClient}`);
    const info = moduleInfo(file);
    const client = inClient || info.client;
    if (client) {
      info.namespaces.forEach((n) => namespaces.add(n));
      problems.push(...info.problems);
    }
    for (const next of info.imports) walk(next, client);
  };
  walk(entry, false);
  return { namespaces, problems };
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory())
      return e.name.startsWith('_') || (dir === APP && ['api', 'v1'].includes(e.name)) ? [] : routeFiles(full);
    return ROUTE_FILE.test(e.name) ? [full] : [];
  });
}

/** The scopes a route file's client components receive: its folder's and every parent folder's. */
function receivedBy(file: string): Set<string> {
  const parts = path.relative(APP, path.dirname(file)).split(path.sep).filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i <= parts.length; i++) {
    const scope = parts.slice(0, i).join('/');
    if (scope in CLIENT_SCOPES) CLIENT_SCOPES[scope as ClientScope].forEach((n) => out.add(n));
  }
  return out;
}

describe('client message scopes', () => {
  const files = routeFiles(APP);

  it('finds the route files and the client components that read the catalogue', () => {
    expect(files.length).toBeGreaterThan(40);
    const bundles = clientNamespaces(path.join(APP, '(console)/bundles/page.tsx')).namespaces;
    expect([...bundles]).toEqual(expect.arrayContaining(['bundles', 'dataTable', 'records']));
  });

  it.each(files.map((f) => [path.relative(ROOT, f), f]))(
    '%s receives every namespace its client components read',
    (_, file) => {
      const { namespaces, problems } = clientNamespaces(file);
      expect(problems).toEqual([]);
      const received = receivedBy(file);
      expect([...namespaces].filter((n) => !received.has(n)).sort()).toEqual([]);
    },
  );

  it('every scope is a folder whose layout hands it over, and names catalogue namespaces once per page', () => {
    for (const [scope, namespaces] of Object.entries(CLIENT_SCOPES)) {
      const layout = readFileSync(path.join(APP, scope, 'layout.tsx'), 'utf8');
      if (scope === '') expect(layout).toContain("scopeMessages(await getMessages(), '')");
      else expect(layout).toContain(`<ClientMessages scope="${scope}">`);
      for (const n of namespaces) expect(Object.keys(en)).toContain(n);
      // Not sent twice on one page: a parent folder's scope already carries it.
      const parents = scope
        .split('/')
        .slice(0, -1)
        .map((_, i, all) => all.slice(0, i + 1).join('/'));
      for (const parent of ['', ...parents]) {
        if (parent === scope || !(parent in CLIENT_SCOPES)) continue;
        const repeated = namespaces.filter((n) =>
          (CLIENT_SCOPES[parent as ClientScope] as readonly string[]).includes(n),
        );
        expect(repeated, `${scope} repeats ${parent}`).toEqual([]);
      }
    }
  });
});
