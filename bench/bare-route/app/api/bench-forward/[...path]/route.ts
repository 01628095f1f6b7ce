import { createUpstreamClient } from '@/lib/server/upstream';

/**
 * bench/proxy only: the floor any Next-based proxy pays, a route handler that signs and forwards a GET with no
 * session, role or allowlist check. It lives in this separate bench app (bench/bare-route), never in the
 * console's build.
 */
export const dynamic = 'force-dynamic';

const PREFIX = '/api/bench-forward';
const client = createUpstreamClient({
  baseUrl: process.env.UPSTREAM_BASE_URL ?? 'http://127.0.0.1:3281',
  clientId: process.env.UPSTREAM_CLIENT_ID ?? 'demo-erp',
  clientSecret: process.env.UPSTREAM_CLIENT_SECRET ?? 'demo-erp-secret',
  timeoutMs: 15_000,
});

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const upstream = await client.send({
    method: 'GET',
    pathAndQuery: url.pathname.slice(PREFIX.length) + url.search,
    bodyBytes: null,
  });
  return new Response(upstream.body, { status: upstream.status, headers: { 'content-type': 'application/json' } });
}
