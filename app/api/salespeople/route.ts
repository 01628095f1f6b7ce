import { salespeopleApi } from '@/lib/contract/console/salespeople';
import { consoleRoute } from '@/lib/server/console-api';
import { getEnv } from '@/lib/server/env';
import { readSalespeople } from '@/lib/server/mirror';
import { getConsoleDb, getUpstream } from '@/lib/server/process';

// Back-office users as pickers show them, for every signed-in role; e-mails and accounts stay on the server.
export const dynamic = 'force-dynamic';

export const GET = consoleRoute(salespeopleApi.list, async () =>
  readSalespeople(await getConsoleDb(), getUpstream(), AbortSignal.timeout(getEnv().upstream.timeoutMs)),
);
