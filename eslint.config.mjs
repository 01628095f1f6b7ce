import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

// Imports go one way (shared/design.md): app → components → lib/client | lib/server → lib/contract,
// lib/signing, lib/csv. service/ sees only lib/contract and lib/signing.
const zones = [
  { target: './lib/contract', from: ['./lib/client', './lib/server', './lib/csv', './components', './app', './service'] },
  { target: './lib/signing', from: ['./lib/client', './lib/server', './lib/contract', './lib/csv', './components', './app', './service'] },
  { target: './lib/csv', from: ['./lib/client', './lib/server', './components', './app', './service'] },
  { target: './lib/client', from: ['./lib/server', './components', './app', './service'] },
  { target: './lib/server', from: ['./lib/client', './components', './app'] },
  { target: './components', from: ['./app', './lib/server', './service'] },
  { target: './service', from: ['./app', './components', './lib/client', './lib/server', './lib/csv'] },
  // Only app/v1 and the embedded wiring in lib/server may reach the reference service.
  { target: './app', from: ['./service'], except: [] },
];

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: ['.next/**', '.next-*/**', 'bench/bare-route/.next/**', 'node_modules/**', '.data/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**'],
  },
  {
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
            { name: '@playwright/test', importNames: ['test'], message: "Import test (and expect) from './fixtures/test': it fails a test on a CSP violation." },
          ],
        },
      ],
    },
  },
  {
    files: ['app/v1/**'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: zones.filter((z) => z.target !== './app') }],
    },
  },
];

export default config;
