import { quotasApi } from '@/lib/contract/console/quotas';
import { consoleRoute } from '@/lib/server/console-api';
import { cancelQuotaRefresh, quotaStatus, startQuotaRefresh } from '@/lib/server/quotas';

/**
 * The quota snapshot's refresh job: GET its progress and the snapshot's age, POST { mode } to start one,
 * DELETE ?job=<id> to cancel. The job runs in the server, whether this page stays open or not.
 */
export const dynamic = 'force-dynamic';

export const GET = consoleRoute(quotasApi.status, async () => quotaStatus());

export const POST = consoleRoute(quotasApi.refresh, async ({ body, user }) => {
  const { jobId, started } = await startQuotaRefresh(body.mode ?? 'full', user.email);
  return { status: started ? 201 : 200, data: { jobId, started } };
});

export const DELETE = consoleRoute(quotasApi.cancel, async ({ query }) => {
  const cancelled = await cancelQuotaRefresh(query.job ?? '');
  return { status: cancelled ? 200 : 409, data: { cancelled } };
});
