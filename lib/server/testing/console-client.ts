import { getEnv } from '@/lib/server/env';
import { runtime } from '@/lib/server/runtime';
import { createUpstreamClient } from '@/lib/server/upstream';
import type { UpstreamClientOptions } from '@/lib/server/upstream/client';

/**
 * A client of the configured upstream as the console's mirror makes one: the console's credential, the runtime's
 * clock skew and transport, with `options` over those.
 */
export function consoleUpstreamClient(options: Partial<UpstreamClientOptions> = {}) {
  const env = getEnv();
  return createUpstreamClient({
    baseUrl: env.upstream.baseUrl,
    clientId: env.upstream.clientId,
    clientSecret: env.upstream.clientSecret,
    skew: runtime().skew,
    fetch: (request) => runtime().upstreamTransport(request),
    ...options,
  });
}
