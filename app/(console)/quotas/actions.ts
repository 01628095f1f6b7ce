'use server';

import { can } from '@/lib/contract/roles';
import { getCurrentUser } from '@/lib/server/auth/session';
import { getConsoleDb } from '@/lib/server/db';
import { currentTenant, getJobsUpstream } from '@/lib/server/jobs';
import type { QuotaTab } from '@/lib/server/quotas/dashboard';
import { auditQuotaEdit } from '@/lib/server/quotas/edit-audit';
import { applyQuotaEdit, previewQuotaEdit, type ApplyOutcome, type PreviewRow, type QuotaChanges, type QuotaValues } from '@/lib/server/quotas/edit';

const EDIT_MAX = 1000;

type Refused = { error: 'forbidden' | 'invalid' };

async function mayEdit(): Promise<boolean> {
  const user = await getCurrentUser();
  return user !== null && can(user.role, 'editMasterData');
}

function validTab(tab: unknown): tab is QuotaTab {
  return tab === 'credit' || tab === 'points';
}
function validIds(ids: unknown): ids is number[] {
  return Array.isArray(ids) && ids.length > 0 && ids.length <= EDIT_MAX && ids.every((id) => Number.isSafeInteger(id) && id > 0);
}

/** Re-reads the chosen companies and lists old → new for each (nothing is sent). */
export async function previewQuotaEditAction(input: {
  tab: QuotaTab;
  companyIds: number[];
  changes: QuotaChanges;
}): Promise<{ rows: PreviewRow[]; unreadable: { companyId: number; code: string }[] } | Refused> {
  if (!(await mayEdit())) return { error: 'forbidden' };
  if (!validTab(input.tab) || !validIds(input.companyIds)) return { error: 'invalid' };
  const { amount, enabled, memo } = input.changes ?? {};
  if ((amount !== undefined && typeof amount !== 'number') || (enabled !== undefined && typeof enabled !== 'boolean') || (memo !== undefined && typeof memo !== 'string')) {
    return { error: 'invalid' };
  }
  const preview = await previewQuotaEdit(getJobsUpstream(), { tab: input.tab, companyIds: [...new Set(input.companyIds)], changes: { amount, enabled, memo } });
  // Names come from the snapshot (the quota records carry only the code).
  const db = await getConsoleDb();
  const names = await db
    .selectFrom('quota_snapshot')
    .select(['company_id', 'company_name'])
    .where('tenant', '=', currentTenant())
    .where('company_id', 'in', preview.rows.length ? preview.rows.map((r) => String(r.companyId)) : ['0'])
    .execute();
  const byId = new Map(names.map((n) => [Number(n.company_id), n.company_name]));
  return { ...preview, rows: preview.rows.map((r) => ({ ...r, name: byId.get(r.companyId) ?? null })) };
}

/** Sends the previewed changes through the batch endpoint; one outcome per company. */
export async function applyQuotaEditAction(input: {
  tab: QuotaTab;
  rows: { companyId: number; old: QuotaValues; new: QuotaValues; updatedAt: string | null }[];
}): Promise<{ outcomes: ApplyOutcome[] } | Refused> {
  const user = await getCurrentUser();
  if (!user || !can(user.role, 'editMasterData')) return { error: 'forbidden' };
  if (!validTab(input.tab) || !Array.isArray(input.rows) || !validIds(input.rows.map((r) => r?.companyId))) return { error: 'invalid' };
  const db = await getConsoleDb();
  const outcomes = await applyQuotaEdit(getJobsUpstream(), db, currentTenant(), input);
  try {
    await auditQuotaEdit(db, user, input.tab, input.rows, outcomes);
  } catch (error) {
    // The writes already happened; their outcomes still go back, and the gap is reported.
    console.error('[quotas] audit write failed', error instanceof Error ? error.message : error);
  }
  return { outcomes };
}
