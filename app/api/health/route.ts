/**
 * For load balancers and monitoring: the process is up and serving. No session, no dependency (the readiness of
 * the database and the upstream is /api/ready). Not built with the console's route wrapper on purpose: it is
 * public and reads nothing.
 */
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
