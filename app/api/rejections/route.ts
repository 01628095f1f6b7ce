import { rejectionsApi } from '@/lib/contract/console/rejections';
import { consoleRoute } from '@/lib/server/console-api';
import { listRejections } from '@/lib/server/sync';

// The rows an ERP sync could not apply, grouped by cause, then by sync and by record, newest first.
export const dynamic = 'force-dynamic';

export const GET = consoleRoute(rejectionsApi.list, async ({ query, consoleDb }) =>
  listRejections(await consoleDb(), query),
);
