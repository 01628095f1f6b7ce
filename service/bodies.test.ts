import { describe, expect, it } from 'vitest';
import { call } from './testing/client';
import { engines } from './testing/engines';
import { IDS } from './testing/fixtures';
import { stopEnginesAfterAll, useService } from './testing/harness';

stopEnginesAfterAll();

/** Bad input gets a clear error and changes nothing (issue 3 acceptance). */
describe.each(engines())('request bodies on $name', (engine) => {
  const service = useService(engine);
  const api = (method: string, path: string, body?: unknown) => call(service(), method, path, body);
  const count = async (path: string) => (await api('GET', path)).body.totalCount as number;

  it('invalid JSON is 400 invalid_parameter for batch and single writes, and nothing is written', async () => {
    const before = await count('/v1/companies');
    expect(await api('POST', '/v1/companies/batch', '[{"outerSysCode":"BAD-JSON"},')).toMatchObject({
      status: 400,
      body: { error: 'invalid_parameter' },
    });
    expect(await api('POST', '/v1/companies', '{"outerSysCode":"BAD-JSON"')).toMatchObject({
      status: 400,
      body: { error: 'invalid_parameter' },
    });
    expect(await api('PUT', `/v1/skus/${IDS.acme.sku}`, 'name=x')).toMatchObject({
      status: 400,
      body: { error: 'invalid_parameter' },
    });
    expect(await count('/v1/companies')).toBe(before);
  });

  it('a batch body that is not an array is invalid_parameter; an empty array, null or no body is empty_batch', async () => {
    expect(await api('POST', '/v1/skus/batch', { productId: 1, outerSysCode: 'OBJ' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_parameter' },
    });
    expect(await api('POST', '/v1/skus/batch', '"text"')).toMatchObject({
      status: 400,
      body: { error: 'invalid_parameter' },
    });
    expect(await api('POST', '/v1/skus/batch', [])).toMatchObject({ status: 400, body: { error: 'empty_batch' } });
    expect(await api('POST', '/v1/skus/batch', 'null')).toMatchObject({ status: 400, body: { error: 'empty_batch' } });
    expect(await api('POST', '/v1/skus/batch')).toMatchObject({ status: 400, body: { error: 'empty_batch' } });
    expect(await api('POST', '/v1/products/batch', '')).toMatchObject({ status: 400, body: { error: 'empty_batch' } });
    expect(await api('POST', '/v1/products', undefined)).toMatchObject({
      status: 400,
      body: { error: 'invalid_parameter' },
    });
  });

  it('1,001 items is 400 batch_too_large and none is written; 1,000 items are processed', async () => {
    const items = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({ productId: IDS.acme.product, outerSysCode: `${prefix}-${i}` }));
    const before = await count('/v1/skus');
    expect(await api('POST', '/v1/skus/batch', items(1001, 'MANY'))).toMatchObject({
      status: 400,
      body: { error: 'batch_too_large' },
    });
    expect(await count('/v1/skus')).toBe(before);
    const ok = await api('POST', '/v1/skus/batch', items(1000, 'K'));
    expect(ok.status).toBe(200);
    expect(ok.body.items).toHaveLength(1000);
    expect(ok.body.items[999]).toMatchObject({ index: 999, status: 'created' });
    expect(await count('/v1/skus')).toBe(before + 1000);
  });

  it('a body over 5 MiB is 413 payload_too_large and nothing is written', async () => {
    const before = await count('/v1/companies');
    const big = JSON.stringify([{ outerSysCode: 'HUGE', name: 'x'.repeat(6 * 1024 * 1024) }]);
    expect(await api('POST', '/v1/companies/batch', big)).toMatchObject({
      status: 413,
      body: { error: 'payload_too_large' },
    });
    expect(await count('/v1/companies')).toBe(before);
  });

  it('a foreign category id is invalid_product_category_id and creates nothing', async () => {
    const before = await count('/v1/products');
    const res = await api('POST', '/v1/products/batch', [
      { outerSysCode: 'FOREIGN-CAT', productCategoryId: IDS.globex.category },
    ]);
    expect(res.body.items[0]).toEqual({
      index: 0,
      status: 'failed',
      id: null,
      errors: ['invalid_product_category_id'],
    });
    expect(await count('/v1/products')).toBe(before);
  });

  it('one failing item never affects the others, and results keep input order', async () => {
    const res = await api('POST', '/v1/products/batch', [
      { outerSysCode: 'ORDER-1', productCategoryId: IDS.acme.teaCategory },
      { outerSysCode: 'ORDER-2', productCategoryId: IDS.acme.rootCategory },
      { outerSysCode: 'ORDER-3', productCategoryId: IDS.acme.teaCategory, name: 'n'.repeat(101) },
      { outerSysCode: 'ORDER-4', productCategoryId: IDS.acme.coffeeCategory },
    ]);
    expect(res.body.items.map((i: { index: number; status: string }) => [i.index, i.status])).toEqual([
      [0, 'created'],
      [1, 'failed'],
      [2, 'failed'],
      [3, 'created'],
    ]);
    const codes = (await api('GET', '/v1/products?outerSysCode=ORDER-')).body.data.map(
      (p: { outerSysCode: string }) => p.outerSysCode,
    );
    expect(codes).toEqual(['ORDER-1', 'ORDER-4']);
  });
});
