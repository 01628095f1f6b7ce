import 'server-only';
import type { Kysely } from 'kysely';
import type { EditOutcome, QuotaChanges, QuotaTab } from '@/lib/contract/console/quotas';
import type { ConsoleDatabase } from '../db';
import { logger } from '../log';
import { applyAndRecordQuotaEdit, companyNames, previewQuotaEdit, rowsStillAsReviewed } from '../quotas';
import type { UpstreamClient } from '../upstream';
import { annotatePreview, proposeCaught } from './quota-edit';

/**
 * The quota edit dialog's four-eyes flow, end to end, as its two server actions call it: the review (old → new
 * for each company, with the rules each row trips and the proposal that already waits) and the apply (rows the
 * policy catches stored as proposals, decided again here and never taken from the browser; the rest sent
 * through the batch endpoint; one outcome per company).
 */

/** What the flow takes from the process: the action's context. */
export interface QuotaEditParts {
  db: Kysely<ConsoleDatabase>;
  /** The jobs' signing client: an edit of many companies is a batch. */
  upstream: UpstreamClient;
  tenant: string;
  demoMode: boolean;
  /** Whether the mirror holds the companies (their names) and is told of the writes. */
  mirror: boolean;
}

type EditRows = Parameters<typeof rowsStillAsReviewed>[2];

/** Re-reads the chosen companies and lists old → new for each, annotated with the policy (nothing is sent). */
export async function reviewQuotaEdit(
  parts: QuotaEditParts,
  input: { tab: QuotaTab; companyIds: readonly number[]; changes: QuotaChanges },
) {
  const { db, tenant } = parts;
  const { tab, changes } = input;
  const preview = await previewQuotaEdit(parts.upstream, { tab, companyIds: [...new Set(input.companyIds)], changes });
  const byId = await companyNames(
    db,
    tenant,
    preview.rows.map((r) => r.companyId),
    parts.mirror,
  );
  const named = preview.rows.map((r) => ({ ...r, name: byId.get(r.companyId) ?? null }));
  // Each row says whether the approval policy catches it and whether a proposal already waits.
  const annotated = await annotatePreview(db, tenant, parts.demoMode, tab, named);
  return { ...preview, ...annotated };
}

/**
 * Stores the changes the approval policy catches as proposals and sends the rest; one outcome per company.
 * Only rows whose reviewed old values the platform still holds go on: a proposal's old values are the server's.
 */
export async function applyQuotaEditWithApprovals(
  parts: QuotaEditParts,
  input: {
    user: { id: string; email: string };
    tab: QuotaTab;
    rows: EditRows;
    reason?: string | undefined;
    replace?: boolean | undefined;
  },
): Promise<{ outcomes: EditOutcome[] }> {
  const { db, tenant, upstream } = parts;
  const names = await companyNames(
    db,
    tenant,
    input.rows.map((r) => r.companyId),
    parts.mirror,
  );
  const checked = await rowsStillAsReviewed(upstream, input.tab, input.rows);
  const held = await proposeCaught(db, {
    tenant,
    demoMode: parts.demoMode,
    tab: input.tab,
    rows: checked.rows,
    company: async (companyId) => ({
      // The code decides the policy's listed companies and names the proposal in the queue.
      code: await upstream
        .read('creditQuota', companyId)
        .then((q) => q.companyOuterSysCode)
        .catch(() => null),
      name: names.get(companyId) ?? null,
    }),
    reason: input.reason ?? '',
    replace: input.replace ?? false,
    by: { id: input.user.id, email: input.user.email },
  });
  if (held.send.length === 0) return { outcomes: [...checked.outcomes, ...held.outcomes] };
  const outcomes = await applyAndRecordQuotaEdit(
    upstream,
    db,
    { tenant, user: input.user, tab: input.tab, rows: held.send },
    // The writes already happened; their outcomes still go back, and the gap is reported.
    {
      mirror: parts.mirror,
      log: (message, error) =>
        logger().error({ source: 'quotas', error: error instanceof Error ? error.message : error }, message),
    },
  );
  return { outcomes: [...checked.outcomes, ...held.outcomes, ...outcomes] };
}
