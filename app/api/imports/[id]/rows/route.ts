import { importsApi } from '@/lib/contract/console/imports';
import { consoleRoute } from '@/lib/server/console-api';
import { appendRows, ImportStateError, listRows } from '@/lib/server/imports';

export const dynamic = 'force-dynamic';

/** Rows in file order: `?status=failed&status=unknown&after=<rowNo>&limit=100`. */
export const GET = consoleRoute(importsApi.rows, async ({ params, query }) => {
  const limit = query.limit ?? 100;
  const rows = await listRows(params.id, {
    statuses: query.status,
    afterRowNo: query.after ?? -1,
    limit: limit > 0 ? limit : 100,
    mispredicted: query.mispredicted === '1',
  });
  return { rows };
});

/** A part of the file's rows, before the start and while the job sends. */
export const POST = consoleRoute(importsApi.upload, async ({ params, body, fail }) => {
  try {
    await appendRows(params.id, body.rows);
  } catch (error) {
    if (error instanceof ImportStateError) fail(error.code);
    throw error;
  }
});
