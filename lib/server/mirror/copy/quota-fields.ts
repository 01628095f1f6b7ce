import 'server-only';
import { CREDIT_QUOTA_OPERATIONS, POINT_QUOTA_OPERATIONS } from '@/lib/contract/operations';

/**
 * A company's quota in the mirror is one record `{ id, credit, point }` (the two reads by company id, as
 * migration 0320's generated columns expect). Changes are found in its fields flattened under names that say
 * which quota they belong to; the amounts keep the names the console's quota edits record (creditAmount,
 * balance), so History labels them alike.
 */
export function quotaFields(record: Record<string, unknown>): Record<string, unknown> {
  const credit = (record.credit ?? {}) as Record<string, unknown>;
  const point = (record.point ?? {}) as Record<string, unknown>;
  return {
    id: record.id,
    creditAmount: credit.creditAmount,
    creditEnabled: credit.enabled,
    creditMemo: credit.memo,
    pendingAmount: credit.pendingAmount,
    availableAmount: credit.availableAmount,
    creditUpdatedAt: credit.updatedAt,
    balance: point.balance,
    pointEnabled: point.enabled,
    pointMemo: point.memo,
    pointUpdatedAt: point.updatedAt,
    companyOuterSysCode: credit.companyOuterSysCode ?? point.companyOuterSysCode,
  };
}

/**
 * Kept current, never recorded: orders move the pending and available amounts all day, every write moves the
 * modification times, and the company's code is the company's own field (its History records it there).
 */
export const QUOTA_UNTRACKED = [
  'pendingAmount',
  'availableAmount',
  'creditUpdatedAt',
  'pointUpdatedAt',
  'companyOuterSysCode',
] as const;

/** The console's quota edits (lib/server/quotas/edit-audit.ts) record enabled and memo without saying which quota. */
export const QUOTA_ECHO = {
  [CREDIT_QUOTA_OPERATIONS.batch]: { creditAmount: 'creditAmount', enabled: 'creditEnabled', memo: 'creditMemo' },
  [POINT_QUOTA_OPERATIONS.batch]: { balance: 'balance', enabled: 'pointEnabled', memo: 'pointMemo' },
} as const;
