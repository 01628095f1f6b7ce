import 'server-only';
import type { Kysely } from 'kysely';
import { creditQuotaWrite, pointQuotaWrite, type CreditQuotaWrite, type PointQuotaWrite } from '@/lib/contract';
import type { ConsoleDatabase } from '../db';
import { isApiError, type UpstreamClient } from '../upstream';
import type { QuotaTab } from './dashboard';
import { readCompanyQuotas, upsertSnapshot, type CompanyQuotaRead } from './snapshot';

/**
 * Quota edits for one company or a selection: a preview re-reads every company and lists old → new; apply
 * re-reads again, refuses a company that changed since the preview (nothing sent for it), sends the rest
 * through the batch endpoint keyed by company id, matches results by index, then re-reads the companies
 * into the snapshot so their rows show what the upstream now holds and when it was read.
 */

import type { ApplyOutcome, PreviewRow, QuotaChanges, QuotaValues } from '@/lib/contract/console/quotas';
export type { ApplyOutcome, PreviewRow, QuotaChanges, QuotaValues } from '@/lib/contract/console/quotas';

/** A company's quota as the server read it before sending, and when. */
export interface HeldQuota {
  values: QuotaValues;
  at: string;
}

function valuesOf(tab: QuotaTab, read: CompanyQuotaRead): QuotaValues {
  return tab === 'credit'
    ? { amount: read.credit.creditAmount, enabled: read.credit.enabled, memo: read.credit.memo }
    : { amount: read.point.balance, enabled: read.point.enabled, memo: read.point.memo };
}
const updatedAtOf = (tab: QuotaTab, read: CompanyQuotaRead) =>
  tab === 'credit' ? read.credit.updatedAt : read.point.updatedAt;

function itemFor(tab: QuotaTab, companyId: number, v: QuotaValues): CreditQuotaWrite | PointQuotaWrite {
  return tab === 'credit'
    ? { companyId, creditAmount: v.amount, enabled: v.enabled, memo: v.memo ?? '' }
    : { companyId, balance: v.amount, enabled: v.enabled, memo: v.memo ?? '' };
}

/** The contract's own rules (lib/contract), so the preview refuses exactly what the service would. */
function itemErrors(tab: QuotaTab, item: CreditQuotaWrite | PointQuotaWrite): { field: string; code: string }[] {
  const parsed = (tab === 'credit' ? creditQuotaWrite : pointQuotaWrite).safeParse(item);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), code: i.message }));
}

async function readAll(upstream: UpstreamClient, companyIds: readonly number[]) {
  const reads = await Promise.allSettled(
    companyIds.map((companyId) => readCompanyQuotas(upstream, { companyId, code: null, name: null })),
  );
  return companyIds.map((companyId, i) => ({ companyId, read: reads[i]! }));
}

export async function previewQuotaEdit(
  upstream: UpstreamClient,
  input: { tab: QuotaTab; companyIds: readonly number[]; changes: QuotaChanges },
): Promise<{ rows: PreviewRow[]; unreadable: { companyId: number; code: string }[] }> {
  const rows: PreviewRow[] = [];
  const unreadable: { companyId: number; code: string }[] = [];
  for (const { companyId, read } of await readAll(upstream, input.companyIds)) {
    if (read.status === 'rejected') {
      unreadable.push({ companyId, code: isApiError(read.reason) ? read.reason.code : 'unit_error' });
      continue;
    }
    const old = valuesOf(input.tab, read.value);
    const next: QuotaValues = {
      amount: input.changes.amount ?? old.amount,
      enabled: input.changes.enabled ?? old.enabled,
      memo: input.changes.memo === undefined ? old.memo : input.changes.memo,
    };
    rows.push({
      companyId,
      code: read.value.code,
      name: null,
      old,
      new: next,
      updatedAt: updatedAtOf(input.tab, read.value),
      errors: itemErrors(input.tab, itemFor(input.tab, companyId, next)),
    });
  }
  return { rows, unreadable };
}

type EditRow = { companyId: number; old: QuotaValues; new: QuotaValues; updatedAt: string | null };

/** The company's quota is no longer what the review showed: another value, or another modification time. */
function movedSince(tab: QuotaTab, read: CompanyQuotaRead, row: EditRow): boolean {
  const now = valuesOf(tab, read);
  return (
    updatedAtOf(tab, read) !== row.updatedAt ||
    now.amount !== row.old.amount ||
    now.enabled !== row.old.enabled ||
    (now.memo ?? '') !== (row.old.memo ?? '')
  );
}

/**
 * Before an edit's rows are held to the approval policy: each company read again, and only the rows whose reviewed
 * old values the platform still holds go on, so a proposal's old values (what its approver is shown and History
 * records) are the server's, never the browser's alone. The others get their outcome here, nothing stored or sent:
 * a conflict when the quota moved since the review (or the review says another value), refused when unreadable.
 */
export async function rowsStillAsReviewed(
  upstream: UpstreamClient,
  tab: QuotaTab,
  rows: readonly EditRow[],
): Promise<{ rows: EditRow[]; outcomes: ApplyOutcome[] }> {
  const kept: EditRow[] = [];
  const outcomes: ApplyOutcome[] = [];
  for (const { companyId, read } of await readAll(
    upstream,
    rows.map((r) => r.companyId),
  )) {
    const row = rows.find((r) => r.companyId === companyId)!;
    if (read.status === 'rejected')
      outcomes.push({ companyId, status: 'refused', code: isApiError(read.reason) ? read.reason.code : 'unit_error' });
    else if (movedSince(tab, read.value, row)) outcomes.push({ companyId, status: 'conflict' });
    else kept.push(row);
  }
  return { rows: kept, outcomes };
}

export async function applyQuotaEdit(
  upstream: UpstreamClient,
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  input: {
    tab: QuotaTab;
    rows: readonly EditRow[];
  },
  /**
   * `reread`: the companies read again after sending (the mirror's write-through copies them once audited);
   * `held`: each company's values as read just before sending, History's old values (never the review's).
   */
  options: {
    reread?: (reads: readonly CompanyQuotaRead[]) => void;
    held?: (companyId: number, held: HeldQuota) => void;
  } = {},
): Promise<ApplyOutcome[]> {
  const outcomes = new Map<number, ApplyOutcome>();
  const send: { companyId: number; item: CreditQuotaWrite | PointQuotaWrite }[] = [];
  for (const { companyId, read } of await readAll(
    upstream,
    input.rows.map((r) => r.companyId),
  )) {
    const row = input.rows.find((r) => r.companyId === companyId)!;
    if (read.status === 'rejected') {
      outcomes.set(companyId, {
        companyId,
        status: 'refused',
        code: isApiError(read.reason) ? read.reason.code : 'unit_error',
      });
      continue;
    }
    options.held?.(companyId, {
      values: valuesOf(input.tab, read.value),
      at: input.tab === 'credit' ? read.value.creditReadAt : read.value.pointReadAt,
    });
    if (movedSince(input.tab, read.value, row)) {
      outcomes.set(companyId, { companyId, status: 'conflict' });
      continue;
    }
    const item = itemFor(input.tab, companyId, row.new);
    const errors = itemErrors(input.tab, item);
    if (errors.length) outcomes.set(companyId, { companyId, status: 'refused', code: errors[0]!.code });
    else send.push({ companyId, item });
  }

  if (send.length) {
    const results =
      input.tab === 'credit'
        ? await upstream.batch(
            'creditQuotas',
            send.map((s) => s.item as CreditQuotaWrite),
          )
        : await upstream.batch(
            'pointQuotas',
            send.map((s) => s.item as PointQuotaWrite),
          );
    // By index, never by code: two companies may share a code, and a result's code is only an echo.
    results.forEach((result, index) => {
      const { companyId } = send[index]!;
      if (result.status === 'ok') outcomes.set(companyId, { companyId, status: 'applied', readAt: null });
      else if (result.status === 'unknown')
        outcomes.set(companyId, { companyId, status: 'unknown', code: result.error ?? 'outcome_unknown' });
      else outcomes.set(companyId, { companyId, status: 'refused', code: result.error ?? 'unknown_error' });
    });
    // Re-read what was sent (applied or unknown), so the snapshot shows the upstream's state now.
    const reread = await readAll(
      upstream,
      send.map((s) => s.companyId),
    );
    const fresh = reread.flatMap((r) => (r.read.status === 'fulfilled' ? [r.read.value] : []));
    options.reread?.(fresh);
    const names = await db
      .selectFrom('quota_snapshot')
      .select(['company_id', 'company_code', 'company_name'])
      .where('tenant', '=', tenant)
      .where('company_id', 'in', fresh.length ? fresh.map((f) => String(f.companyId)) : ['0'])
      .execute();
    const known = new Map(names.map((n) => [Number(n.company_id), n]));
    await upsertSnapshot(
      db,
      tenant,
      fresh.map((f) => ({
        ...f,
        code: known.get(f.companyId)?.company_code ?? f.code,
        name: known.get(f.companyId)?.company_name ?? null,
      })),
    );
    for (const f of fresh) {
      const outcome = outcomes.get(f.companyId);
      if (outcome?.status === 'applied') outcome.readAt = input.tab === 'credit' ? f.creditReadAt : f.pointReadAt;
    }
  }
  return input.rows.map((r) => outcomes.get(r.companyId)!);
}
