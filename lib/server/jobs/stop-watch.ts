import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';

/**
 * A signal that aborts once the job is no longer running (cancelled, failed, or gone), for a unit that may wait
 * a long time for the service (a 429's Retry-After, the rate gate): handed to the signing client as
 * `stopWaiting`, it ends the wait, never a request in flight. Looked up every `everyMs` while the unit runs,
 * starting `everyMs` after it started, so a unit done within that costs no query. Call stop() when done.
 */
export function watchJobStop(
  db: Kysely<ConsoleDatabase>,
  jobId: string,
  everyMs = 2_000,
): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const look = async () => {
    try {
      const job = await db.selectFrom('job').select('state').where('id', '=', jobId).executeTakeFirst();
      if (!job || (job.state !== 'running' && job.state !== 'planning')) controller.abort(new Error('job stopped'));
    } catch {
      // The database will be asked again at the next look; meanwhile the unit keeps waiting as it would.
    }
    if (!stopped && !controller.signal.aborted) timer = setTimeout(() => void look(), everyMs);
  };
  timer = setTimeout(() => void look(), everyMs);
  return {
    signal: controller.signal,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
