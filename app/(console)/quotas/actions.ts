'use server';

import { quotaActions } from '@/lib/contract/console/quotas';
import { logger } from '@/lib/server/log';
import { runAction } from '@/lib/server/console-api';
import { getConsoleDb, currentTenant, getJobsUpstream } from '@/lib/server/process';
import { getEnv } from '@/lib/server/env';
import { applyAndRecordQuotaEdit } from '@/lib/server/quotas';
import { previewQuotaEdit, rowsStillAsReviewed } from '@/lib/server/quotas';
import { companyNames } from '@/lib/server/quotas';
import { ensureMirror } from '@/lib/server/runtime';
import { refreshCopy } from '@/lib/server/mirror';
import { annotatePreview, proposeCaught } from '@/lib/server/approvals';

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
    const named = preview.rows.map((r) => ({ ...r, name: byId.get(r.companyId) ?? null }));
    // Each row says whether the approval policy catches it and whether a proposal already waits.
    const annotated = await annotatePreview(await getConsoleDb(), currentTenant(), getEnv().demoMode, tab, named);
    return { ...preview, ...annotated };
  });
}

/**
 * Stores the changes the approval policy catches as proposals (decided again here, never taken from the
 * browser) and sends the rest through the batch endpoint; one outcome per company.
 */
export async function applyQuotaEditAction(input: unknown) {
  return runAction(quotaActions.apply, input, async ({ user, input }) => {
    const db = await getConsoleDb();
    const tenant = currentTenant();
    const names = await companyNames(
      db,
      tenant,
      input.rows.map((r) => r.companyId),
      getEnv().mirror.enabled,
    );
    // Only rows whose reviewed old values the platform still holds go on: a proposal's old values are the server's.
    const checked = await rowsStillAsReviewed(getJobsUpstream(), input.tab, input.rows);
    const held = await proposeCaught(db, {
      tenant,
      demoMode: getEnv().demoMode,
      tab: input.tab,
      rows: checked.rows,
      company: async (companyId) => ({
        // The code decides the policy's listed companies and names the proposal in the queue.
        code: await getJobsUpstream()
          .read('creditQuota', companyId)
          .then((q) => q.companyOuterSysCode)
          .catch(() => null),
        name: names.get(companyId) ?? null,
      }),
      reason: input.reason ?? '',
      replace: input.replace ?? false,
      by: { id: user.id, email: user.email },
    });
    if (held.send.length === 0) return { outcomes: [...checked.outcomes, ...held.outcomes] };
    const outcomes = await applyAndRecordQuotaEdit(
      getJobsUpstream(),
      db,
      { tenant, user, tab: input.tab, rows: held.send },
      // The writes already happened; their outcomes still go back, and the gap is reported.
      {
        mirror: getEnv().mirror.enabled,
        log: (message, error) =>
          logger().error({ source: 'quotas', error: error instanceof Error ? error.message : error }, message),
      },
    );
    return { outcomes: [...checked.outcomes, ...held.outcomes, ...outcomes] };
  });
}
