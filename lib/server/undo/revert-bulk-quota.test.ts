import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createService, type Service } from '@/service';
import { IDS, testSeed } from '@/service/testing/fixtures';
import { DEMO_APPROVAL_POLICY } from '@/lib/contract/approval-policy';
import { startRevertBody } from '@/lib/contract/console/reverts';
import type { FamilyName } from '@/lib/imports/families';
import { listProposals, savePolicy } from '../approvals';
import { person, writeHistory } from '../history';
import { recordErpCreditLimits } from '../testing/erp-history';
import { operationWords } from '../audit';
import { listAudit, listHistory } from '../audit/audit-log';
import { describeOnConsoleDbs } from '../jobs/testing/db-engines';
import { creditWritesSeen, runJobToEnd } from '../testing/console-parts';
import { IMPORT_KINDS } from '../runtime/job-kinds';
import { prepareRevert, reviewRevert } from './revert';
import * as attempts from '../imports/attempts';
import * as store from '../imports/store';
import { csvRow } from '../testing/import-files';
import { storeCsvImport } from '../testing/csv-import';
import { startImportJob } from '../testing/start-import-job';

// Reverting a bulk edit and a credit quota import (issue 56 points 3 and 5), on the real job runtime against the
// reference service in-process, on PGlite and Postgres. The service's credit quota writes are counted where it
// receives them: a revert row the approval policy catches never reaches it.

let service: Service;
beforeAll(async () => {
  service = await createService({ memory: true, seed: testSeed() });
}, 120_000);
afterAll(() => service?.close());

const { creditWrites, upstream } = creditWritesSeen(() => service);
const steward = { id: 'acct-steward', email: 'steward@example.com' };

describeOnConsoleDbs('reverting a bulk edit and a quota import', (db, engine) => {
  const tenant = `revert-${engine.name}`;

  async function run(importId: string, family: FamilyName, chunks: number) {
    const jobId = await startImportJob(db(), importId, family, { chunks: [...Array(chunks).keys()], tenant });
    await runJobToEnd({ db: db(), kinds: Object.values(IMPORT_KINDS), upstream }, jobId);
    await store.settle(db(), importId);
  }

  /**
   * Both acme companies at a 300,000 limit (A's memo `memoA`), with their ERP codes, the ERP's write recorded as
   * the mirror records it: the approval policy's window counts again from it (earlier tests changed these limits
   * through the console).
   */
  async function bothCompaniesAt300k(memoA: string) {
    const [a, b] = [IDS.acme.company, IDS.acme.company2];
    const codes = await Promise.all(
      [a, b].map(async (id) => (await upstream.read('creditQuota', id)).companyOuterSysCode!),
    );
    await upstream.batch('creditQuotas', [
      { companyId: a, creditAmount: 300_000, enabled: true, memo: memoA },
      { companyId: b, creditAmount: 300_000, enabled: true, memo: '' },
    ]);
    await recordErpCreditLimits(db(), [a, b], 300_000);
    return { a, b, codes };
  }

  /** An import as the browser sends it after reading the old values (a bulk edit's review, a compared file). */
  async function runImport(
    family: FamilyName,
    origin: 'bulk' | 'file',
    rows: { item: Record<string, unknown>; before: Record<string, unknown> }[],
  ) {
    const importId = await storeCsvImport(
      db(),
      family,
      rows.map((r, n) => csvRow(n, r.item, { before: r.before })),
      steward,
      origin,
    );
    await run(importId, family, await store.assignChunks(db(), importId));
    return importId;
  }

  async function runRevert(importId: string) {
    const { revertId, chunks, family } = await prepareRevert(db(), upstream, importId, steward, {
      include: [],
      exclude: [],
    });
    await run(revertId, family, chunks);
    return revertId;
  }

  it('puts back the sell prices a bulk edit overwrote, read from /v1, and names it a bulk edit', async () => {
    const created = await upstream.batch(
      'skus',
      Array.from({ length: 12 }, (_, n) => ({
        productId: IDS.acme.product,
        outerSysCode: `BULK-${engine.name}-${n}`,
        name: `Bulk ${n}`,
        price: 5000,
        sellPrice: 100 + n,
      })),
    );
    const skus = created.map((r) => ({ id: Number((r as { id: number }).id), sellPrice: 100 + created.indexOf(r) }));
    const old = new Map(skus.map((s) => [s.id, s.sellPrice]));
    const bulkId = await runImport(
      'prices',
      'bulk',
      skus.map((s) => ({ item: { skuId: s.id, sellPrice: 4321 }, before: { sellPrice: s.sellPrice } })),
    );
    expect((await store.getImport(db(), bulkId))!.counts.updated).toBe(12);

    const review = await reviewRevert(db(), upstream, bulkId);
    expect(review).toMatchObject({ origin: 'bulk', waitsForApproval: 0 });
    expect(review.counts).toMatchObject({ restore: 12, changedSince: 0 });
    const revertId = await runRevert(bulkId);

    const live = new Map<number, number>();
    for await (const sku of upstream.listAll('skus', { pageSize: 100 })) live.set(sku.id, sku.sellPrice);
    for (const [id, price] of old) expect(live.get(id)).toBe(price);
    const log = await listAudit(db(), { filters: { family: 'revert' } });
    expect(log.entries.find((e) => e.operation === 'action imports.revert' && e.importId === revertId)).toMatchObject({
      outcome: `reverts bulk edit ${bulkId}: 12 restored, 0 skipped as changed since, 0 refused, 0 unknown`,
    });
    // The audit log's row reads "Reverted bulk edit …", with the rows restored.
    const words = operationWords(
      log.entries.filter((e) => e.importId === revertId),
      revertId,
    );
    expect(words).toMatchObject({ key: 'revertedBulk', values: { count: 12, source: bulkId } });
    // A SKU's History says "Restored from bulk edit …", linking it.
    const [entry] = await listHistory(db(), 'skus', String(skus[0]!.id));
    expect(entry).toMatchObject({ source: 'revert', revertsImportId: bulkId, revertsBulkEdit: true });
  });

  it('restores a raised credit limit at once and holds the revert of a decrease for approval', async () => {
    await savePolicy(db(), tenant, DEMO_APPROVAL_POLICY, { id: 'acct-admin', email: 'admin@example.com' });
    const [a, b] = [IDS.acme.company, IDS.acme.company2];
    await upstream.batch('creditQuotas', [
      { companyId: a, creditAmount: 500_000, enabled: true, memo: 'start' },
      { companyId: b, creditAmount: 2_000_000, enabled: true, memo: 'start' },
    ]);
    // A raised by NT$50,000 (+10 %, within the demo policy), B lowered: both apply at once.
    const importId = await runImport('creditQuotas', 'file', [
      {
        item: { companyId: a, creditAmount: 550_000, enabled: true },
        before: { creditAmount: 500_000, enabled: true },
      },
      {
        item: { companyId: b, creditAmount: 100_000, enabled: true },
        before: { creditAmount: 2_000_000, enabled: true },
      },
    ]);
    expect((await store.getImport(db(), importId))!.counts).toMatchObject({ ok: 2, proposed: 0 });

    const review = await reviewRevert(db(), upstream, importId, DEMO_APPROVAL_POLICY);
    expect(review.counts).toMatchObject({ restore: 2, changedSince: 0, noBefore: 0 });
    expect(review.waitsForApproval).toBe(1);
    expect(review.rows.map((r) => [r.recordId, r.waitsForApproval])).toEqual([
      [String(a), false],
      [String(b), true],
    ]);

    creditWrites.length = 0;
    const revertId = await runRevert(importId);
    expect((await upstream.read('creditQuota', a)).creditAmount).toBe(500_000);
    expect((await upstream.read('creditQuota', b)).creditAmount).toBe(100_000);
    // Nothing was sent for B: the one credit write carried A alone.
    expect(creditWrites).toEqual([[{ companyId: a, creditAmount: 500_000 }]]);
    const rows = await store.listRows(db(), revertId, { limit: 10 });
    expect(rows.map((r) => r.status)).toEqual(['ok', 'proposed']);

    const proposals = await listProposals(db(), tenant);
    expect(proposals).toHaveLength(1);
    expect(proposals[0]).toMatchObject({
      family: 'credit',
      companyId: b,
      old: { amount: 100_000 },
      new: { amount: 2_000_000 },
      source: 'revert',
      sourceId: `${revertId}:1`,
      reason: `#${importId} (f.csv)`,
    });
    const { rows: summary } = await sql<{ outcome: string }>`
      select outcome from audit_log where import_id = ${revertId} and operation = 'action imports.revert'`.execute(
      db(),
    );
    expect(summary.map((s) => s.outcome)).toEqual([
      `reverts import ${importId}: 1 restored, 0 skipped as changed since, 0 refused, 0 unknown, 1 sent for approval`,
    ]);
  });

  it('names a credit limit changed since outside the console, with its time from /v1', async () => {
    const a = IDS.acme.company;
    await upstream.batch('creditQuotas', [{ companyId: a, creditAmount: 500_000, enabled: true, memo: 'start' }]);
    const importId = await runImport('creditQuotas', 'file', [
      {
        item: { companyId: a, creditAmount: 520_000, enabled: true },
        before: { creditAmount: 500_000, enabled: true },
      },
    ]);
    // The ERP changes the limit (the mirror is off: History has no entry), then a steward edits the company's name.
    await upstream.batch('creditQuotas', [{ companyId: a, creditAmount: 530_000, enabled: true, memo: 'erp' }]);
    await writeHistory(db(), {
      actor: person(steward.id, steward.email),
      operation: 'POST /v1/companies/batch',
      targetIds: [String(a)],
      status: 200,
      outcome: 'updated',
      result: 'applied',
      recordType: 'companies',
      records: [
        {
          recordType: 'companies',
          recordId: String(a),
          source: 'form',
          result: 'applied',
          changes: [{ field: 'name', from: 'Acme', to: 'Acme Ltd' }],
          oldRead: true,
        },
      ],
    });
    const { updatedAt } = await upstream.read('creditQuota', a);
    const review = await reviewRevert(db(), upstream, importId, DEMO_APPROVAL_POLICY);
    expect(review.rows).toMatchObject([
      {
        kind: 'changedSince',
        selected: false,
        changedBy: { email: null, source: 'outside', outside: 'updatedAt', at: new Date(updatedAt!).toISOString() },
      },
    ]);
  });

  it('puts back a point quota memo, carrying the balance the batch requires', async () => {
    const a = IDS.acme.company;
    await upstream.batch('pointQuotas', [{ companyId: a, balance: 300, enabled: true, memo: 'old memo' }]);
    const importId = await runImport('pointQuotas', 'file', [
      { item: { companyId: a, balance: 300, memo: 'new memo' }, before: { balance: 300, memo: 'old memo' } },
    ]);
    expect((await store.getImport(db(), importId))!.counts).toMatchObject({ ok: 1 });
    const review = await reviewRevert(db(), upstream, importId, DEMO_APPROVAL_POLICY);
    expect(review.rows).toMatchObject([{ kind: 'restore', carry: { balance: 300 }, waitsForApproval: false }]);
    const revertId = await runRevert(importId);
    expect((await store.listRows(db(), revertId, { limit: 10 })).map((r) => r.status)).toEqual(['ok']);
    expect(await upstream.read('pointQuota', a)).toMatchObject({ balance: 300, memo: 'old memo' });
  });

  it('keeps a credit limit changed after the review when the revert puts back only the memo', async () => {
    const a = IDS.acme.company;
    await upstream.batch('creditQuotas', [{ companyId: a, creditAmount: 500_000, enabled: true, memo: 'old memo' }]);
    const importId = await runImport('creditQuotas', 'file', [
      {
        item: { companyId: a, creditAmount: 500_000, memo: 'new memo' },
        before: { creditAmount: 500_000, memo: 'old memo' },
      },
    ]);
    // Reviewed and started (the rows are stored with the amount of that moment)...
    const { revertId, chunks, family } = await prepareRevert(db(), upstream, importId, steward, {
      include: [],
      exclude: [],
    });
    // ...then a manager lowers the limit through /v1 before the job sends it.
    await upstream.batch('creditQuotas', [{ companyId: a, creditAmount: 480_000 }]);
    creditWrites.length = 0;
    await run(revertId, family, chunks);

    expect(await upstream.read('creditQuota', a)).toMatchObject({ creditAmount: 480_000, memo: 'old memo' });
    expect(creditWrites).toEqual([[{ companyId: a, creditAmount: 480_000, memo: 'old memo' }]]);
    // History names the memo alone: the amount the write carried is no change.
    const [entry] = await listHistory(db(), 'companies', String(a));
    expect(entry).toMatchObject({ source: 'revert', revertsImportId: importId });
    expect((entry!.changes ?? []).map((c) => c.field)).toEqual(['memo']);
  });

  it('lets a company named only by its ERP code be left out of a quota revert', async () => {
    const { a, b, codes } = await bothCompaniesAt300k('');
    // A file keyed by ERP code: History names each company `code:<code>`.
    const importId = await runImport(
      'creditQuotas',
      'file',
      codes.map((code) => ({ item: { companyCode: code, creditAmount: 280_000 }, before: { creditAmount: 300_000 } })),
    );
    const review = await reviewRevert(db(), upstream, importId, DEMO_APPROVAL_POLICY);
    expect(review.rows.map((r) => [r.recordId, r.kind, r.selected])).toEqual(
      codes.map((code) => [`code:${code}`, 'restore', true]),
    );
    // The review's pick travels as the browser sends it (the start's body schema), then to the revert.
    const picks = startRevertBody.parse({ exclude: [`code:${codes[1]}`] });
    const { revertId, chunks, family } = await prepareRevert(db(), upstream, importId, steward, picks);
    await run(revertId, family, chunks);

    expect((await upstream.read('creditQuota', a)).creditAmount).toBe(300_000);
    expect((await upstream.read('creditQuota', b)).creditAmount).toBe(280_000);
    const rows = await store.listRows(db(), revertId, { limit: 10 });
    expect(rows.map((r) => [r.status, r.errors.map((e) => e.code)])).toEqual([
      ['ok', []],
      ['skipped', ['revert_not_chosen']],
    ]);
    // The results page and its download read the rows' cells under the revert's headers: no `code:…` in the id
    // column, the ERP code in its own.
    const { headers } = (await store.getImport(db(), revertId))!;
    expect(headers.slice(0, 3)).toEqual(['id', 'outerSysCode', 'creditAmount']);
    expect(rows.map((r) => r.cells.slice(0, 3))).toEqual(codes.map((code) => ['', code, '300000']));
  });

  it('resends a failed row of a company named by its ERP code, and names a row keeping the live amount', async () => {
    const { a, b, codes } = await bothCompaniesAt300k('old memo');
    // A file keyed by ERP code: A's memo changed (the amount as it was), B's limit lowered.
    const importId = await runImport('creditQuotas', 'file', [
      {
        item: { companyCode: codes[0], creditAmount: 300_000, memo: 'new memo' },
        before: { creditAmount: 300_000, memo: 'old memo' },
      },
      { item: { companyCode: codes[1], creditAmount: 280_000 }, before: { creditAmount: 300_000 } },
    ]);
    const { revertId, chunks, family } = await prepareRevert(db(), upstream, importId, steward, {
      include: [],
      exclude: [],
    });
    // The companies' ERP codes change before the revert is sent: neither row can be written.
    const rename = (suffix: string) =>
      upstream.batch(
        'companies',
        [a, b].map((id, n) => ({ id, outerSysCode: `${codes[n]}${suffix}` })),
      );
    await rename('-MOVED');
    await run(revertId, family, chunks);
    let rows = await store.listRows(db(), revertId, { limit: 10 });
    expect(rows.map((r) => [r.status, r.errors.map((e) => e.code)])).toEqual([
      ['not_sent', ['revert_amount_unread']],
      ['failed', ['company_not_found']],
    ]);
    await rename('');

    // Resent as the results page sends the failed rows' cells: the memo row is refused by name, nothing moves...
    const view = (await store.getImport(db(), revertId))!;
    await expect(
      attempts.prepareResend(
        db(),
        view,
        rows.map((r) => ({ rowNo: r.rowNo, cells: r.cells })),
      ),
    ).rejects.toMatchObject({
      code: 'rows_invalid',
      rows: [{ rowNo: 0, errors: [{ code: 'revert_amount_carried' }] }],
    });
    // ...and B's row alone names its company by the ERP code again and puts its limit back.
    const prepared = await attempts.prepareResend(db(), view, [{ rowNo: 1, cells: rows[1]!.cells }]);
    const jobId = await startImportJob(db(), revertId, family, { chunks: [prepared.firstChunk], tenant });
    await runJobToEnd({ db: db(), kinds: Object.values(IMPORT_KINDS), upstream }, jobId);
    await store.settle(db(), revertId);
    rows = await store.listRows(db(), revertId, { limit: 10 });
    expect(rows.map((r) => [r.status, r.attempt])).toEqual([
      ['not_sent', 1],
      ['ok', 2],
    ]);
    expect(await upstream.read('creditQuota', b)).toMatchObject({ creditAmount: 300_000 });
    expect(await upstream.read('creditQuota', a)).toMatchObject({ creditAmount: 300_000, memo: 'new memo' });
  });
});
