import 'server-only';
import type { Kysely } from 'kysely';
import type { FieldDiff } from '@/lib/contract/history';
import { recordAudit } from '../audit';
import type { ConsoleDatabase } from '../db';
import type { QuotaTab } from './dashboard';
import type { ApplyOutcome, QuotaValues } from './edit';

const STATUS = { applied: 200, refused: 400, conflict: 409, unknown: 502 } as const;

/** The batch item's field names for each value of the edit, as the History shows them. */
function diff(tab: QuotaTab, old: QuotaValues, next: QuotaValues): FieldDiff[] {
  const changes: FieldDiff[] = [];
  if (old.amount !== next.amount)
    changes.push({ field: tab === 'credit' ? 'creditAmount' : 'balance', from: old.amount, to: next.amount });
  if (old.enabled !== next.enabled) changes.push({ field: 'enabled', from: old.enabled, to: next.enabled });
  if ((old.memo ?? '') !== (next.memo ?? '')) changes.push({ field: 'memo', from: old.memo, to: next.memo });
  return changes;
}

/**
 * Quota edits are sent by the server (the quotas page's action), not through the signing proxy, so they are
 * logged here: one audit row per company, filed under the company's History with the reviewed old → new.
 * A conflict (the quota moved since the review) was stopped before sending: refused, nothing changed.
 */
export async function auditQuotaEdit(
  db: Kysely<ConsoleDatabase>,
  user: { id: string; email: string },
  tab: QuotaTab,
  rows: readonly { companyId: number; old: QuotaValues; new: QuotaValues }[],
  outcomes: readonly ApplyOutcome[],
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
      changes: diff(tab, row.old, row.new),
    });
  }
}
