import { readFileSync, writeFileSync } from 'node:fs';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { API_CONTENT_SECURITY_POLICY, BASE_SECURITY_HEADERS } from './lib/http/security-headers';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/server/preferences/intl-request.ts',
  // The catalogues' ICU messages are compiled at build time, so browsers get a format-only formatter instead of
  // the ICU parser. Catalogue values are then compiled messages, not strings: format them through a translator.
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

// A separate build folder lets tests and benches build side by side without clobbering `.next`.
const distDir = process.env.NEXT_DIST_DIR || '.next';

/**
 * `next build` adds its build folder's types to the tsconfig's `include` when they are not listed word for word,
 * and writes the file back: a build into `.next-ratelimit` would leave the tracked tsconfig.json edited (a dirty
 * tree, and the next `npm run demo` rebuilding). A build into any folder but `.next` reads instead an untracked
 * tsconfig beside it (`tsconfig.next-ratelimit.json`, git-ignored) that extends tsconfig.json and lists that
 * folder's types, so Next finds nothing to add; should it still change something, it changes that copy.
 */
function tsconfigFor(folder: string): string | undefined {
  if (folder === '.next') return undefined;
  const name = folder
    .replace(/^[./]+/, '')
    .replace(/^next-?/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-');
  const file = `tsconfig.next-${name}.json`;
  const { include } = JSON.parse(readFileSync('tsconfig.json', 'utf8')) as { include: string[] };
  const own = [`${folder}/types/**/*.ts`, `${folder}/dev/types/**/*.ts`];
  const text = `${JSON.stringify({ extends: './tsconfig.json', include: [...include, ...own] }, null, 2)}\n`;
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // Not written yet.
  }
  if (current !== text) writeFileSync(file, text);
  return file;
}

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled. prom-client: one
  // metrics registry per process, whichever route bundle counts or serves (pino is external by Next's default).
  // OpenTelemetry: the one API Next's own tracer requires, and the SDK loaded from node_modules only when traces
  // are on (lib/server/telemetry), never copied into a bundle.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg',
    '@node-rs/argon2',
    'prom-client',
    '@opentelemetry/api',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/resources',
    '@opentelemetry/sdk-trace-node',
    '@opentelemetry/semantic-conventions',
  ],
  distDir,
  // `npm test` type-checks the whole tree with TypeScript 7's native compiler (`npm run checks`) before it builds, so
  // the build's own check on the TypeScript 6 API (minutes on two cores) would repeat it: the test command skips it
  // with TYPES_CHECKED=1. Any other build (`npm run demo`, `npm run build`) still checks.
  typescript: { tsconfigPath: tsconfigFor(distDir), ignoreBuildErrors: process.env.TYPES_CHECKED === '1' },
  poweredByHeader: false,
  typedRoutes: false,
  // forbidden(): a page a role may not open answers 403 with its own page (app/(console)/forbidden.tsx), not 404.
  // (inlineCss was tried for the phone's first paint: Next 16 writes the stylesheet into the HTML twice, as a
  // <style> and again inside the RSC payload, and into every client-side navigation's payload: 28 kB more gzip per
  // page than the one cached 10 kB request it saves.)
  experimental: { authInterrupts: true },
  // Pages get their nonce CSP from proxy.ts; JSON routes and files get a CSP that allows nothing.
  async headers() {
    const locked = [{ key: 'Content-Security-Policy', value: API_CONTENT_SECURITY_POLICY }];
    return [
      { source: '/:path*', headers: [...BASE_SECURITY_HEADERS] },
      { source: '/api/:path*', headers: locked },
      { source: '/v1/:path*', headers: locked },
    ];
  },
};

export default withNextIntl(nextConfig);
