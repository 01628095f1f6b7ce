import 'server-only';
import { createService, type Service } from '@/service';
import { getEnv } from './env';

/**
 * Embedded mode (UPSTREAM_BASE_URL unset): ONE reference service per process, seeded from SERVICE_SEED
 * into SERVICE_DATA_DIR on first start. Kept on globalThis because Next may load this module more than
 * once per process and a PGlite folder may only be opened once. A failed start is retried next time.
 * This file and app/v1 are the only console code that reaches into service/ (lint rule).
 */
const holder = globalThis as typeof globalThis & { __embeddedService?: Promise<Service> };

export function getEmbeddedService(): Promise<Service> {
  holder.__embeddedService ??= (async () => {
    const env = getEnv();
    if (env.upstream.mode !== 'embedded') throw new Error('The embedded service runs only when UPSTREAM_BASE_URL is unset.');
    return createService({ dataDir: env.service.dataDir, seed: env.service.seed });
  })().catch((error: unknown) => {
    holder.__embeddedService = undefined;
    throw error;
  });
  return holder.__embeddedService;
}

/** True when this console serves /v1 itself (embedded mode). */
export function isEmbedded(): boolean {
  return getEnv().upstream.mode === 'embedded';
}
