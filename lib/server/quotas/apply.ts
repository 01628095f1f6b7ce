import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { storeReadBack } from '../mirror';
import type { UpstreamClient } from '../upstream';
import { auditQuotaEdit } from './edit-audit';
import { applyQuotaEdit, type HeldQuota } from './edit';
import type { QuotaTab } from './dashboard';
import type { CompanyQuotaRead } from './snapshot';
import type { QuotaValues } from '@/lib/contract/console/quotas';

type Rows = readonly { companyId: number; old: QuotaValues; new: QuotaValues; updatedAt: string | null }[];

/** A company's quota as the mirror keeps it (lib/server/mirror/copy/quota-fields.ts). */
export const quotaRecordOf = (read: CompanyQuotaRead) => ({
  id: read.companyId,
  credit: read.credit,
  point: read.point,
});

/**
 * A quota edit as the Quotas page's action runs it: applied (the snapshot updated), recorded in each company's
 * History, then (MIRROR on) the companies read again after sending copied into the mirror (issue 32 point 2),
 * after the audit so the echo rule finds the console's own change and records nothing twice. The writes are
 * done whatever fails after them: a failed audit or copy is logged, and the outcomes still go back.
 */
export async function applyAndRecordQuotaEdit(
  upstream: UpstreamClient,
  db: Kysely<ConsoleDatabase>,
  input: { tenant: string; user: { id: string; email: string }; tab: QuotaTab; rows: Rows },
  options: { mirror: boolean; log: (message: string, error: unknown) => void },
) {
  const reread: CompanyQuotaRead[] = [];
  const held = new Map<number, HeldQuota>();
  const outcomes = await applyQuotaEdit(upstream, db, input.tenant, input, {
    reread: (reads) => reread.push(...reads),
    held: (companyId, values) => held.set(companyId, values),
  });
  try {
    await auditQuotaEdit(db, input.user, input.tab, input.rows, outcomes, held);
  } catch (error) {
    options.log('[quotas] audit write failed', error);
  }
  if (options.mirror && reread.length > 0) {
    try {
      await storeReadBack(db, [{ entity: 'quotas', records: reread.map(quotaRecordOf) }]);
    } catch (error) {
      options.log('[quotas] mirror write-through failed; the next pass catches up', error);
    }
  }
  return outcomes;
}
