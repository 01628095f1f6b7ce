import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeOnConsoleDbs } from '../jobs/testing/db-engines';
import { listProposals, proposeCaught } from '.';

// The quota dialog's split, decided on the server: a change the demo policy catches is stored as a proposal with
// its reason (and on the record), one within the policy is handed back to be sent; a second proposal for a
// company that waits is refused unless the person chose to replace it.
const TENANT = 'demo';
const steward = { id: 'acct-steward', email: 'steward@example.com' };
const company = async (companyId: number) => ({ code: `C${companyId}`, name: `Company ${companyId}` });
const row = (companyId: number, from: number, to: number) => ({
  companyId,
  old: { amount: from, enabled: true, memo: null },
  new: { amount: to, enabled: true, memo: null },
  updatedAt: null,
});
const split = (
  db: Parameters<typeof proposeCaught>[0],
  rows: ReturnType<typeof row>[],
  reason: string,
  replace = false,
) => proposeCaught(db, { tenant: TENANT, demoMode: true, tab: 'credit', rows, company, reason, replace, by: steward });

describeOnConsoleDbs('the quota edit under the approval policy', (db) => {
  it('stores a +50 % raise as a proposal and hands a +5 % raise back to be sent', async () => {
    const { send, outcomes } = await split(db(), [row(101, 100_000, 150_000), row(102, 100_000, 105_000)], 'Contract');
    expect(send.map((r) => r.companyId)).toEqual([102]);
    expect(outcomes).toEqual([{ companyId: 101, status: 'proposed', proposalId: expect.any(String) }]);
    const [open] = await listProposals(db(), TENANT, { proposedBy: steward.id });
    expect(open).toMatchObject({
      companyId: 101,
      companyCode: 'C101',
      reason: 'Contract',
      rules: ['credit_increase_percent'],
      new: { amount: 150_000 },
    });
    const { rows } = await sql<{ operation: string; user_email: string }>`
      select operation, user_email from audit_log where operation = 'action approvals.proposed'`.execute(db());
    expect(rows).toEqual([{ operation: 'action approvals.proposed', user_email: steward.email }]);
  });

  it('refuses a caught change without a reason, and a second one unless it replaces the one that waits', async () => {
    expect((await split(db(), [row(103, 1_000, 5_000)], '  ')).outcomes).toEqual([
      { companyId: 103, status: 'refused', code: 'reason_required' },
    ]);
    await split(db(), [row(103, 1_000, 5_000)], 'First');
    expect((await split(db(), [row(103, 1_000, 6_000)], 'Second')).outcomes).toEqual([
      { companyId: 103, status: 'waits', byEmail: steward.email },
    ]);
    expect((await split(db(), [row(103, 1_000, 6_000)], 'Second', true)).outcomes[0]).toMatchObject({
      status: 'proposed',
    });
    const open = await listProposals(db(), TENANT);
    expect(open.filter((p) => p.companyId === 103).map((p) => p.reason)).toEqual(['Second']);
  });
});
