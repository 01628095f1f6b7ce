import { readdirSync } from 'node:fs';
import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import nodePlugin from 'eslint-plugin-n';
import reactPackage from 'react/package.json' with { type: 'json' };
import ceilings from './scripts/house-rules/ceilings.json' with { type: 'json' };
import { EXEMPT_GLOBS, PRODUCTION_GLOBS } from './scripts/house-rules/production.mjs';

// Imports go one way (shared/design.md): app → components → lib/client | lib/server → lib/contract,
// lib/signing; lib/imports → lib/files. service/ sees only lib/contract and lib/signing (docs/architecture.md).
const zones = [
  {
    target: './lib/contract',
    from: [
      './lib/client',
      './lib/server',
      './lib/files',
      './lib/imports',
      './lib/i18n',
      './components',
      './app',
      './service',
    ],
  },
  // Words for the browser and the server alike: the catalogues, formats and the contract's codes, nothing above them.
  { target: './lib/i18n', from: ['./lib/client', './lib/server', './components', './app', './service'] },
  {
    target: './lib/signing',
    from: [
      './lib/client',
      './lib/server',
      './lib/contract',
      './lib/files',
      './lib/imports',
      './components',
      './app',
      './service',
    ],
  },
  { target: './lib/imports', from: ['./lib/client', './lib/server', './components', './app', './service'] },
  {
    target: './lib/files',
    from: ['./lib/imports', './lib/client', './lib/server', './components', './app', './service'],
  },
  { target: './lib/client', from: ['./lib/server', './components', './app', './service'] },
  { target: './lib/server', from: ['./lib/client', './components', './app'] },
  { target: './components', from: ['./app', './lib/server', './service'] },
  {
    target: './service',
    from: ['./app', './components', './lib/client', './lib/server', './lib/files', './lib/imports'],
  },
  // Only app/v1 and the embedded wiring in lib/server may reach the reference service.
  { target: './app', from: ['./service'], except: [] },
  // A route's _components are private to it: a part two routes use lives in components/.
  ...routeComponentZones('./app/(console)'),
];

function routeComponentZones(group) {
  const routes = readdirSync(new URL(group, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const owners = routes.filter((r) => readdirSync(new URL(`${group}/${r}`, import.meta.url)).includes('_components'));
  return routes.flatMap((r) =>
    owners.filter((o) => o !== r).map((o) => ({ target: `${group}/${r}`, from: `${group}/${o}/_components` })),
  );
}

const WEB_CLASSES_IN_NODE_20 = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'ReadableStream',
  'TextEncoderStream',
  'crypto',
  'CryptoKey',
  'module.register',
];

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [
      '.dependency-cruiser.cjs',
      '.next/**',
      '.next-*/**',
      'bench/bare-route/.next/**',
      'node_modules/**',
      '.data/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  {
    // No import/no-cycle: it took four fifths of the lint's time, and dependency-cruiser's no-file-cycle (npm run
    // deps) already refuses every cycle between files, type imports included.
    // React's version is named, not detected: eslint-plugin-react 7.37's detection calls context.getFilename(),
    // which ESLint 10 removed, and crashes the run when a rule that checks the version meets a component.
    // Where eslint-config-next registers the import plugin: a .cjs file (the dependency rules' layer list) has none.
    files: ['**/*.{js,jsx,mjs,ts,tsx,mts,cts}'],
    settings: { react: { version: reactPackage.version } },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Node 20 runs both README commands (package.json's engines start at 20.9): no Node API or ES built-in that came
    // later (import.meta.dirname, process.getBuiltinModule, fs.glob, URL.parse …) in any file Node runs. With the type
    // check's ES2023 library (no Promise.withResolvers, Set's union …) that holds every line to Node 20, tested or not,
    // so CI runs the unit suite whole on Node 24 and gives Node 20 the demo start and the runtime's edges (.ci/run).
    // Browser code (components, lib/client, a route's _components, the browser specs' page scripts) is left out:
    // its globals are the browser's.
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts}'],
    ignores: ['components/**', 'lib/client/**', 'app/**/_components/**', 'e2e/**'],
    plugins: { n: nodePlugin },
    settings: { node: { version: '>=20.9.0' } },
    rules: {
      // The web platform's classes and module.register ship enabled in Node 20, labelled experimental until 21–22.
      'n/no-unsupported-features/node-builtins': ['error', { ignores: WEB_CLASSES_IN_NODE_20 }],
      // ES built-ins are held to ES2023 by tsconfig's lib; URL.parse (Node 22) slips through it, declared by the DOM's.
      'no-restricted-properties': [
        'error',
        { object: 'URL', property: 'parse', message: 'Node 20 has no URL.parse: use URL.canParse, then new URL.' },
      ],
    },
  },
  {
    // The e2e `test` from fixtures/test fails a test on any Content-Security-Policy violation.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/fixtures/test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test (and expect) from './fixtures/test': it fails a test on a CSP violation.",
            },
          ],
        },
      ],
    },
  },
  {
    // Test helpers may start the reference service and use its fixtures; production code under lib/server
    // reaches the service only through the embedded-mode wiring.
    files: ['lib/server/**'],
    ignores: ['**/*.test.ts', '**/testing/**', 'lib/server/runtime/embedded.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...zones, { target: './lib/server', from: './service' }] }],
    },
  },
  {
    // A file codec's test may read what it wrote back through the import rules (a round trip).
    files: ['lib/files/**/*.test.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: zones.map((z) =>
            z.target === './lib/files' ? { ...z, from: z.from.filter((f) => f !== './lib/imports') } : z,
          ),
        },
      ],
    },
  },
  {
    // A test may check the catalogues through the browser's error type.
    files: ['lib/i18n/**/*.test.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: zones.map((z) =>
            z.target === './lib/i18n' ? { ...z, from: z.from.filter((f) => f !== './lib/client') } : z,
          ),
        },
      ],
    },
  },
  {
    files: ['lib/server/runtime/embedded.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [...zones, { target: './lib/server', from: './service/testing' }] },
      ],
    },
  },
  {
    files: ['app/v1/**'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: zones.filter((z) => z.target !== './app') }],
    },
  },
  {
    // No production file over 300 lines (shared/design.md); the files that were longer when the check came in keep
    // their length as a ceiling until they are split (scripts/house-rules/ceilings.json: it only goes down).
    files: PRODUCTION_GLOBS,
    ignores: EXEMPT_GLOBS,
    rules: { 'max-lines': ['error', { max: ceilings.maxLines, skipBlankLines: false, skipComments: false }] },
  },
  ...Object.entries(ceilings.longFiles).map(([file, max]) => ({
    files: [file],
    rules: { 'max-lines': ['error', { max, skipBlankLines: false, skipComments: false }] },
  })),
  {
    // One date and time style per language (lib/i18n/formats.ts): pages name a format, never spell one out.
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='dateTime'][arguments.1.type='ObjectExpression']",
          message:
            "Name a format from lib/i18n/formats.ts (format.dateTime(d, 'dateTime')), so every page reads alike.",
        },
        {
          selector: "NewExpression[callee.property.name='DateTimeFormat']",
          message: "Use next-intl's formatter with a format named in lib/i18n/formats.ts, in the person's zone.",
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: "Use next-intl's formatter with a format named in lib/i18n/formats.ts, in the person's language.",
        },
      ],
    },
  },
];

export default config;
