import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

// The bench's own tiny Next app (one route), so the console's build carries no bench code. It imports the
// console's signing client from the repository root.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Built with webpack (`next build --webpack`): Turbopack, rooted at the repository, takes bench/proxy.ts for this
// app's proxy file.
const nextConfig: NextConfig = {
  experimental: { externalDir: true },
  outputFileTracingRoot: root,
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
};

export default nextConfig;
