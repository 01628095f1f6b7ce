import 'server-only';
import type { ConsoleAuth } from './create';

/** The id of the session a request came with (Settings marks it and never ends it with "all others"), or null. */
export async function readSessionId(auth: ConsoleAuth, headers: Headers): Promise<string | null> {
  const result = await auth.api.getSession({ headers });
  return result?.session.id ?? null;
}
