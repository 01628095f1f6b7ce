import { attentionApi } from '@/lib/contract/console/attention';
import { consoleRoute } from '@/lib/server/console-api';
import { needsAttentionTotal } from '@/lib/server/home';

// The navigation's "Needs attention" count: the person's findings, rejections and proposals to decide.
export const dynamic = 'force-dynamic';

export const GET = consoleRoute(attentionApi.count, async ({ user, consoleDb, tenant }) => ({
  total: await needsAttentionTotal(await consoleDb(), tenant, user),
}));
