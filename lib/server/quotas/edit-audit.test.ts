import { afterAll, describe, expect, it } from 'vitest';
import { listHistory } from '../audit/audit-log';
import { consoleDbEngines, stopConsoleDbEngines } from '../jobs/testing/db-engines';
import { auditQuotaEdit } from './edit-audit';

afterAll(() => stopConsoleDbEngines());

describe('quota edits in the company History', () => {
  it('logs one row per company: the reviewed old → new when applied, and a conflict as refused with no change', async () => {
    const { connection } = await consoleDbEngines()[0]!.open();
    try {
      const user = { id: 'u1', email: 'steward@example.com' };
      const old = { amount: 100, enabled: true, memo: '' };
      await auditQuotaEdit(
        connection.db,
        user,
        'points',
        [
          { companyId: 7, old, new: { amount: 250, enabled: true, memo: '' } },
          { companyId: 8, old, new: { amount: 100, enabled: false, memo: 'hold' } },
        ],
        [
          { companyId: 7, status: 'applied', readAt: null },
          { companyId: 8, status: 'conflict' },
        ],
      );
      expect(await listHistory(connection.db, 'companies', '7')).toEqual([
        expect.objectContaining({
          userEmail: user.email,
          operation: 'POST /v1/companies/point-quota/batch',
          result: 'applied',
          changes: [{ field: 'balance', from: 100, to: 250 }],
        }),
      ]);
      expect(await listHistory(connection.db, 'companies', '8')).toEqual([
        expect.objectContaining({
          result: 'refused',
          status: 409,
          // Stopped before sending: nothing changed, so no old → new is shown as if it had.
          outcome: 'refused: changed since the review (not sent)',
          changes: null,
        }),
      ]);
    } finally {
      await connection.close();
    }
  }, 120_000);
});
