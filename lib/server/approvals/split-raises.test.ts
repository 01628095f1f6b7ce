import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APPROVAL_POLICY } from '@/lib/contract/approval-policy';
import { consoleRequest, createProxyHarness, HARNESS_TENANT, type ProxyHarness } from '../testing/proxy-harness';
import { IMPORT_JOB_KINDS } from '../imports/import-job';
import * as store from '../imports/store';
import { csvImportMeta, csvRow } from '../testing/import-files';
import { startImportJob } from '../testing/start-import-job';
import { consoleDbEngines, stopConsoleDbEngines } from '../jobs/testing/db-engines';
import { applyAndRecordQuotaEdit, previewQuotaEdit } from '../quotas';
import { runJobToEnd } from '../testing/console-parts';
import { recordErpCreditLimits } from '../testing/erp-history';
import {
  annotatePreview,
  approveProposal,
  holdCaughtRows,
  listProposals,
  propose,
  proposeCaught,
  savePolicy,
  withdrawProposal,
} from '.';

// Split raises count as one (issue 61 point 2), as a table: each scenario's earlier steps are made through the
// console's real write path (History written by it), an approval by a second person, or the ERP's write as the
// mirror records it; then the next +15 % step is sent down each path (the quota dialog, bulk edit, an import, a
// revert's hold, the proxy) against the reference service, on PGlite and Postgres. The demo policy: over 20 % or
// over NT$100,000 needs approval. Every scenario starts with an ERP write, which restarts the count.
const steward = { id: 'acct-steward', email: 'steward@example.com' };
const manager = { id: 'acct-manager', email: 'manager@example.com' };
const COMPANY = 1;
const log = () => {};

type Path = 'dialog' | 'bulk' | 'import' | 'revert' | 'proxy';
const PATHS: Path[] = ['dialog', 'bulk', 'import', 'revert', 'proxy'];

type Before = { kind: 'step'; to: number } | { kind: 'approved'; to: number } | { kind: 'erp'; to: number };
const step = (to: number): Before => ({ kind: 'step', to });

// [what, earlier steps after the ERP's 470,000, the final amount, held for approval]
const SCENARIOS: [string, Before[], number, boolean][] = [
  ['one +15 % step applies', [], 540_500, false],
  ['a second +15 % step is +32 % over the window: held', [step(540_500)], 621_575, true],
  ['steps under both thresholds over the window apply', [step(500_000)], 560_000, false],
  ['an approved step restarts the count', [step(540_500), { kind: 'approved', to: 621_575 }], 714_811, false],
  ['an ERP write restarts the count', [step(540_500), { kind: 'erp', to: 600_000 }], 690_000, false],
  ['a decrease then raises: measured from the lowest', [step(300_000), step(345_000)], 396_750, true],
];

describe.each(consoleDbEngines())('split raises on every path, on $name', (engine) => {
  let h: ProxyHarness;
  beforeAll(async () => {
    h = await createProxyHarness({ policy: DEMO_APPROVAL_POLICY, connection: (await engine.open()).connection });
    await savePolicy(h.db, HARNESS_TENANT, DEMO_APPROVAL_POLICY, { id: 'acct-admin', email: 'admin@example.com' });
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await stopConsoleDbEngines();
  });

  const live = async () =>
    (await previewQuotaEdit(h.client, { tab: 'credit', companyIds: [COMPANY], changes: {} })).rows[0]!;

  /** The ERP's write, as the mirror records it: the platform's value, then History's `outside` change. */
  async function erpSets(amount: number) {
    const from = (await live()).old.amount;
    await h.client.batch('creditQuotas', [{ companyId: COMPANY, creditAmount: amount, enabled: true, memo: 'erp' }]);
    await recordErpCreditLimits(h.db, [COMPANY], amount, from);
  }

  /** A console step through the quota edit's own write path (sent, and recorded in History by it). */
  async function consoleStep(amount: number) {
    const now = await live();
    const [outcome] = await applyAndRecordQuotaEdit(
      h.client,
      h.db,
      {
        tenant: HARNESS_TENANT,
        user: steward,
        tab: 'credit',
        rows: [{ companyId: COMPANY, old: now.old, new: { ...now.old, amount }, updatedAt: now.updatedAt }],
      },
      { mirror: false, log },
    );
    expect(outcome?.status).toBe('applied');
  }

  async function approvedStep(amount: number) {
    const now = await live();
    const proposal = await propose(h.db, {
      tenant: HARNESS_TENANT,
      family: 'credit',
      companyId: COMPANY,
      companyCode: now.code,
      companyName: null,
      old: now.old,
      new: { ...now.old, amount },
      oldUpdatedAt: now.updatedAt,
      rules: ['credit_increase_percent'],
      policyVersion: null,
      reason: 'New branch',
      source: 'edit',
      by: steward,
      expiryDays: 7,
    });
    const decision = await approveProposal(h.db, h.client, {
      tenant: HARNESS_TENANT,
      id: proposal.id,
      approver: manager,
      mirror: false,
      log,
    });
    expect(decision.kind).toBe('applied');
  }

  async function runImport(amount: number, origin: 'bulk' | undefined) {
    const importId = await store.createImport(h.db, csvImportMeta('creditQuotas', 1, origin), steward);
    const item = { companyId: COMPANY, creditAmount: amount, enabled: true, memo: 'file' };
    await store.appendRows(h.db, importId, 'creditQuotas', [csvRow(0, item)]);
    const chunks = await store.assignChunks(h.db, importId);
    const jobId = await startImportJob(h.db, importId, 'creditQuotas', {
      chunks: [...Array(chunks).keys()],
      tenant: HARNESS_TENANT,
    });
    await runJobToEnd({ db: h.db, kinds: Object.values(IMPORT_JOB_KINDS), upstream: h.client }, jobId);
    const [row] = await store.listRows(h.db, importId, { limit: 10 });
    return row!.status === 'proposed';
  }

  /** Sends the final step down one path; true when it was held for approval (nothing sent). */
  async function finalStep(path: Path, amount: number): Promise<boolean> {
    const now = await live();
    const row = { companyId: COMPANY, old: now.old, new: { ...now.old, amount }, updatedAt: now.updatedAt };
    switch (path) {
      case 'dialog': {
        const { outcomes } = await proposeCaught(h.db, {
          tenant: HARNESS_TENANT,
          demoMode: true,
          tab: 'credit',
          rows: [row],
          company: async () => ({ code: now.code, name: null }),
          reason: 'Contract',
          replace: false,
          by: steward,
        });
        // What the policy hands back is sent by the action's write path.
        if (outcomes.length === 0) await consoleStep(amount);
        return outcomes[0]?.status === 'proposed';
      }
      case 'bulk':
        return runImport(amount, 'bulk');
      case 'import':
        return runImport(amount, undefined);
      case 'revert': {
        const { held } = await holdCaughtRows(h.db, h.client, {
          tenant: HARNESS_TENANT,
          family: 'credit',
          rows: [{ rowNo: 0, item: { companyId: COMPANY, creditAmount: amount, enabled: true } }],
          by: steward,
          reason: '#1 (f.csv)',
          source: 'revert',
          importId: `revert-${Date.now()}`,
          fallback: DEMO_APPROVAL_POLICY,
          companyName: async () => null,
        });
        // What the hold hands back, the job sends.
        if (held.length === 0) await consoleStep(amount);
        return held[0]?.kind === 'proposed';
      }
      case 'proxy': {
        const body = JSON.stringify([{ companyId: COMPANY, creditAmount: amount, enabled: true }]);
        const response = await h.proxy(
          consoleRequest('POST', '/v1/companies/credit-quota/batch', { cookie: h.cookies.steward, body }),
        );
        const answer = (await response.json()) as { error?: string };
        if (response.status === 403) expect(answer.error).toBe('approval_required');
        else expect(response.status).toBe(200);
        return response.status === 403;
      }
    }
  }

  const cases = SCENARIOS.flatMap(([what, before, final, held]) =>
    PATHS.map((path) => [`${what} (${path})`, path, before, final, held] as const),
  );

  it.each(cases)('%s', async (_what, path, before, final, held) => {
    await erpSets(470_000);
    for (const b of before) {
      if (b.kind === 'step') await consoleStep(b.to);
      else if (b.kind === 'approved') await approvedStep(b.to);
      else await erpSets(b.to);
    }
    const liveBefore = (await live()).old.amount;
    expect(await finalStep(path, final)).toBe(held);
    // Held: nothing reached the platform; the proposal is withdrawn so the next case starts clean.
    expect((await live()).old.amount).toBe(held ? liveBefore : final);
    for (const p of await listProposals(h.db, HARNESS_TENANT))
      await withdrawProposal(h.db, HARNESS_TENANT, p.id, p.proposedBy);
  });

  it('leaves out the steps older than the policy window', async () => {
    await erpSets(470_000);
    await consoleStep(540_500);
    // Everything so far happened 31 days ago: the window (30 days) starts after it.
    await sql`update audit_change set at = at - interval '31 days' where record_id = ${String(COMPANY)}`.execute(h.db);
    expect(await finalStep('proxy', 621_575)).toBe(false);
  });

  it('shows the steps that make up a split raise: the review in words, the proposal to the approver', async () => {
    await erpSets(470_000);
    await consoleStep(540_500);
    await consoleStep(621_575);
    const now = await live();
    const row = { ...now, name: null, new: { ...now.old, amount: 714_811 }, errors: [] };
    const review = await annotatePreview(h.db, HARNESS_TENANT, true, 'credit', [row]);
    expect(review.rows[0]).toMatchObject({
      rules: ['credit_increase_percent', 'credit_increase_amount'],
      window: { days: 30, base: 470_000 },
    });
    expect(await finalStep('dialog', 714_811)).toBe(true);
    const [proposal] = await listProposals(h.db, HARNESS_TENANT);
    expect(proposal!.window).toMatchObject({ base: 470_000, since: expect.any(String) });
    expect(proposal!.window!.steps).toEqual([
      { at: expect.any(String), from: 470_000, to: 540_500, byEmail: steward.email },
      { at: expect.any(String), from: 540_500, to: 621_575, byEmail: steward.email },
    ]);
    expect(proposal!.window!.since).toBe(proposal!.window!.steps[0]!.at);
    await withdrawProposal(h.db, HARNESS_TENANT, proposal!.id, steward);
  });
});
