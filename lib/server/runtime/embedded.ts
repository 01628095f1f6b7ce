import 'server-only';
import type { Service } from '@/service';
import { getEnv, type Env } from '../env';

export type EmbeddedService = Service;

/**
 * Embedded mode (UPSTREAM_BASE_URL unset): the reference service in this process, seeded from SERVICE_SEED into
 * SERVICE_DATA_DIR on first start. Opened once per process by the runtime (lib/server/runtime), because a PGlite
 * folder may only be opened once. This file and app/v1 are the only console code that reaches into service/
 * (lint rule).
 */
export async function openEmbeddedService(env: Env): Promise<EmbeddedService> {
  if (env.upstream.mode !== 'embedded')
    throw new Error('The embedded service runs only when UPSTREAM_BASE_URL is unset.');
  // Loaded on first use: a process talking to a remote upstream (or only stopping one) never loads the service.
  const { createService } = await import('@/service');
  return createService({ dataDir: env.service.dataDir, seed: env.service.seed, sandbox: env.service.sandbox });
}

/** True when this console serves /v1 itself (embedded mode). */
export function isEmbedded(): boolean {
  return getEnv().upstream.mode === 'embedded';
}
