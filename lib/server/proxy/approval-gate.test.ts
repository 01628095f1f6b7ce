import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_APPROVAL_POLICY } from '@/lib/contract/approval-policy';
import { listHistory } from '../audit/audit-log';
import { applyAndRecordQuotaEdit, previewQuotaEdit } from '../quotas';
import { consoleRequest, createProxyHarness, HARNESS_TENANT, type ProxyHarness } from '../testing/proxy-harness';

// The red-team probe of "Four eyes on money": a quota write sent straight to the signing proxy, with a person's
// session, is held to the approval policy as the screens are. What the policy catches never reaches /v1.
let h: ProxyHarness;
const CREDIT = '/v1/companies/credit-quota/batch';
const POINT = '/v1/companies/point-quota/batch';

async function post(path: string, items: unknown[], cookie = h.cookies.steward) {
  const response = await h.proxy(consoleRequest('POST', path, { cookie, body: JSON.stringify(items) }));
  return { status: response.status, json: (await response.json()) as { error?: string; items?: { status: string }[] } };
}
const writesReached = () => h.reached.filter((r) => r.method === 'POST').map((r) => r.pathAndQuery);

beforeAll(async () => {
  h = await createProxyHarness({ policy: DEMO_APPROVAL_POLICY });
  // The ERP's own starting values, written directly (it is never gated).
  await h.client.batch('creditQuotas', [{ companyId: 1, creditAmount: 1_000_000, enabled: true, memo: '' }]);
  await h.client.batch('pointQuotas', [{ companyId: 1, balance: 50_000, enabled: true, memo: '' }]);
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.reached.length = 0;
});

describe('the approval policy at the proxy', () => {
  it.each(['steward', 'admin'] as const)('refuses a %s’s +50 %% credit raise before sending it', async (role) => {
    const r = await post(CREDIT, [{ companyId: 1, creditAmount: 1_500_000, enabled: true }], h.cookies[role]);
    expect(r.status).toBe(403);
    expect(r.json.error).toBe('approval_required');
    expect(writesReached()).toEqual([]);
    expect((await h.client.read('creditQuota', 1)).creditAmount).toBe(1_000_000);
  });

  it('refuses a whole batch when one item is caught: turning control off, by company code', async () => {
    const code = (await h.client.read('creditQuota', 1)).companyOuterSysCode;
    expect(code).toBeTruthy();
    const r = await post(CREDIT, [
      { companyId: 1, creditAmount: 1_000_000, enabled: true, memo: 'fine' },
      { companyCode: code, creditAmount: 1_000_000, enabled: false },
    ]);
    expect(r.json.error).toBe('approval_required');
    expect(writesReached()).toEqual([]);
  });

  it('refuses a point balance change over 10,000 and passes one within it', async () => {
    expect((await post(POINT, [{ companyId: 1, balance: 70_000 }])).json.error).toBe('approval_required');
    expect(writesReached()).toEqual([]);
    const ok = await post(POINT, [{ companyId: 1, balance: 55_000 }]);
    expect(ok.status).toBe(200);
    expect(writesReached()).toEqual([POINT]);
  });

  it('sends a +5 % raise and a decrease at once', async () => {
    expect((await post(CREDIT, [{ companyId: 1, creditAmount: 1_050_000 }])).status).toBe(200);
    expect((await post(CREDIT, [{ companyId: 1, creditAmount: 10 }])).status).toBe(200);
    expect(writesReached()).toEqual([CREDIT, CREDIT]);
    expect((await h.client.read('creditQuota', 1)).creditAmount).toBe(10);
  });

  // Split raises (issue 61 point 2): three +15 % raises in a row take a limit +52 % without a manager unless the
  // steps of the policy's window count. Each step below is small; together they are not.
  it('refuses the second +15 % credit raise of a script splitting a +52 % raise, after a first made in the dialog', async () => {
    await h.client.batch('creditQuotas', [{ companyId: 2, creditAmount: 470_000, enabled: true, memo: '' }]);
    // The first step through the quota dialog's write path (History records it from → to, as the server read it).
    const live = (await previewQuotaEdit(h.client, { tab: 'credit', companyIds: [2], changes: {} })).rows[0]!;
    const steward = { id: 'acct-steward', email: 'steward@example.com' };
    const [first] = await applyAndRecordQuotaEdit(
      h.client,
      h.db,
      {
        tenant: HARNESS_TENANT,
        user: steward,
        tab: 'credit',
        rows: [{ companyId: 2, old: live.old, new: { ...live.old, amount: 540_500 }, updatedAt: live.updatedAt }],
      },
      { mirror: false, log: () => {} },
    );
    expect(first?.status).toBe('applied');
    h.reached.length = 0;
    const second = await post(CREDIT, [{ companyId: 2, creditAmount: 621_575, enabled: true }]);
    expect(second.status).toBe(403);
    expect(second.json.error).toBe('approval_required');
    expect(writesReached()).toEqual([]);
    expect((await h.client.read('creditQuota', 2)).creditAmount).toBe(540_500);
  });

  it('counts a script’s raise split over batches of several companies: the second +15 % of both is refused', async () => {
    const made = await h.client.batch('companies', [
      { outerSysCode: 'SPLIT-A', name: 'Split A', internalUserId: 1 },
      { outerSysCode: 'SPLIT-B', name: 'Split B', internalUserId: 1 },
    ]);
    const a = made[0]!.id!;
    const b = made[1]!.id!;
    await h.client.batch('creditQuotas', [
      { companyId: a, creditAmount: 400_000, enabled: true, memo: '' },
      { companyId: b, creditAmount: 400_000, enabled: true, memo: '' },
    ]);
    const step = (amount: number) =>
      post(CREDIT, [
        { companyId: a, creditAmount: amount, enabled: true },
        { companyId: b, creditAmount: amount, enabled: true },
      ]);
    expect((await step(460_000)).status).toBe(200);
    // Each record's step is in History, with the old value the server read: what the window counts.
    const [entry] = await listHistory(h.db, 'companies', String(a));
    expect(entry?.changes).toContainEqual(
      expect.objectContaining({ field: 'creditAmount', from: 400_000, to: 460_000 }),
    );
    h.reached.length = 0;
    const second = await step(529_000);
    expect(second.json.error).toBe('approval_required');
    expect(writesReached()).toEqual([]);
    expect((await h.client.read('creditQuota', b)).creditAmount).toBe(460_000);
  });

  it('refuses a point balance raised 10,001 points in two steps, the second through the proxy', async () => {
    await h.client.batch('pointQuotas', [{ companyId: 2, balance: 0, enabled: true, memo: '' }]);
    const live = (await previewQuotaEdit(h.client, { tab: 'points', companyIds: [2], changes: {} })).rows[0]!;
    await applyAndRecordQuotaEdit(
      h.client,
      h.db,
      {
        tenant: HARNESS_TENANT,
        user: { id: 'acct-steward', email: 'steward@example.com' },
        tab: 'points',
        rows: [{ companyId: 2, old: live.old, new: { ...live.old, amount: 6_000 }, updatedAt: live.updatedAt }],
      },
      { mirror: false, log: () => {} },
    );
    h.reached.length = 0;
    expect((await post(POINT, [{ companyId: 2, balance: 10_001 }])).json.error).toBe('approval_required');
    expect(writesReached()).toEqual([]);
    expect((await post(POINT, [{ companyId: 2, balance: 10_000 }])).status).toBe(200);
  });
});
