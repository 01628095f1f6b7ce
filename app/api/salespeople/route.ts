import { salespeopleApi } from '@/lib/contract/console/salespeople';
import { consoleRoute } from '@/lib/server/console-api';
import { getEnv } from '@/lib/server/env';
import { listSalespeople } from '@/lib/server/upstream';
import { getUpstream } from '@/lib/server/process';

// Salesperson ids and names for every signed-in role (pickers, names in lists); e-mails and accounts stay on the server.
export const dynamic = 'force-dynamic';

export const GET = consoleRoute(salespeopleApi.list, async () =>
  listSalespeople(getUpstream(), AbortSignal.timeout(getEnv().upstream.timeoutMs)),
);
