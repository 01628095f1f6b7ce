import { restoresApi } from '@/lib/contract/console/restores';
import { consoleRoute } from '@/lib/server/console-api';
import { RestoreError, restoreReview } from '@/lib/server/undo';

export const dynamic = 'force-dynamic';

/** "Restore earlier values": one History entry's fields, before / now (read from /v1) / after; nothing is written. */
export const GET = consoleRoute(restoresApi.review, async ({ params, fail }) => {
  try {
    return await restoreReview(params.type, params.id, params.change);
  } catch (error) {
    if (error instanceof RestoreError) fail(error.code);
    throw error;
  }
});
