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
    ignores: ['.next/**', '.next-*/**', 'node_modules/**', '.data/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**'],
  },
  {
    // import/no-cycle follows imports through our own files only; parsing node_modules is slow and useless.
    settings: { 'import/ignore': ['node_modules'] },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Test helpers may start the reference service and use its fixtures; production code under lib/server
    // reaches the service only through the embedded-mode wiring.
    files: ['lib/server/**'],
    ignores: ['**/*.test.ts', '**/harness.ts', '**/testing.ts', '**/test-server.ts', 'lib/server/embedded.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...zones, { target: './lib/server', from: './service' }] }],
    },
  },
  {
    files: ['lib/server/embedded.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...zones, { target: './lib/server', from: './service/testing' }] }],
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
