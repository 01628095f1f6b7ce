import { attentionApi } from '@/lib/contract/console/attention';
import { readTotal } from '@/lib/server/attention';
import { consoleRoute } from '@/lib/server/console-api';
import { getConsoleDb } from '@/lib/server/process';

// The navigation's "Needs attention" count for the person's role.
export const dynamic = 'force-dynamic';

export const GET = consoleRoute(attentionApi.count, async ({ user }) => ({
  total: await readTotal(await getConsoleDb(), user.role),
}));
