import 'server-only';
import { can } from '@/lib/contract/roles';
import { getCurrentUser, type CurrentUser } from '../auth/session';
import { getEnv } from '../env';
import { passesBrowserChecks } from '../proxy/browser-checks';
import { withLoopbackTwin } from '../proxy/console-proxy';
import { refuse, SAFE_RESPONSE_HEADERS } from '../proxy/refusals';

/**
 * The checks every /api/imports handler makes first, as the signing proxy does: the console's request
 * header, same-origin and a JSON body for writes; a session; and the right to import (stewards and admins).
 * Returns the user, or the refusal to answer with.
 */
export async function importsCaller(request: Request): Promise<CurrentUser | Response> {
  let own: string | null = null;
  try {
    own = new URL(request.url).origin;
  } catch {
    own = null;
  }
  const origins = [...withLoopbackTwin(getEnv().consoleUrl), ...(own ? [own] : [])];
  if (!passesBrowserChecks(request, origins)) return refuse('forbidden');
  const user = await getCurrentUser(request.headers);
  if (!user) return refuse('unauthenticated');
  if (!can(user.role, 'runImports')) return refuse('forbidden');
  return user;
}

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: SAFE_RESPONSE_HEADERS });
}

export function fail(code: string, status: number, extra: Record<string, unknown> = {}): Response {
  return json({ error: code, ...extra }, status);
}
