import { readiness } from '@/lib/server/runtime/readiness';

/**
 * For load balancers: 200 when this instance can serve (console database, upstream, job runner; see
 * lib/server/runtime/readiness.ts), 503 otherwise. No session: public, and its body names checks, never an
 * address or a secret. Not built with the console's route wrapper on purpose: it is public and writes nothing.
 */
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const result = await readiness();
  return Response.json(
    { status: result.ready ? 'ready' : 'not_ready', checks: result.checks },
    { status: result.ready ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  );
}
