/* eslint-disable import/no-restricted-paths -- test helper: the browser fetchers against the real reference service in-process */
import { afterAll, beforeAll } from 'vitest';
import type { SeedFile } from '@/lib/contract';
import { createService, type Service } from '@/service/app';
import { signedFetch } from '@/service/testing/client';
import type { Creds } from '@/service/testing/fixtures';
import { configureFetcher, UPSTREAM_PREFIX } from '../fetcher';

/**
 * The browser fetchers exactly as the browser runs them, for a whole test file, against a reference service on
 * in-memory PGlite seeded with `seed`: the transport does the console proxy's part (strip /api/upstream, sign, with
 * `creds()` when given, else the ERP's). `seen` sees each call first, with its path as the service gets it.
 */
export function serviceForFetchers(
  seed: () => SeedFile,
  options: { creds?: () => Creds; seen?: (path: string, url: URL, init: RequestInit) => void } = {},
): () => Service {
  let service: Service | undefined;
  beforeAll(async () => {
    const started = await createService({ memory: true, seed: seed() });
    service = started;
    configureFetcher({
      baseUrl: 'http://console.test',
      transport: async (url, init) => {
        const parsed = new URL(url);
        const path = parsed.pathname.slice(UPSTREAM_PREFIX.length) + parsed.search;
        options.seen?.(path, parsed, init);
        return signedFetch(started, String(init.method), path, init.body as string | undefined, {
          creds: options.creds?.(),
        });
      },
    });
  });
  afterAll(async () => {
    await service?.close();
  });
  return () => {
    if (!service) throw new Error('the service is read before it has started');
    return service;
  };
}
