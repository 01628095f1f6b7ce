import { historyApi } from '@/lib/contract/console/history';
import { listHistoryPage } from '@/lib/server/audit';
import { consoleRoute } from '@/lib/server/console-api';

export const dynamic = 'force-dynamic';

/** A record's History, a page at a time: stewards and admins for master data, admins only for back-office users. */
export const GET = consoleRoute(historyApi.record, async ({ params, query, consoleDb }) =>
  listHistoryPage(await consoleDb(), params.type, params.id, { older: query.older ?? null }),
);
