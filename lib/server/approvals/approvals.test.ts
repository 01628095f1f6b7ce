import { afterAll, beforeAll, expect, it } from 'vitest';
import { createService, type Service } from '@/service';
import { signRequest } from '@/lib/signing';
import { creditRulesTripped, DEMO_APPROVAL_POLICY, NO_APPROVAL_POLICY } from '@/lib/contract/approval-policy';
import { createUpstreamClient, type UpstreamClient } from '../upstream';
import { SkewTracker } from '../upstream/skew';
import { describeOnConsoleDbs } from '../jobs/testing/db-engines';
import { previewQuotaEdit } from '../quotas';
import { listHistoryPage } from '../audit';
import { approvalActions } from '@/lib/contract/console/approvals';
import { proposalRecordOf } from '@/lib/contract/proposal-record';
import {
  approveEach,
  approveProposal,
  readProposal,
  rejectEach,
  listProposals,
  OpenProposalExistsError,
  policyInForce,
  propose,
  rejectProposal,
  savePolicy,
  withdrawProposal,
  type ProposalInput,
} from '.';

// Proposals and decisions against the reference service (demo seed, in-process, real signing), with the console
// database on PGlite and on Postgres. The service's requests are counted where it receives them: a proposal must
// never reach /v1 before a second person approves it.
const TENANT = 'demo';
const steward = { id: 'acct-steward', email: 'steward@example.com' };
const manager = { id: 'acct-manager', email: 'manager@example.com' };
const other = { id: 'acct-manager-2', email: 'manager2@example.com' };
const admin = { id: 'acct-admin', email: 'admin@example.com' };
const noLog = () => {};

let service: Service;
const creditWrites: unknown[][] = [];

/** `hold` lets a test decide when this client's reads reach the service (the order of two approvers). */
function client(hold?: () => Promise<void>): UpstreamClient {
  return createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    clientId: 'demo-erp',
    clientSecret: 'demo-erp-secret',
    fetch: async (request: Request) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/v1/companies/credit-quota/batch')
        creditWrites.push((await request.clone().json()) as unknown[]);
      if (request.method === 'GET' && hold) await hold();
      return service.fetch(request);
    },
    skew: new SkewTracker(),
  });
}

/** The ERP's own write, signed with its credential, straight to the service (it is never gated). */
async function erpSetsCredit(companyId: number, creditAmount: number) {
  const body = JSON.stringify([{ companyId, creditAmount, enabled: true, memo: 'erp' }]);
  const path = '/v1/companies/credit-quota/batch';
  const headers = await signRequest({
    method: 'POST',
    pathAndQuery: path,
    body,
    clientId: 'demo-erp',
    secret: 'demo-erp-secret',
  });
  const response = await service.fetch(
    new Request(`http://svc${path}`, {
      method: 'POST',
      body,
      headers: { ...headers, 'content-type': 'application/json' },
    }),
  );
  expect(response.status).toBe(200);
}

async function liveCredit(upstream: UpstreamClient, companyId: number) {
  const { rows } = await previewQuotaEdit(upstream, { tab: 'credit', companyIds: [companyId], changes: {} });
  return rows[0]!;
}

beforeAll(async () => {
  service = await createService({ memory: true, seed: 'service/seed/demo.json' });
}, 120_000);
afterAll(async () => {
  await service?.close();
});

let nextCompany = 1;
/** A company of the seed with a known live limit and control on, one per test so tests do not share a proposal. */
async function freshCompany(upstream: UpstreamClient, amount: number) {
  const companyId = nextCompany++;
  await erpSetsCredit(companyId, amount);
  const live = await liveCredit(upstream, companyId);
  return { companyId, live };
}

function proposalFor(companyId: number, live: Awaited<ReturnType<typeof liveCredit>>, amount: number): ProposalInput {
  const next = { ...live.old, amount };
  return {
    tenant: TENANT,
    family: 'credit',
    companyId,
    companyCode: live.code,
    companyName: null,
    old: live.old,
    new: next,
    oldUpdatedAt: live.updatedAt,
    rules: creditRulesTripped(
      DEMO_APPROVAL_POLICY,
      live.code,
      { creditAmount: live.old.amount, enabled: true },
      { creditAmount: amount },
    ),
    policyVersion: null,
    reason: 'New contract signed',
    source: 'edit',
    by: steward,
    expiryDays: 7,
  };
}

describeOnConsoleDbs('proposals and decisions', (db) => {
  const upstream = client();
  /** An approval as a route makes it, less the mirror write and the log, through `via`. */
  const approveAs = (via: UpstreamClient, id: string, approver: typeof manager, extra: { confirmStale?: true } = {}) =>
    approveProposal(db(), via, { tenant: TENANT, id, approver, mirror: false, log: noLog, ...extra });

  it('keeps the policy in versions; none saved means the start default', async () => {
    expect((await policyInForce(db(), TENANT, NO_APPROVAL_POLICY)).version).toBeNull();
    const v1 = await savePolicy(db(), TENANT, DEMO_APPROVAL_POLICY, admin);
    const v2 = await savePolicy(db(), TENANT, { ...DEMO_APPROVAL_POLICY, expiryDays: 3 }, admin);
    expect(v2).toBeGreaterThan(v1);
    const inForce = await policyInForce(db(), TENANT, NO_APPROVAL_POLICY);
    expect(inForce).toMatchObject({ version: v2, savedByEmail: admin.email, policy: { expiryDays: 3 } });
  });

  it('never sends a proposal before approval, and applies it once approved by someone else', async () => {
    const { companyId, live } = await freshCompany(upstream, 2_000_000);
    const before = creditWrites.length;
    const proposal = await propose(db(), proposalFor(companyId, live, 3_000_000));
    expect(proposal).toMatchObject({ state: 'open', rules: ['credit_increase_percent', 'credit_increase_amount'] });
    expect(creditWrites.length).toBe(before);
    expect((await liveCredit(upstream, companyId)).old.amount).toBe(2_000_000);

    const decision = await approveAs(upstream, proposal.id, manager);
    expect(decision.kind).toBe('applied');
    expect(creditWrites.length).toBe(before + 1);
    expect((await liveCredit(upstream, companyId)).old.amount).toBe(3_000_000);
    expect(decision.kind === 'applied' && decision.proposal.decidedBy).toEqual(manager);
  });

  it('refuses self-approval for every role, admins included, and self-rejection', async () => {
    for (const author of [steward, manager, admin]) {
      const { companyId, live } = await freshCompany(upstream, 100_000);
      const proposal = await propose(db(), { ...proposalFor(companyId, live, 500_000), by: author });
      const before = creditWrites.length;
      expect((await approveAs(upstream, proposal.id, author)).kind).toBe('own_proposal');
      expect(
        (await rejectProposal(db(), { tenant: TENANT, id: proposal.id, approver: author, comment: 'no' })).kind,
      ).toBe('own_proposal');
      expect(creditWrites.length).toBe(before);
      expect((await listProposals(db(), TENANT)).some((p) => p.id === proposal.id && p.state === 'open')).toBe(true);
    }
  });

  it('one open proposal per company and family: a second is refused unless it replaces the first', async () => {
    const { companyId, live } = await freshCompany(upstream, 100_000);
    const first = await propose(db(), proposalFor(companyId, live, 300_000));
    await expect(propose(db(), proposalFor(companyId, live, 400_000))).rejects.toBeInstanceOf(OpenProposalExistsError);
    const second = await propose(db(), { ...proposalFor(companyId, live, 400_000), replace: true });
    const open = (await listProposals(db(), TENANT)).filter((p) => p.companyId === companyId);
    expect(open.map((p) => p.id)).toEqual([second.id]);
    const mine = await listProposals(db(), TENANT, { states: ['withdrawn'], proposedBy: steward.id });
    expect(mine.map((p) => p.id)).toContain(first.id);
  });

  it('only the author withdraws; a rejection needs a comment the author then reads', async () => {
    const { companyId, live } = await freshCompany(upstream, 100_000);
    const p = await propose(db(), proposalFor(companyId, live, 300_000));
    expect(await withdrawProposal(db(), TENANT, p.id, manager)).toBeNull();
    expect((await rejectProposal(db(), { tenant: TENANT, id: p.id, approver: manager, comment: '  ' })).kind).toBe(
      'comment_required',
    );
    const rejected = await rejectProposal(db(), {
      tenant: TENANT,
      id: p.id,
      approver: manager,
      comment: 'Over the segment limit',
    });
    expect(rejected).toMatchObject({
      kind: 'rejected',
      proposal: { state: 'rejected', comment: 'Over the segment limit' },
    });
    const q = await propose(db(), proposalFor(companyId, live, 300_000));
    expect((await withdrawProposal(db(), TENANT, q.id, steward))?.state).toBe('withdrawn');
  });

  it('a stale proposal shows the three values and is sent only after an explicit second look', async () => {
    const { companyId, live } = await freshCompany(upstream, 1_000_000);
    const p = await propose(db(), proposalFor(companyId, live, 2_000_000));
    await erpSetsCredit(companyId, 1_200_000);
    const before = creditWrites.length;
    const first = await approveAs(upstream, p.id, manager);
    expect(first).toMatchObject({
      kind: 'stale',
      proposed: { amount: 1_000_000 },
      now: { amount: 1_200_000 },
      proposal: { new: { amount: 2_000_000 }, state: 'open' },
    });
    expect(creditWrites.length).toBe(before);
    const confirmed = await approveAs(upstream, p.id, manager, { confirmStale: true });
    expect(confirmed.kind).toBe('applied');
    expect((await liveCredit(upstream, companyId)).old.amount).toBe(2_000_000);
  });

  it('two managers approving the same proposal at once send one write', async () => {
    const { companyId, live } = await freshCompany(upstream, 100_000);
    const p = await propose(db(), proposalFor(companyId, live, 900_000));
    const before = creditWrites.length;
    const decisions = await Promise.all([manager, other].map((approver) => approveAs(upstream, p.id, approver)));
    expect(decisions.map((d) => d.kind).sort()).toEqual(['applied', 'not_open']);
    expect(creditWrites.length).toBe(before + 1);
  });

  it('an approver who reads the live value after another approver sent the proposal is told it is decided, not stale', async () => {
    const { companyId, live } = await freshCompany(upstream, 100_000);
    const p = await propose(db(), proposalFor(companyId, live, 900_000));
    const before = creditWrites.length;
    let firstDone!: () => void;
    const firstDecided = new Promise<void>((resolve) => (firstDone = resolve));
    // The second approver has read the open proposal; its read of the live value arrives after the first's send.
    const second = approveAs(
      client(() => firstDecided),
      p.id,
      other,
    );
    const first = await approveAs(upstream, p.id, manager);
    firstDone();
    expect(first.kind).toBe('applied');
    expect(await second).toMatchObject({ kind: 'not_open', proposal: { state: 'applied' } });
    expect(creditWrites.length).toBe(before + 1);
  });

  it("each decision owns its comment: a rejection's comment never rides on the next approval", async () => {
    const a = await freshCompany(upstream, 1_560_000);
    const b = await freshCompany(upstream, 1_560_000);
    const pa = await propose(db(), proposalFor(a.companyId, a.live, 2_340_000));
    const pb = await propose(db(), proposalFor(b.companyId, b.live, 2_340_000));
    const words = '額度增加過大，請先提供新分店的財報再提案';
    const decide = { tenant: TENANT, approver: manager };
    expect(await rejectEach(db(), { ...decide, decisions: [{ id: pa.id, comment: words }] })).toEqual([
      { id: pa.id, kind: 'rejected' },
    ]);
    const approved = await approveEach(db(), upstream, {
      ...decide,
      decisions: [{ id: pb.id }],
      confirmStale: false,
      mirror: false,
      log: noLog,
    });
    expect(approved).toEqual([{ id: pb.id, kind: 'applied' }]);
    expect((await readProposal(db(), TENANT, pa.id))?.comment).toBe(words);
    expect((await readProposal(db(), TENANT, pb.id))?.comment).toBeNull();

    // History: A's rejection carries the comment, B's approval and B's write carry no word of it.
    const historyA = (await listHistoryPage(db(), 'companies', String(a.companyId))).entries;
    const historyB = (await listHistoryPage(db(), 'companies', String(b.companyId))).entries;
    expect(JSON.stringify(historyB)).not.toContain('額度增加過大');
    const rejected = historyA.map((e) => proposalRecordOf(e.changes)).find((r) => r?.step === 'rejected');
    expect(rejected).toMatchObject({
      comment: words,
      decidedBy: manager.email,
      old: { amount: 1_560_000 },
      new: { amount: 2_340_000 },
      rules: ['credit_increase_percent', 'credit_increase_amount'],
      thresholds: { percent: 20, amount: 100_000 },
    });
    const approval = historyB.map((e) => proposalRecordOf(e.changes)).find((r) => r?.step === 'approved');
    expect(approval).toMatchObject({ comment: null, decidedBy: manager.email });
    // A proposal step is no field change: nothing to restore, no "creditAmount" to read as an applied limit.
    for (const e of [...historyA, ...historyB].filter((e) => e.operation.startsWith('action approvals.')))
      expect(e.changes?.map((c) => c.field)).toEqual(['$proposal']);
  });

  it('two decisions sent together keep their own comments; the action takes a comment only beside its proposal', async () => {
    const a = await freshCompany(upstream, 100_000);
    const b = await freshCompany(upstream, 100_000);
    const pa = await propose(db(), proposalFor(a.companyId, a.live, 400_000));
    const pb = await propose(db(), proposalFor(b.companyId, b.live, 400_000));
    await rejectEach(db(), {
      tenant: TENANT,
      approver: manager,
      decisions: [
        { id: pa.id, comment: 'For A only' },
        { id: pb.id, comment: 'For B only' },
      ],
    });
    expect((await readProposal(db(), TENANT, pa.id))?.comment).toBe('For A only');
    expect((await readProposal(db(), TENANT, pb.id))?.comment).toBe('For B only');
    // The old shape, one comment for every id, is refused before anything is decided; so is one proposal twice.
    const approve = approvalActions.approve.input;
    expect(approve.safeParse({ ids: [pa.id], comment: 'x', confirmStale: false }).success).toBe(false);
    expect(
      approve.safeParse({ decisions: [{ id: pa.id }, { id: pa.id, comment: 'x' }], confirmStale: false }).success,
    ).toBe(false);
    expect(approvalActions.reject.input.safeParse({ decisions: [{ id: pa.id }] }).success).toBe(false);
  });
});
