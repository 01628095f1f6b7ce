import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import './data-gauges';
import './mirror-lag';
import { allMetrics, registry } from './metrics';
import { useScrapeSources, type ScrapeSources } from './scrape';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the token's bytes nor its length show in the time taken. */
export function tokenMatches(header: string | null, token: string): boolean {
  const given = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (!given) return false;
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /api/metrics: the Prometheus text, for `Authorization: Bearer <METRICS_TOKEN>`. Without a configured
 * token the endpoint does not exist (404), so nothing is exposed by default; a wrong or missing token is 401.
 */
export function metricsEndpoint(token: () => string | null, sources: ScrapeSources) {
  return async (request: Request): Promise<Response> => {
    const expected = token();
    const plain = { 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8' };
    if (!expected) return new Response('Not found\n', { status: 404, headers: plain });
    if (!tokenMatches(request.headers.get('authorization'), expected)) {
      return new Response('Unauthorized\n', { status: 401, headers: { ...plain, 'www-authenticate': 'Bearer' } });
    }
    useScrapeSources(sources);
    const body = await allMetrics().metrics();
    return new Response(body, { headers: { 'cache-control': 'no-store', 'content-type': registry.contentType } });
  };
}
