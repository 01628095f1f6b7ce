import 'server-only';
import { getConsoleDb } from '../../process';
import { getEnv } from '../../env';
import { logger } from '../../log';
import { liveReadCorrector, type LiveRead } from './live-read';

// One queue per process for every live read that corrects the mirror (the proxy's and the pages' own), so
// the bound on waiting corrections holds for all of them. Holds no resource: the database is the runtime's.
let corrector: ((read: LiveRead) => void) | undefined;

/** Queues the mirror's correction from a record read live (MIRROR on); returns at once, never throws. */
export function correctMirrorLater(read: LiveRead): void {
  if (!getEnv().mirror.enabled) return;
  corrector ??= liveReadCorrector({
    db: getConsoleDb,
    log: (message, error) =>
      logger().warn(
        { source: 'mirror', error: error instanceof Error ? `${error.name}: ${error.message}` : error },
        message,
      ),
  });
  corrector(read);
}
