import 'server-only';
import { getEmbeddedService } from './embedded';
import { getEnv } from './env';
import { createUpstreamClient, type FetchImpl } from './upstream';

export type Upstream = ReturnType<typeof createUpstreamClient>;

const holder = globalThis as typeof globalThis & { __upstream?: Upstream };

/**
 * An upstream client built from the validated env: a remote /v1 service over HTTP(S), or (embedded mode)
 * the in-process reference service's fetch handler behind the placeholder base URL `http://embedded.invalid`,
 * so nothing leaves the process. Either way the client signs every request with the server-held secret; the
 * host it talks to comes from configuration only, never from a request. `wrap` puts a transport around the
 * fetch (the job runtime's concurrency limit).
 */
export function createEnvUpstream(wrap: (fetch: FetchImpl) => FetchImpl = (fetch) => fetch): Upstream {
  const { upstream } = getEnv();
  const base: FetchImpl =
    upstream.mode === 'embedded' ? async (request) => (await getEmbeddedService()).fetch(request) : (request) => fetch(request);
  return createUpstreamClient({
    baseUrl: upstream.baseUrl,
    clientId: upstream.clientId,
    clientSecret: upstream.clientSecret,
    timeoutMs: upstream.timeoutMs,
    batchSize: upstream.batchSize,
    batchConcurrency: upstream.batchConcurrency,
    fetch: wrap(base),
  });
}

/** The console's one upstream client for requests (the proxy, server-rendered reads). */
export function getUpstream(): Upstream {
  holder.__upstream ??= createEnvUpstream();
  return holder.__upstream;
}
