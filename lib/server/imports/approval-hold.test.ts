import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Service } from '@/service';
import { IDS } from '@/service/testing/fixtures';
import { DEMO_APPROVAL_POLICY } from '@/lib/contract/approval-policy';
import { resultWord } from '@/lib/contract/result-words';
import type { ConsoleDatabase } from '../db/types';
import { listProposals, savePolicy } from '../approvals';
import { creditWritesSeen, runJobToEnd, withServiceAndConsoleDb } from '../testing/console-parts';
import { IMPORT_JOB_KINDS } from './import-job';
import * as store from './store';
import { csvRow } from '../testing/import-files';
import { storeCsvImport } from '../testing/csv-import';
import { startImportJob } from '../testing/start-import-job';

// A credit quota import under the approval policy (issue 55 point 3), on the real job runtime against the
// reference service in-process (signed and verified as over HTTP), with the console database on PGlite. The
// service's credit quota writes are counted where it receives them: a row the policy catches never reaches it.

let service: Service;
let db: Kysely<ConsoleDatabase>;
withServiceAndConsoleDb((opened) => ({ service, db } = opened));

const { creditWrites, upstream } = creditWritesSeen(() => service);
const steward = { id: 'acct-steward', email: 'steward@example.com' };

async function setCredit(companyId: number, creditAmount: number) {
  await upstream.batch('creditQuotas', [{ companyId, creditAmount, enabled: true, memo: 'start' }]);
}

async function creditOf(companyId: number) {
  return (await upstream.read('creditQuota', companyId)).creditAmount;
}

async function runCreditImport(tenant: string, items: Record<string, unknown>[]) {
  const importId = await storeCsvImport(
    db,
    'creditQuotas',
    items.map((item, n) => csvRow(n, item)),
    steward,
  );
  const chunks = await store.assignChunks(db, importId, store.CHUNK_SIZE);
  const jobId = await startImportJob(db, importId, 'creditQuotas', { chunks: [...Array(chunks).keys()], tenant });
  await runJobToEnd({ db, kinds: Object.values(IMPORT_JOB_KINDS), upstream }, jobId);
  await store.settle(db, importId);
  return { importId, rows: await store.listRows(db, importId, { limit: 1_000 }) };
}

describe('a credit quota import under the approval policy', () => {
  it('stores the rows the policy catches as proposals, sends only the others, and counts them apart', async () => {
    const tenant = 'held';
    await savePolicy(db, tenant, DEMO_APPROVAL_POLICY, { id: 'acct-admin', email: 'admin@example.com' });
    await setCredit(IDS.acme.company, 100_000);
    await setCredit(IDS.acme.company2, 100_000);
    creditWrites.length = 0;

    const { importId, rows } = await runCreditImport(tenant, [
      // +50 %: over the demo's 20 %.
      { companyId: IDS.acme.company, creditAmount: 150_000, enabled: true },
      // +5 %: applies at once.
      { companyId: IDS.acme.company2, creditAmount: 105_000, enabled: true },
      // A second caught change for the same company while the first waits: one proposal per company and field.
      { companyId: IDS.acme.company, creditAmount: 400_000, enabled: true },
    ]);

    expect(rows.map((r) => [r.status, r.errors.map((e) => e.code)])).toEqual([
      ['proposed', []],
      ['ok', []],
      ['not_sent', ['proposal_waits']],
    ]);
    expect(resultWord(rows[0]!.status)).toBe('sentForApproval');
    // The service received one credit quota write, carrying only the row the policy let through.
    expect(creditWrites).toEqual([[{ companyId: IDS.acme.company2, creditAmount: 105_000, enabled: true }]]);
    expect(await creditOf(IDS.acme.company)).toBe(100_000);
    expect(await creditOf(IDS.acme.company2)).toBe(105_000);

    const [proposal, ...more] = await listProposals(db, tenant);
    expect(more).toEqual([]);
    expect(proposal).toMatchObject({
      family: 'credit',
      companyId: IDS.acme.company,
      old: { amount: 100_000, enabled: true },
      new: { amount: 150_000, enabled: true },
      rules: ['credit_increase_percent'],
      source: 'import',
      sourceId: `${importId}:0`,
      reason: 'f.csv',
      proposedBy: steward,
    });

    // The import's counts (the results page and the Imports list read them) have the word of their own.
    const view = await store.getImport(db, importId);
    expect(view!.counts).toMatchObject({ proposed: 1, ok: 1, not_sent: 1, failed: 0 });
    // On the record: the proposal's own entry under the proposer; the chunk's write names only what was sent.
    const { rows: audit } = await sql<{ operation: string; target_ids: string[] | string }>`
      select operation, target_ids from audit_log where user_email = ${steward.email} order by id`.execute(db);
    expect(audit.map((a) => a.operation)).toEqual([
      'action approvals.proposed',
      'POST /v1/companies/credit-quota/batch',
    ]);
  });

  it('sends every row when no policy holds them (none saved, not the demo)', async () => {
    await setCredit(IDS.acme.company2, 100_000);
    creditWrites.length = 0;
    const { rows } = await runCreditImport('no-policy', [
      { companyId: IDS.acme.company2, creditAmount: 150_000, enabled: true },
    ]);
    expect(rows.map((r) => r.status)).toEqual(['ok']);
    expect(creditWrites).toHaveLength(1);
    expect(await creditOf(IDS.acme.company2)).toBe(150_000);
  });
});
