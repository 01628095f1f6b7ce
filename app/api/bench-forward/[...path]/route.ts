import { getUpstream } from '@/lib/server/upstream-instance';

/**
 * Bench only (bench/proxy.ts): the floor any Next-based proxy pays: a route handler that signs and
 * forwards a GET, with no session, role or allowlist check. It answers 404 unless BENCH_BARE_ROUTE=1,
 * which nothing but the bench sets; never set it on a console people use.
 */
export const dynamic = 'force-dynamic';

const PREFIX = '/api/bench-forward';

export async function GET(request: Request): Promise<Response> {
  if (process.env.BENCH_BARE_ROUTE !== '1') return Response.json({ error: 'not_found' }, { status: 404 });
  const url = new URL(request.url);
  const upstream = await getUpstream().send({
    method: 'GET',
    pathAndQuery: url.pathname.slice(PREFIX.length) + url.search,
    bodyBytes: null,
  });
  return new Response(upstream.body, { status: upstream.status, headers: { 'content-type': 'application/json' } });
}
