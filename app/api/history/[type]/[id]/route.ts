import { historyApi } from '@/lib/contract/console/history';
import { listHistory } from '@/lib/server/audit/audit-log';
import { consoleRoute } from '@/lib/server/console-api/route';
import { getConsoleDb } from '@/lib/server/db';

export const dynamic = 'force-dynamic';

/** A record's History: stewards and admins for master data, admins only for back-office users. */
export const GET = consoleRoute(historyApi.record, async ({ params }) => ({ entries: await listHistory(await getConsoleDb(), params.type, params.id) }));
