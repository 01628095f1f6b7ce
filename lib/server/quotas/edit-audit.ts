import 'server-only';
import type { Kysely } from 'kysely';
import type { FieldDiff } from '@/lib/contract/history';
import { recordAudit } from '../audit';
import type { ConsoleDatabase } from '../db';
import type { QuotaTab } from './dashboard';
import type { ApplyOutcome, HeldQuota, QuotaValues } from './edit';

const STATUS = { applied: 200, refused: 400, conflict: 409, unknown: 502 } as const;

/**
 * The batch item's field names for each value of the edit, as the History shows them: old values as the server read
 * them just before sending (`held`), the review's only compared ("you reviewed X; the platform held Y"); a company
 * it could not read has its old values unread.
 */
function diff(tab: QuotaTab, reviewed: QuotaValues, next: QuotaValues, held: HeldQuota | undefined): FieldDiff[] {
  const same = (a: unknown, b: unknown) => (a ?? '') === (b ?? '');
  const fields = [
    [tab === 'credit' ? 'creditAmount' : 'balance', 'amount'],
    ['enabled', 'enabled'],
    ['memo', 'memo'],
  ] as const;
  const changes: FieldDiff[] = [];
  for (const [field, key] of fields) {
    if (same((held?.values ?? reviewed)[key], next[key])) continue;
    const change: FieldDiff = { field, to: next[key] };
    if (held) Object.assign(change, { from: held.values[key], fromRead: { by: 'read', at: held.at } });
    if (!held || !same(held.values[key], reviewed[key])) change.reviewed = reviewed[key];
    changes.push(change);
  }
  return changes;
}

/**
 * Quota edits are sent by the server (the quotas page's action), not through the signing proxy, so they are
 * logged here: one audit row per company, filed under the company's History with the old → new the server read.
 * A conflict (the quota moved since the review) was stopped before sending: refused, nothing changed.
 */
export async function auditQuotaEdit(
  db: Kysely<ConsoleDatabase>,
  user: { id: string; email: string },
  tab: QuotaTab,
  rows: readonly { companyId: number; old: QuotaValues; new: QuotaValues }[],
  outcomes: readonly ApplyOutcome[],
  /** Each company as read just before sending (applyQuotaEdit's `held`); none: the old values were not read. */
  held: ReadonlyMap<number, HeldQuota> = new Map(),
): Promise<void> {
  const operation = tab === 'credit' ? 'POST /v1/companies/credit-quota/batch' : 'POST /v1/companies/point-quota/batch';
  for (const outcome of outcomes) {
    const row = rows.find((r) => r.companyId === outcome.companyId);
    if (!row) continue;
    const id = String(outcome.companyId);
    const result = outcome.status === 'applied' ? 'applied' : outcome.status === 'unknown' ? 'unknown' : 'refused';
    const text =
      outcome.status === 'applied'
        ? 'ok'
        : outcome.status === 'conflict'
          ? 'refused: changed since the review (not sent)'
          : `${outcome.status}: ${outcome.code}`;
    await recordAudit(db, {
      userId: user.id,
      userEmail: user.email,
      operation,
      targetIds: [id],
      status: STATUS[outcome.status],
      outcome: text,
      result,
      failedIds: result === 'refused' ? [id] : [],
      unknownIds: result === 'unknown' ? [id] : [],
      recordType: 'companies',
      changes: diff(tab, row.old, row.new, held.get(outcome.companyId)),
    });
  }
}
