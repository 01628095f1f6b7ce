import { salespeopleApi } from '@/lib/contract/console/salespeople';
import { consoleRoute } from '@/lib/server/console-api';
import { readSalespeople } from '@/lib/server/mirror';

// Back-office users as pickers show them, for every signed-in role; e-mails and accounts stay on the server.
export const dynamic = 'force-dynamic';

export const GET = consoleRoute(salespeopleApi.list, async ({ consoleDb, env, upstream }) =>
  readSalespeople(await consoleDb(), upstream, AbortSignal.timeout(env.upstream.timeoutMs)),
);
