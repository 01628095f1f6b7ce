import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '@/lib/server/db/types';
import { describe, expect, it } from 'vitest';
import { withConsoleDb } from '../testing/console-parts';
import { listAudit, recordAudit } from './audit-log';

let db: Kysely<ConsoleDatabase>;
withConsoleDb((opened) => (db = opened));

describe('audit log (real PGlite, console migrations)', () => {
  it('keeps who, what, targets, status and outcome, newest first, in pages', async () => {
    for (let i = 1; i <= 5; i++) {
      await recordAudit(db, {
        userId: `u${i}`,
        userEmail: `user${i}@example.com`,
        operation: 'PUT /v1/companies/{id}',
        targetIds: [String(i), 'code:C,1'],
        status: 200,
        outcome: 'updated',
      });
    }
    const first = await listAudit(db, { page: 1, pageSize: 2 });
    expect(first).toMatchObject({ totalCount: 5, totalPages: 3, page: 1, pageSize: 2 });
    expect(first.entries.map((e) => e.userEmail)).toEqual(['user5@example.com', 'user4@example.com']);
    expect(first.entries[0]).toMatchObject({
      userId: 'u5',
      operation: 'PUT /v1/companies/{id}',
      targetIds: ['5', 'code:C,1'],
      status: 200,
      outcome: 'updated',
    });
    expect(Date.parse(first.entries[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
    const last = await listAudit(db, { page: 3, pageSize: 2 });
    expect(last.entries.map((e) => e.userId)).toEqual(['u1']);
  });

  it('clamps nonsense paging instead of failing the page', async () => {
    const page = await listAudit(db, { page: -3, pageSize: 10_000 });
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(200);
  });
});
