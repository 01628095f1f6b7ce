import 'server-only';
import pLimit from 'p-limit';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import type { RevertRow } from '@/lib/contract/console/reverts';
import type { QuotaValues } from '@/lib/contract/console/quotas';
import type { FamilyName } from '@/lib/imports/families';
import { rulesFor } from '../approvals';
import { isApiError, type UpstreamClient } from '../upstream';

/**
 * Reverting a credit or point quota import (issue 56 point 5). Quotas have no mirror copy, so the live values
 * are read from /v1 one company at a time; the old values come from the import's History (a quota file is
 * compared with live data before sending, a bulk edit reads them). The revert's rows are then held to the
 * approval policy by the import job like any quota import's (./hold.ts); the review says beforehand which.
 */

export const QUOTA_TAB = { creditQuotas: 'credit', pointQuotas: 'points' } as const;
const AMOUNT = { creditQuotas: 'creditAmount', pointQuotas: 'balance' } as const;
type QuotaFamilyName = keyof typeof QUOTA_TAB;

export const isQuotaFamily = (family: FamilyName): family is QuotaFamilyName => family in QUOTA_TAB;

/** How a quota revert's row names its company: by id, or by the ERP code History kept (`code:…`). */
export function quotaKey(recordId: string): Record<string, unknown> | null {
  if (recordId.startsWith('code:') && recordId.length > 5) return { companyCode: recordId.slice(5) };
  const id = Number(recordId);
  return Number.isSafeInteger(id) && id > 0 ? { companyId: id } : null;
}

async function companyIdOf(client: UpstreamClient, recordId: string, signal?: AbortSignal): Promise<number | null> {
  const key = quotaKey(recordId);
  if (!key) return null;
  if (typeof key.companyId === 'number') return key.companyId;
  const code = String(key.companyCode);
  const page = await client.list('companies', { filters: { outerSysCode: code }, pageSize: 2 }, signal);
  const exact = (page.data ?? []).filter((c) => c.outerSysCode === code);
  return exact.length === 1 ? exact[0]!.id : null;
}

/**
 * The live quota of each record (by History's record id), with `outerSysCode` for the review's name. A company
 * the service no longer knows is left out (read as gone). Throws when /v1 cannot be read.
 */
export async function readLiveQuotas(
  client: UpstreamClient,
  family: QuotaFamilyName,
  recordIds: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, Record<string, unknown>>> {
  const limit = pLimit(8);
  const found = new Map<string, Record<string, unknown>>();
  await Promise.all(
    recordIds.map((recordId) =>
      limit(async () => {
        const id = await companyIdOf(client, recordId, signal);
        if (id === null) return;
        try {
          const q = await client.read(family === 'creditQuotas' ? 'creditQuota' : 'pointQuota', id, signal);
          found.set(recordId, { ...q, outerSysCode: q.companyOuterSysCode });
        } catch (error) {
          if (!(isApiError(error) && error.status === 404)) throw error;
        }
      }),
    ),
  );
  return found;
}

/** The quota's amount as the write must carry it when the revert does not put an old one back. */
export function carriedAmount(
  family: QuotaFamilyName,
  fields: readonly { field: string }[],
  now: Record<string, unknown> | undefined,
): Record<string, number> | undefined {
  const field = AMOUNT[family];
  const amount = now?.[field];
  if (fields.some((f) => f.field === field) || typeof amount !== 'number') return undefined;
  return { [field]: amount };
}

/**
 * Marks the rows the policy would catch (`waitsForApproval`): the change from the live values to the old ones,
 * judged by the rules the import job's hold applies when the revert is sent. Returns how many.
 */
export function markApprovals(
  policy: ApprovalPolicy,
  family: QuotaFamilyName,
  rows: RevertRow[],
  live: ReadonlyMap<string, Record<string, unknown>>,
): number {
  let waiting = 0;
  for (const row of rows) {
    const now = live.get(row.recordId);
    if (!now || (row.kind !== 'restore' && row.kind !== 'changedSince')) continue;
    const old: QuotaValues = {
      amount: Number(now[AMOUNT[family]] ?? 0),
      enabled: Boolean(now.enabled),
      memo: typeof now.memo === 'string' ? now.memo : null,
    };
    const back = new Map(row.fields.filter((f) => f.before !== null).map((f) => [f.field, f.before]));
    const amount = back.get(AMOUNT[family]);
    const enabled = back.get('enabled');
    const memo = back.get('memo');
    const next: QuotaValues = {
      amount: typeof amount === 'number' ? amount : old.amount,
      enabled: typeof enabled === 'boolean' ? enabled : old.enabled,
      memo: typeof memo === 'string' ? memo : old.memo,
    };
    const code = typeof now.outerSysCode === 'string' ? now.outerSysCode : null;
    row.waitsForApproval = rulesFor(policy, QUOTA_TAB[family], code, old, next).length > 0;
    if (row.waitsForApproval && row.selected) waiting += 1;
  }
  return waiting;
}
