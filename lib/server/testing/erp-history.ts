import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db/types';
import { THE_ERP, writeHistory } from '../history';

/**
 * The ERP's write of these companies' credit limits as the mirror records it when it finds one (History source
 * `outside`, by the ERP): the approval policy's window counts again from it. Tests write the value on the service
 * themselves; this is the record a mirror pass would leave.
 */
export async function recordErpCreditLimits(
  db: Kysely<ConsoleDatabase>,
  companyIds: readonly number[],
  to: number,
  from?: number,
): Promise<void> {
  await writeHistory(db, {
    actor: THE_ERP,
    operation: 'mirror quotas',
    family: 'outside',
    targetIds: companyIds.map(String),
    status: 200,
    outcome: 'changed outside',
    result: 'applied',
    recordType: 'companies',
    records: companyIds.map((id) => ({
      recordType: 'companies',
      recordId: String(id),
      source: 'outside',
      result: 'applied',
      action: 'updated',
      changes: [from === undefined ? { field: 'creditAmount', to } : { field: 'creditAmount', from, to }],
      oldRead: from !== undefined,
    })),
  });
}
