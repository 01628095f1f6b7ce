import { attentionApi } from '@/lib/contract/console/attention';
import { consoleRoute } from '@/lib/server/console-api';
import { needsAttentionTotal } from '@/lib/server/home';
import { currentTenant, getConsoleDb } from '@/lib/server/process';

// The navigation's "Needs attention" count: the person's findings, rejections and proposals to decide.
export const dynamic = 'force-dynamic';

export const GET = consoleRoute(attentionApi.count, async ({ user }) => ({
  total: await needsAttentionTotal(await getConsoleDb(), currentTenant(), user),
}));
