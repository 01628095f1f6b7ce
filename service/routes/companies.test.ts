import { describe, expect, it } from 'vitest';
import { NO_DEFAULT_SALESPERSON } from '@/lib/contract';
import { call, signedFetch } from '../testing/client';
import { engines } from '../testing/engines';
import { CREDS, IDS } from '../testing/fixtures';
import { callAs, stopEnginesAfterAll, useService } from '../testing/harness';

stopEnginesAfterAll();

describe.each(engines())('companies on $name', (engine) => {
  const service = useService(engine);
  const api = callAs(service);
  const byCode = async (code: string) =>
    (await api('GET', `/v1/companies?outerSysCode=${encodeURIComponent(code)}`)).body.data;

  it('creates with defaults: empty strings, Active, the default salesperson; 201 then 200 for the same code', async () => {
    const created = await api('POST', '/v1/companies', { outerSysCode: 'CO-NEW' });
    expect(created.status).toBe(201);
    const got = await api('GET', `/v1/companies/${created.body.id}`);
    expect(got.body).toEqual({
      id: created.body.id,
      outerSysCode: 'CO-NEW',
      name: '',
      shortName: '',
      cellPhone: '',
      shippingAddress: '',
      internalUserId: IDS.acme.admin,
      status: 'Active',
    });
    const again = await api('POST', '/v1/companies', { outerSysCode: 'CO-NEW', name: 'Renamed' });
    expect(again).toMatchObject({ status: 200, body: { id: created.body.id } });
    expect(await byCode('CO-NEW')).toHaveLength(1);
  });

  it('de-duplicates by outerSysCode in a batch (exact, case-sensitive) and never matches an empty code', async () => {
    const res = await api('POST', '/v1/companies/batch', [
      { outerSysCode: 'CO-DUP', name: 'one' },
      { outerSysCode: 'CO-DUP', name: 'two' },
      { outerSysCode: 'co-dup', name: 'three' },
      { outerSysCode: '', name: 'empty A' },
      { name: 'no code' },
    ]);
    expect(res.status).toBe(200);
    const [a, b, c, d, e] = res.body.items;
    expect(a).toMatchObject({ index: 0, status: 'created', errors: [] });
    expect(b).toEqual({ index: 1, status: 'updated', id: a.id, errors: [] });
    expect(c).toMatchObject({ index: 2, status: 'created' });
    expect(c.id).not.toBe(a.id);
    expect(d).toMatchObject({ status: 'created' });
    expect(e).toMatchObject({ status: 'created' });
    expect(e.id).not.toBe(d.id);
    expect((await api('GET', `/v1/companies/${a.id}`)).body.name).toBe('two');
  });

  it('merges partially: omitted and null fields keep their values; status is ignored', async () => {
    const id = IDS.acme.company;
    const res = await api('PUT', `/v1/companies/${id}`, {
      name: 'First Tea House Ltd',
      shortName: null,
      status: 'Inactive',
      id: 999,
    });
    expect(res).toEqual({ status: 200, body: { id }, headers: expect.anything() });
    expect((await api('GET', `/v1/companies/${id}`)).body).toMatchObject({
      name: 'First Tea House Ltd',
      shortName: 'First',
      cellPhone: '02-1234',
      outerSysCode: 'C001',
      status: 'Active',
    });
  });

  it('an id always updates, and outerSysCode is then not used for matching', async () => {
    const res = await api('POST', '/v1/companies/batch', [{ id: IDS.acme.company2, outerSysCode: 'C001' }]);
    expect(res.body.items[0]).toEqual({ index: 0, status: 'updated', id: IDS.acme.company2, errors: [] });
    expect((await byCode('C001')).map((c: { id: number }) => c.id).sort()).toEqual([
      IDS.acme.company,
      IDS.acme.company2,
    ]);
    await api('PUT', `/v1/companies/${IDS.acme.company2}`, { outerSysCode: 'C002' });
  });

  it('fails an ambiguous outerSysCode and writes nothing', async () => {
    const res = await api('POST', '/v1/companies/batch', [{ outerSysCode: 'DUP', name: 'which?' }]);
    expect(res.body.items[0]).toEqual({ index: 0, status: 'failed', id: null, errors: ['outer_sys_code_ambiguous'] });
    const dups = (await byCode('DUP')).filter((c: { outerSysCode: string }) => c.outerSysCode === 'DUP');
    expect(dups.map((c: { name: string }) => c.name)).toEqual(['Dup A', 'Dup B']);
  });

  it(`without internalUserId and no default salesperson: "${NO_DEFAULT_SALESPERSON}"`, async () => {
    const res = await api('POST', '/v1/companies', { outerSysCode: 'G-NEW' }, CREDS.other);
    expect(res).toMatchObject({ status: 400, body: { error: NO_DEFAULT_SALESPERSON } });
    const batch = await api(
      'POST',
      '/v1/companies/batch',
      [{ outerSysCode: 'G-NEW' }, { outerSysCode: 'G-NEW2', internalUserId: IDS.globex.admin }],
      CREDS.other,
    );
    expect(batch.body.items[0]).toEqual({ index: 0, status: 'failed', id: null, errors: [NO_DEFAULT_SALESPERSON] });
    expect(batch.body.items[1]).toMatchObject({ status: 'created' });
  });

  it('rejects an internalUserId of another tenant or of nobody with invalid_internal_user_id', async () => {
    for (const internalUserId of [IDS.globex.admin, 99_999]) {
      const res = await api('POST', '/v1/companies', { outerSysCode: 'CO-IU', internalUserId });
      expect(res).toMatchObject({ status: 400, body: { error: 'invalid_internal_user_id' } });
    }
    expect(await byCode('CO-IU')).toEqual([]);
  });

  it.each([
    ['outerSysCode', 50, 'outer_sys_code_too_long'],
    ['name', 50, 'name_too_long'],
    ['shortName', 20, 'short_name_too_long'],
    ['cellPhone', 20, 'cell_phone_too_long'],
    ['shippingAddress', 50, 'shipping_address_too_long'],
  ])('%s: %i characters is fine, one more is %s (counted in code points)', async (field, max, code) => {
    // 🍵 is one character but two UTF-16 units: limits count characters.
    const atLimit = '🍵'.repeat(max);
    const ok = await api('POST', '/v1/companies', { outerSysCode: `LIM-${field}`.slice(0, 20), [field]: atLimit });
    expect(ok.status, JSON.stringify(ok.body)).toBeLessThan(300);
    const tooLong = await api('PUT', `/v1/companies/${ok.body.id}`, { [field]: `${atLimit}x` });
    expect(tooLong).toMatchObject({ status: 400, body: { error: code } });
    const batch = await api('POST', '/v1/companies/batch', [{ id: ok.body.id, [field]: `${atLimit}x` }]);
    expect(batch.body.items[0]).toEqual({ index: 0, status: 'failed', id: null, errors: [code] });
  });

  it('reports only the first error for a company', async () => {
    const res = await api('POST', '/v1/companies/batch', [{ name: 'x'.repeat(51), shortName: 'y'.repeat(21) }]);
    expect(res.body.items[0].errors).toEqual(['name_too_long']);
  });

  it('wrong JSON types fail the item with invalid_parameter; a non-object item fails alone', async () => {
    const res = await api('POST', '/v1/companies/batch', [
      { outerSysCode: 12 },
      'text',
      null,
      [1],
      { outerSysCode: 'CO-TYPES' },
      { internalUserId: '1' },
    ]);
    expect(res.body.items.map((i: { status: string; errors: string[] }) => [i.status, i.errors])).toEqual([
      ['failed', ['invalid_parameter']],
      ['failed', ['invalid_parameter']],
      ['failed', ['invalid_parameter']],
      ['failed', ['invalid_parameter']],
      ['created', []],
      ['failed', ['invalid_parameter']],
    ]);
    expect((await api('POST', '/v1/companies', { name: 5 })).body).toEqual({ error: 'invalid_parameter' });
    expect((await api('POST', '/v1/companies', [{ name: 'array' }])).body).toEqual({ error: 'invalid_parameter' });
  });

  it('foreign ids answer exactly like missing ones (GET problem details, PUT "company not found")', async () => {
    const missing = await signedFetch(service(), 'GET', '/v1/companies/99999');
    const foreign = await signedFetch(service(), 'GET', `/v1/companies/${IDS.globex.company}`);
    expect(missing.status).toBe(404);
    expect(foreign.status).toBe(404);
    const missingBody = await missing.json();
    expect(missingBody).toEqual({
      type: expect.any(String),
      title: 'Not Found',
      status: 404,
      detail: 'not_found',
      instance: '/v1/companies/99999',
    });
    expect({ ...(await foreign.json()), instance: 'x' }).toEqual({ ...missingBody, instance: 'x' });

    for (const id of [99_999, IDS.globex.company]) {
      expect(await api('PUT', `/v1/companies/${id}`, { name: 'hijack' })).toMatchObject({
        status: 404,
        body: { error: 'company not found' },
      });
      const batch = await api('POST', '/v1/companies/batch', [{ id, name: 'hijack' }]);
      expect(batch.body.items[0]).toEqual({ index: 0, status: 'failed', id: null, errors: ['not_found'] });
    }
    const globex = await api('GET', `/v1/companies/${IDS.globex.company}`, undefined, CREDS.other);
    expect(globex.body.name).toBe('Globex Company');
  });
});

describe.each(engines())('concurrent upserts on $name', (engine) => {
  const service = useService(engine);

  it('two requests creating the same new code at once create one record; the other updates it', async () => {
    const [a, b] = await Promise.all([
      call(service(), 'POST', '/v1/companies', { outerSysCode: 'RACE-1', name: 'a' }),
      call(service(), 'POST', '/v1/companies', { outerSysCode: 'RACE-1', name: 'b' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    const skuBatches = await Promise.all(
      [1, 2, 3].map((n) =>
        call(service(), 'POST', '/v1/skus/batch', [
          { productId: IDS.acme.product, outerSysCode: 'RACE-SKU', name: `n${n}` },
          { productId: IDS.acme.product, outerSysCode: `RACE-OWN-${n}` },
        ]),
      ),
    );
    const ids = new Set(skuBatches.map((r) => r.body.items[0].id));
    expect(ids.size).toBe(1);
    expect(skuBatches.map((r) => r.body.items[0].status).sort()).toEqual(['created', 'updated', 'updated']);
    expect((await call(service(), 'GET', '/v1/skus?outerSysCode=RACE-SKU')).body.totalCount).toBe(1);
  });
});
