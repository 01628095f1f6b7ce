'use server';

import { quotaActions } from '@/lib/contract/console/quotas';
import { logger } from '@/lib/server/log';
import { runAction } from '@/lib/server/console-api';
import { getConsoleDb, currentTenant, getJobsUpstream } from '@/lib/server/process';
import { getEnv } from '@/lib/server/env';
import { applyAndRecordQuotaEdit } from '@/lib/server/quotas';
import { previewQuotaEdit } from '@/lib/server/quotas';
import { companyNames } from '@/lib/server/quotas';
import { ensureMirror } from '@/lib/server/runtime';
import { refreshCopy } from '@/lib/server/mirror';

/** How long Refresh waits for the mirror's round before the page reads the copy as it is. */
const REFRESH_WAIT_MS = 10_000;

/** The mirror's quota copy brought up to date now (here or by the instance running the passes), then answered. */
export async function refreshQuotaCopyAction(input: unknown) {
  return runAction(quotaActions.refreshCopy, input, async () => {
    if (!getEnv().mirror.enabled) return { refreshed: false };
    return { refreshed: await refreshCopy(await getConsoleDb(), await ensureMirror(), 'quotas', REFRESH_WAIT_MS) };
  });
}

/** Re-reads the chosen companies and lists old → new for each (nothing is sent). */
export async function previewQuotaEditAction(input: unknown) {
  return runAction(quotaActions.preview, input, async ({ input: { tab, companyIds, changes } }) => {
    const preview = await previewQuotaEdit(getJobsUpstream(), { tab, companyIds: [...new Set(companyIds)], changes });
    const byId = await companyNames(
      await getConsoleDb(),
      currentTenant(),
      preview.rows.map((r) => r.companyId),
      getEnv().mirror.enabled,
    );
    return { ...preview, rows: preview.rows.map((r) => ({ ...r, name: byId.get(r.companyId) ?? null })) };
  });
}

/** Sends the previewed changes through the batch endpoint; one outcome per company. */
export async function applyQuotaEditAction(input: unknown) {
  return runAction(quotaActions.apply, input, async ({ user, input }) => {
    const outcomes = await applyAndRecordQuotaEdit(
      getJobsUpstream(),
      await getConsoleDb(),
      { tenant: currentTenant(), user, tab: input.tab, rows: input.rows },
      // The writes already happened; their outcomes still go back, and the gap is reported.
      {
        mirror: getEnv().mirror.enabled,
        log: (message, error) =>
          logger().error({ source: 'quotas', error: error instanceof Error ? error.message : error }, message),
      },
    );
    return { outcomes };
  });
}
