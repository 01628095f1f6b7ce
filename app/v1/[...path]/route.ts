import { serverContext } from '@/lib/server/console-api';
import { canonicalQuery } from '@/lib/server/proxy';

/**
 * Embedded mode serves the reference /v1 service on the console's port for integrators (demo
 * credentials in the README). With UPSTREAM_BASE_URL set, /v1 is not served here at all.
 */
export const dynamic = 'force-dynamic';

function rawQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return '';
  const hash = url.indexOf('#', q);
  return url.slice(q, hash < 0 ? undefined : hash);
}

async function handle(request: Request): Promise<Response> {
  const service = serverContext().embeddedService();
  if (!service) return Response.json({ error: 'not_found' }, { status: 404 });
  // Next re-serialises the query (form-urlencoded, repeated names grouped) before a route handler sees it,
  // and the signature covers the query bytes. Re-encode the pairs strictly (RFC 3986, as buildQuery and
  // most signing clients do) so a client that encoded that way verifies; see README "Integrating".
  const query = rawQuery(request.url);
  const url = request.url.slice(0, request.url.length - query.length) + canonicalQuery(query);
  const headers = new Headers(request.headers);
  headers.delete('cookie');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  // The body stays a stream, so the service's own 5 MiB limit applies before anything is buffered.
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    body: hasBody ? request.body : null,
    ...(hasBody ? { duplex: 'half' as const } : {}),
  };
  return (await service).fetch(new Request(url, init));
}

export {
  handle as DELETE,
  handle as GET,
  handle as HEAD,
  handle as OPTIONS,
  handle as PATCH,
  handle as POST,
  handle as PUT,
};
