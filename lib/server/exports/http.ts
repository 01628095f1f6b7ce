import 'server-only';
import { getCurrentUser, type CurrentUser } from '../auth/session';
import { getEnv } from '../env';
import { passesBrowserChecks } from '../proxy/browser-checks';
import { withLoopbackTwin } from '../proxy/console-proxy';
import { refuse } from '../proxy/refusals';

/**
 * The checks of /api/exports: the console's request header and same origin (as the proxy), then a session.
 * Every role may export what it may read. The file download is a plain link (no custom header), so it
 * checks only the session and that the export is the caller's own.
 */
export async function exportsCaller(request: Request, options: { browserChecks: boolean } = { browserChecks: true }): Promise<CurrentUser | Response> {
  if (options.browserChecks) {
    let own: string | null = null;
    try {
      own = new URL(request.url).origin;
    } catch {
      own = null;
    }
    const origins = [...withLoopbackTwin(getEnv().consoleUrl), ...(own ? [own] : [])];
    if (!passesBrowserChecks(request, origins)) return refuse('forbidden');
  }
  const user = await getCurrentUser(request.headers);
  return user ?? refuse('unauthenticated');
}
