import { describe, expect, it } from 'vitest';
import { creditQuota, pointQuota, type SeedFile } from '@/lib/contract';
import { call } from '../testing/client';
import { engines } from '../testing/engines';
import { IDS, testSeed } from '../testing/fixtures';
import { withRefusedRows, stopEnginesAfterAll, useClockedService } from '../testing/harness';

/**
 * Point quota (Operation 13 and its read) and contract credit quota (Operation 14 and its batch) against
 * the real service on PGlite and Postgres. Companies 3 and 4 of the test seed share the code DUP.
 */
const A = IDS.acme;

function quotaSeed(): SeedFile {
  const seed = testSeed();
  const acme = seed.tenants[0]!;
  acme.companies.push(
    {
      id: 5,
      outerSysCode: 'C005',
      name: 'Over the limit',
      shortName: '',
      cellPhone: '',
      shippingAddress: '',
      internalUserId: 1,
      status: 'Active',
    },
    {
      id: 6,
      outerSysCode: 'C006',
      name: 'Points holder',
      shortName: '',
      cellPhone: '',
      shippingAddress: '',
      internalUserId: 1,
      status: 'Active',
    },
  );
  acme.creditQuotas.push({ companyId: 5, creditAmount: 1000.1, pendingAmount: 1000.3, enabled: true, memo: 'Net 30' });
  acme.pointQuotas.push({ companyId: 6, balance: 300, enabled: false, memo: 'loyalty' });
  seed.tenants[1]!.creditQuotas.push({
    companyId: IDS.globex.company,
    creditAmount: 1,
    pendingAmount: 0,
    enabled: true,
    memo: '',
  });
  return seed;
}

stopEnginesAfterAll();

const START = Date.parse('2026-10-01T08:00:00.000Z');

describe.each(engines())('quotas on $name', (engine) => {
  const { service, clock, api } = useClockedService(engine, quotaSeed(), START);
  const points = (items: unknown[]) => api('POST', '/v1/companies/point-quota/batch', items);
  const credits = (items: unknown[]) => api('POST', '/v1/companies/credit-quota/batch', items);
  const readPoints = async (id: number) => (await api('GET', `/v1/companies/${id}/point-quota`)).body;
  const readCredit = async (id: number) => (await api('GET', `/v1/companies/${id}/credit-quota`)).body;

  describe('credit quota read', () => {
    it('answers the never-set defaults with 200', async () => {
      const res = await api('GET', `/v1/companies/${A.company2}/credit-quota`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        companyId: 2,
        companyOuterSysCode: 'C002',
        creditAmount: 0,
        pendingAmount: 0,
        availableAmount: 0,
        enabled: false,
        memo: '',
        updatedAt: null,
      });
      expect(creditQuota.strict().parse(res.body)).toEqual(res.body);
    });

    it('reports availableAmount unclamped and exact when pending is over the limit', async () => {
      const body = await readCredit(5);
      // 1000.1 − 1000.3 in floating point is −0.19999999999993634; the service answers −0.2.
      expect(body).toMatchObject({
        creditAmount: 1000.1,
        pendingAmount: 1000.3,
        availableAmount: -0.2,
        enabled: true,
        memo: 'Net 30',
      });
      expect(body.updatedAt).toBe(new Date(START).toISOString());
    });

    it('answers a problem-details 404 company_not_found for a missing or foreign company', async () => {
      for (const id of [9999, IDS.globex.company]) {
        const res = await api('GET', `/v1/companies/${id}/credit-quota`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          type: expect.any(String),
          title: expect.any(String),
          status: 404,
          detail: 'company_not_found',
          instance: `/v1/companies/${id}/credit-quota`,
        });
      }
    });
  });

  describe('point quota read', () => {
    it('answers the never-set defaults and a seeded record', async () => {
      expect(await readPoints(A.company)).toEqual({
        companyId: 1,
        companyOuterSysCode: 'C001',
        balance: 0,
        enabled: false,
        memo: '',
        updatedAt: null,
      });
      const seeded = await readPoints(6);
      expect(pointQuota.strict().parse(seeded)).toEqual(seeded);
      expect(seeded).toMatchObject({ balance: 300, enabled: false, memo: 'loyalty' });
    });

    it('answers a problem-details 404 company_not_found for a missing or foreign company', async () => {
      const res = await api('GET', `/v1/companies/${IDS.globex.company}/point-quota`);
      expect(res).toMatchObject({
        status: 404,
        body: { detail: 'company_not_found', instance: `/v1/companies/${IDS.globex.company}/point-quota` },
      });
    });
  });

  describe('point quota batch', () => {
    it('mixes companyId and companyCode items and matches results by index', async () => {
      clock.now = START + 3_600_000;
      const res = await points([
        { companyCode: 'C001', balance: 10 },
        { companyId: A.company2, balance: 20.12345, memo: 'by id' },
        { companyCode: 'C001', balance: 11 }, // the same code again: results are by index, not by code
        { companyId: A.company, companyCode: 'NO-SUCH-CODE', balance: 12 }, // the id wins
        { companyCode: 'NO-SUCH-CODE', balance: 1 },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.items).toEqual([
        { index: 0, companyCode: 'C001', status: 'ok', error: null },
        { index: 1, companyCode: '', status: 'ok', error: null },
        { index: 2, companyCode: 'C001', status: 'ok', error: null },
        { index: 3, companyCode: 'NO-SUCH-CODE', status: 'ok', error: null },
        { index: 4, companyCode: 'NO-SUCH-CODE', status: 'failed', error: 'company_not_found' },
      ]);
      expect(await readPoints(A.company)).toEqual({
        companyId: 1,
        companyOuterSysCode: 'C001',
        balance: 12,
        enabled: true,
        memo: '',
        updatedAt: new Date(clock.now).toISOString(),
      });
      expect(await readPoints(A.company2)).toMatchObject({ balance: 20.1235, enabled: true, memo: 'by id' });
    });

    it('requires balance, never reading its absence as keep-current or 0', async () => {
      const res = await points([{ companyId: 6 }, { companyId: 6, balance: null, memo: 'changed' }]);
      expect(res.body.items.map((i: { error: string }) => i.error)).toEqual(['missing_balance', 'missing_balance']);
      expect(await readPoints(6)).toMatchObject({ balance: 300, memo: 'loyalty' });
    });

    it('rejects a negative balance, accepts an explicit 0', async () => {
      const res = await points([
        { companyId: 6, balance: -0.01 },
        { companyId: 6, balance: 1e17 },
      ]);
      expect(res.body.items.map((i: { error: string }) => i.error)).toEqual(['invalid_balance', 'invalid_balance']);
      expect((await readPoints(6)).balance).toBe(300);
      expect((await points([{ companyId: 6, balance: 0 }])).body.items[0]).toMatchObject({ status: 'ok', error: null });
      expect((await readPoints(6)).balance).toBe(0);
    });

    it('keeps enabled and memo when omitted on update, and sets them when given', async () => {
      // Company 6 was seeded with enabled false and memo "loyalty".
      await points([{ companyId: 6, balance: 5 }]);
      expect(await readPoints(6)).toMatchObject({ balance: 5, enabled: false, memo: 'loyalty' });
      await points([{ companyId: 6, balance: 6, enabled: true, memo: '' }]);
      expect(await readPoints(6)).toMatchObject({ balance: 6, enabled: true, memo: '' });
    });

    it('limits memo to 200 characters (code points)', async () => {
      const res = await points([
        { companyId: 6, balance: 1, memo: 'm'.repeat(201) },
        { companyId: 6, balance: 1, memo: '點'.repeat(200) },
        { companyId: 6, balance: 1, memo: '😀'.repeat(200) },
      ]);
      expect(res.body.items.map((i: { status: string; error: string | null }) => i.error)).toEqual([
        'invalid_memo',
        null,
        null,
      ]);
    });

    it('needs a key: neither, or an empty code, is missing_key', async () => {
      const res = await points([
        { balance: 1 },
        { companyCode: '', balance: 1 },
        { companyCode: null, companyId: null, balance: 1 },
      ]);
      expect(res.body.items.map((i: { error: string }) => i.error)).toEqual([
        'missing_key',
        'missing_key',
        'missing_key',
      ]);
    });

    it('does not find a missing or foreign id, and never picks one of two companies sharing a code', async () => {
      const res = await points([
        { companyId: 9999, balance: 1 },
        { companyId: IDS.globex.company, balance: 1 },
        { companyCode: 'DUP', balance: 1 },
      ]);
      expect(res.body.items).toEqual([
        { index: 0, companyCode: '', status: 'failed', error: 'company_not_found' },
        { index: 1, companyCode: '', status: 'failed', error: 'company_not_found' },
        { index: 2, companyCode: 'DUP', status: 'failed', error: 'company_code_ambiguous' },
      ]);
      expect((await readPoints(3)).updatedAt).toBeNull();
      // Globex's own company 101 was untouched.
      const globex = await call(service(), 'GET', `/v1/companies/${IDS.globex.company}/point-quota`, undefined, {
        creds: { clientId: 'globex-erp', secret: 'globex-erp-secret' },
        nowMs: clock.now,
      });
      expect(globex.body.updatedAt).toBeNull();
    });

    it('fails an item of the wrong shape with invalid_parameter and carries on', async () => {
      const res = await points([
        'x',
        { companyId: 6, balance: '5' },
        { companyId: 6, balance: 7, enabled: 'yes' },
        { companyId: 6, balance: 8 },
      ]);
      expect(res.body.items.map((i: { error: string | null }) => i.error)).toEqual([
        'invalid_parameter',
        'invalid_parameter',
        'invalid_parameter',
        null,
      ]);
      expect((await readPoints(6)).balance).toBe(8);
    });

    it('answers sync_failed for an unexpected write failure, writing nothing for that item only', async () => {
      await withRefusedRows(service(), 'point_quotas', "new.memo = 'fault'", async () => {
        const res = await points([
          { companyId: 6, balance: 100, memo: 'fault' },
          { companyId: A.company, balance: 42 },
        ]);
        expect(res.body.items).toEqual([
          { index: 0, companyCode: '', status: 'failed', error: 'sync_failed' },
          { index: 1, companyCode: '', status: 'ok', error: null },
        ]);
        expect((await readPoints(6)).balance).toBe(8);
        expect((await readPoints(A.company)).balance).toBe(42);
      });
    });

    it('rejects an empty batch, a non-array body and more than 1000 items', async () => {
      expect(await points([])).toMatchObject({ status: 400, body: { error: 'empty_batch' } });
      expect((await api('POST', '/v1/companies/point-quota/batch', { companyId: 1, balance: 1 })).body).toEqual({
        error: 'invalid_parameter',
      });
      const big = Array.from({ length: 1001 }, () => ({ companyId: 1, balance: 1 }));
      expect((await points(big)).body).toEqual({ error: 'batch_too_large' });
    });
  });

  describe('credit quota batch', () => {
    it('creates with enabled true by default, keeps omitted fields on update, and never touches pendingAmount', async () => {
      clock.now = START + 7_200_000;
      const res = await credits([
        { companyCode: 'C001', creditAmount: 50_000 },
        { companyId: 5, creditAmount: 2000.55 },
      ]);
      expect(res.body.items).toEqual([
        { index: 0, companyCode: 'C001', status: 'ok', error: null },
        { index: 1, companyCode: '', status: 'ok', error: null },
      ]);
      expect(await readCredit(A.company)).toEqual({
        companyId: 1,
        companyOuterSysCode: 'C001',
        creditAmount: 50_000,
        pendingAmount: 0,
        availableAmount: 50_000,
        enabled: true,
        memo: '',
        updatedAt: new Date(clock.now).toISOString(),
      });
      expect(await readCredit(5)).toMatchObject({
        creditAmount: 2000.55,
        pendingAmount: 1000.3,
        availableAmount: 1000.25,
        enabled: true,
        memo: 'Net 30',
      });
      await credits([{ companyId: 5, creditAmount: 900, enabled: false, memo: 'frozen' }]);
      expect(await readCredit(5)).toMatchObject({
        creditAmount: 900,
        availableAmount: -100.3,
        enabled: false,
        memo: 'frozen',
      });
    });

    it('validates amount, memo and key, and resolves companies like the point batch', async () => {
      const res = await credits([
        { companyId: 5 },
        { companyId: 5, creditAmount: -1 },
        { companyId: 5, creditAmount: 100_000_000_000_000.5 },
        { companyId: 5, creditAmount: 1, memo: 'x'.repeat(201) },
        { creditAmount: 1 },
        { companyCode: 'DUP', creditAmount: 1 },
        { companyId: IDS.globex.company, creditAmount: 1 },
        { companyCode: 'C002', creditAmount: 99_999_999_999_999 },
      ]);
      expect(res.body.items.map((i: { error: string | null }) => i.error)).toEqual([
        'missing_credit_amount',
        'invalid_credit_amount',
        'invalid_credit_amount',
        'invalid_memo',
        'missing_key',
        'company_code_ambiguous',
        'company_not_found',
        null,
      ]);
      expect(await readCredit(5)).toMatchObject({ creditAmount: 900, memo: 'frozen' });
      expect((await readCredit(A.company2)).creditAmount).toBe(99_999_999_999_999);
    });
  });
});
