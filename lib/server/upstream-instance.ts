import 'server-only';
import { getEmbeddedService } from './embedded';
import { getEnv } from './env';
import { createUpstreamClient, type FetchImpl } from './upstream';

export type Upstream = ReturnType<typeof createUpstreamClient>;

const holder = globalThis as typeof globalThis & { __upstream?: Upstream };

/**
 * The console's one upstream client, built from the validated env: a remote /v1 service over HTTP(S), or
 * (embedded mode) the in-process reference service's fetch handler behind the placeholder base URL
 * `http://embedded.invalid`, so nothing leaves the process. Either way the client signs every request with
 * the server-held secret; the host it talks to comes from configuration only, never from a request.
 */
export function getUpstream(): Upstream {
  if (!holder.__upstream) {
    const env = getEnv();
    const { upstream } = env;
    const embeddedFetch: FetchImpl = async (request) => (await getEmbeddedService()).fetch(request);
    holder.__upstream = createUpstreamClient({
      baseUrl: upstream.baseUrl,
      clientId: upstream.clientId,
      clientSecret: upstream.clientSecret,
      timeoutMs: upstream.timeoutMs,
      batchSize: upstream.batchSize,
      batchConcurrency: upstream.batchConcurrency,
      ...(upstream.mode === 'embedded' ? { fetch: embeddedFetch } : {}),
    });
  }
  return holder.__upstream;
}
