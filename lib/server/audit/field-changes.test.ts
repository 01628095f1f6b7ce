import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { FieldDiff } from '@/lib/contract/history';
import type { ConsoleDatabase } from '../db/types';
import { person, THE_ERP, writeHistory, type Actor } from '../history';
import { withServiceAndConsoleDb } from '../testing/console-parts';
import { recentFieldChanges } from './field-changes';

// A company's recent credit limit changes, as the approver reads them beside a proposal, from History written
// through the one writer on PGlite: applied changes of that field only, newest first, a few per company.

let db: Kysely<ConsoleDatabase>;
withServiceAndConsoleDb((parts) => ({ db } = parts));

const steward = person('steward-1', 'steward@example.com');

async function change(actor: Actor, companyId: string, result: 'applied' | 'refused', changes: FieldDiff[]) {
  await writeHistory(db, {
    actor,
    operation: 'POST /v1/companies/credit-quota/batch',
    targetIds: [companyId],
    status: result === 'applied' ? 200 : 400,
    outcome: result,
    result,
    recordType: 'companies',
    records: [
      {
        recordType: 'companies',
        recordId: companyId,
        source: 'import',
        result,
        changes,
        oldRead: true,
      },
    ],
  });
}

describe('recent changes of one field', () => {
  it('lists the applied changes of the field, newest first, at most three a company, with who made them', async () => {
    for (const to of [110, 120, 130, 140])
      await change(steward, '501', 'applied', [{ field: 'creditAmount', from: to - 10, to }]);
    await change(steward, '501', 'refused', [{ field: 'creditAmount', from: 140, to: 999 }]);
    await change(steward, '501', 'applied', [{ field: 'memo', from: 'a', to: 'b' }]);
    await change(THE_ERP, '502', 'applied', [{ field: 'creditAmount', from: 5, to: 6 }]);
    const found = await recentFieldChanges(db, 'companies', ['501', '502', '503'], 'creditAmount');
    expect(found.map((c) => [c.recordId, c.from, c.to, c.by])).toEqual([
      ['501', 130, 140, { kind: 'person', email: 'steward@example.com' }],
      ['501', 120, 130, { kind: 'person', email: 'steward@example.com' }],
      ['501', 110, 120, { kind: 'person', email: 'steward@example.com' }],
      ['502', 5, 6, { kind: 'erp' }],
    ]);
  });
});
