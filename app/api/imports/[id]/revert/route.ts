import { revertsApi } from '@/lib/contract/console/reverts';
import { consoleRoute } from '@/lib/server/console-api';
import { RevertError, revertReview, startRevert } from '@/lib/server/undo';

export const dynamic = 'force-dynamic';

/** The review of "Revert this import": what would be restored, what changed since, what was created. */
export const GET = consoleRoute(revertsApi.review, async ({ params, fail }) => {
  try {
    return await revertReview(params.id);
  } catch (error) {
    if (error instanceof RevertError && error.code !== 'nothing_to_revert' && error.code !== 'import_already_running')
      fail(error.code);
    throw error;
  }
});

/** Starts the revert: `{ include, exclude }` → 202 `{ id }`, the revert's own import; nothing is sent on a refusal. */
export const POST = consoleRoute(revertsApi.start, async ({ params, body, user, fail }) => {
  try {
    return { status: 202, data: await startRevert(params.id, user, body) };
  } catch (error) {
    if (error instanceof RevertError) fail(error.code);
    throw error;
  }
});
