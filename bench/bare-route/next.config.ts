import path from 'node:path';
import type { NextConfig } from 'next';

// The bench's own tiny Next app (one route), so the console's build carries no bench code. It imports the
// console's signing client from the repository root.
const root = path.resolve(import.meta.dirname, '../..');

const nextConfig: NextConfig = {
  turbopack: { root },
  outputFileTracingRoot: root,
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
};

export default nextConfig;
