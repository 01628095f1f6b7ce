import { importsApi } from '@/lib/contract/console/imports';
import { consoleRoute } from '@/lib/server/console-api';
import { ImportStateError, ResendError, resendRows } from '@/lib/server/imports';

export const dynamic = 'force-dynamic';

/** "Resend failed rows": `{ rows: [{ rowNo, cells }] }` → 202 `{ attempt, jobId }`; nothing is sent on a refusal. */
export const POST = consoleRoute(importsApi.resend, async ({ params, body, user, fail }) => {
  try {
    return { status: 202, data: await resendRows(params.id, body.rows, user) };
  } catch (error) {
    if (error instanceof ResendError) fail(error.code, error.rows.length ? { rows: error.rows } : {});
    if (error instanceof ImportStateError)
      fail(error.code, error.activeImportId ? { activeImportId: error.activeImportId } : {});
    throw error;
  }
});
