import { timingSafeEqual } from 'node:crypto';
import { ensureJobRunner } from '@/lib/server/jobs';

/**
 * Called once by instrumentation.ts after start-up, on this process's own port, so the job runner starts in
 * the routes' bundle (the one that serves the pages) and resumes unfinished jobs before anyone visits.
 * The token is a per-process random value instrumentation put in the environment; anyone else gets 404.
 */
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  const expected = process.env.CONSOLE_JOBS_WAKE_TOKEN ?? '';
  const given = request.headers.get('x-wake-token') ?? '';
  const ok = expected.length > 0 && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!ok) return Response.json({ error: 'not_found' }, { status: 404 });
  await ensureJobRunner();
  return new Response(null, { status: 204 });
}
