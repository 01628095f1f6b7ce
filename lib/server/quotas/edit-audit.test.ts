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
        new Map([
          [7, { values: old, at: '2026-12-07T03:00:00.000Z' }],
          [8, { values: { ...old, amount: 90 }, at: '2026-12-07T03:00:00.000Z' }],
        ]),
      );
      expect(await listHistory(connection.db, 'companies', '7')).toEqual([
        expect.objectContaining({
          userEmail: user.email,
          operation: 'POST /v1/companies/point-quota/batch',
          result: 'applied',
          changes: [{ field: 'balance', from: 100, to: 250, fromRead: { by: 'read', at: '2026-12-07T03:00:00.000Z' } }],
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
      // The old values are the server's read before sending: a review that showed another is noted, not recorded.
      await auditQuotaEdit(
        connection.db,
        user,
        'credit',
        [
          {
            companyId: 9,
            old: { amount: 1, enabled: true, memo: null },
            new: { amount: 500, enabled: true, memo: null },
          },
        ],
        [{ companyId: 9, status: 'applied', readAt: null }],
        new Map([[9, { values: { amount: 400, enabled: true, memo: '' }, at: '2026-12-07T03:00:00.000Z' }]]),
      );
      const [entry] = await listHistory(connection.db, 'companies', '9');
      expect(entry!.changes).toEqual([
        expect.objectContaining({ field: 'creditAmount', from: 400, to: 500, reviewed: 1 }),
      ]);
    } finally {
      await connection.close();
    }
  }, 120_000);
});
