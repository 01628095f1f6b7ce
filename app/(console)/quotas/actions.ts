'use server';

import { quotaActions } from '@/lib/contract/console/quotas';
import { applyQuotaEditWithApprovals, reviewQuotaEdit, type QuotaEditParts } from '@/lib/server/approvals';
import { runAction, type ServerContext } from '@/lib/server/console-api';
import { refreshCopy } from '@/lib/server/mirror';

/** How long Refresh waits for the mirror's round before the page reads the copy as it is. */
const REFRESH_WAIT_MS = 10_000;

/** The mirror's quota copy brought up to date now (here or by the instance running the passes), then answered. */
export async function refreshQuotaCopyAction(input: unknown) {
  return runAction(quotaActions.refreshCopy, input, async ({ consoleDb, env, mirror }) => {
    if (!env.mirror.enabled) return { refreshed: false };
    return { refreshed: await refreshCopy(await consoleDb(), await mirror(), 'quotas', REFRESH_WAIT_MS) };
  });
}

/** What the approvals' quota edit flow takes from the action's context. */
async function editParts(context: ServerContext): Promise<QuotaEditParts> {
  return {
    db: await context.consoleDb(),
    upstream: context.jobsUpstream,
    tenant: context.tenant,
    demoMode: context.env.demoMode,
    mirror: context.env.mirror.enabled,
  };
}

/** Re-reads the chosen companies and lists old → new for each, with what the approval policy says (nothing is sent). */
export async function previewQuotaEditAction(input: unknown) {
  return runAction(quotaActions.preview, input, async (context) =>
    reviewQuotaEdit(await editParts(context), context.input),
  );
}

/**
 * Stores the changes the approval policy catches as proposals (decided again on the server, never taken from the
 * browser) and sends the rest through the batch endpoint; one outcome per company.
 */
export async function applyQuotaEditAction(input: unknown) {
  return runAction(quotaActions.apply, input, async (context) =>
    applyQuotaEditWithApprovals(await editParts(context), { ...context.input, user: context.user }),
  );
}
