/* eslint-disable import/no-restricted-paths -- integration test: the browser fetchers against the real reference service in-process */
import { beforeEach, describe, expect, it } from 'vitest';
import { routeServerError } from '@/components/form/server-errors';
import { BUNDLE_SKU_STOCK, NO_DEFAULT_SALESPERSON } from '@/lib/contract/errors';
import { signedFetch } from '@/service/testing/client';
import { CREDS, IDS, testSeed, type Creds } from '@/service/testing/fixtures';
import { ApiError } from './api-error';
import { createCompany, updateCompany } from './companies/save-company';
import { UPSTREAM_PREFIX } from './fetcher';
import { groupAssignableCategories } from './product-categories/category-groups';
import { setSkuPrice, setSkuStock } from './skus/save-sku';
import { fetchAllPages, fetchListPage } from './lists';
import { getRecord } from './queries';
import { serviceForFetchers } from './testing/service-fetcher';

/**
 * The fetchers exactly as the browser runs them, with the console proxy's part (strip /api/upstream, sign)
 * done by the transport, against a real reference service on in-memory PGlite.
 */
let creds: Creds = CREDS.erp;
const sent: { method: string; path: string; body: unknown }[] = [];

const service = serviceForFetchers(testSeed, {
  creds: () => creds,
  seen: (path, url, init) => {
    expect(url.pathname.startsWith(UPSTREAM_PREFIX)).toBe(true);
    expect(new Headers(init.headers).get('X-Console-Request')).toBe('1');
    const body = init.body === undefined ? undefined : JSON.parse(String(init.body));
    sent.push({ method: String(init.method), path, body });
  },
});

beforeEach(() => {
  creds = CREDS.erp;
  sent.length = 0;
});

describe('lists', () => {
  it('sends filters strictly encoded and reads the envelope', async () => {
    const page = await fetchListPage('companies', { filters: { name: '100%' }, page: 1, pageSize: 10 });
    expect(sent[0]?.path).toBe('/v1/companies?name=100%25&page=1&pageSize=10');
    expect(page.totalCount).toBe(1);
    expect(page.data[0]?.name).toBe('Second 100% Shop');
  });

  it('reads every page of a filtered list and reports progress', async () => {
    const tag = `ALL-${Date.now()}`;
    const body = Array.from({ length: 230 }, (_, i) => ({
      outerSysCode: `${tag}-${i}`,
      name: `${tag} ${i}`,
      internalUserId: IDS.acme.sales,
    }));
    const res = await signedFetch(service(), 'POST', '/v1/companies/batch', body);
    expect(res.status).toBe(200);
    const progress: number[] = [];
    const rows = await fetchAllPages(
      'companies',
      { outerSysCode: tag },
      { onProgress: (p) => progress.push(p.fetched) },
    );
    expect(rows).toHaveLength(230);
    expect(new Set(rows.map((r) => r.id)).size).toBe(230);
    expect(progress.at(-1)).toBe(230);
    expect(sent.filter((s) => s.path.startsWith('/v1/companies?'))).toHaveLength(3);
  });

  it('groups the real categories so no root is offered', async () => {
    const categories = await fetchAllPages('productCategories', {});
    const offered = groupAssignableCategories(categories, 'en').flatMap((g) => g.options.map((o) => o.id));
    expect(offered.sort()).toEqual([IDS.acme.teaCategory, IDS.acme.coffeeCategory].sort());
  });
});

describe('records', () => {
  it('reads a 404 as not found, whatever the body shape', async () => {
    const error = await getRecord('company', 999_999).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNotFound).toBe(true);
    // The real service's problem-details body (company_not_found) and its { error } body on an update
    // (company not found) read exactly like the plain not_found: the status alone decides (issue 10, point 14).
    const quota = await getRecord('creditQuota', 999_999).catch((e: unknown) => e);
    const update = await updateCompany(999_999, { name: 'x' }).catch((e: unknown) => e);
    for (const e of [quota, update] as ApiError[]) {
      expect(e).toMatchObject({ status: 404, code: 'not_found', sentence: (error as ApiError).sentence });
    }
  });

  it('an update sends only the changed field and the service keeps the rest', async () => {
    const { id } = await createCompany({
      outerSysCode: `UPD-${Date.now()}`,
      name: 'Before',
      shortName: 'Short',
      internalUserId: IDS.acme.sales,
    });
    await updateCompany(id, { shortName: 'New short' });
    expect(sent.at(-1)?.body).toEqual({ shortName: 'New short' });
    const after = await getRecord('company', id);
    expect(after).toMatchObject({
      name: 'Before',
      shortName: 'New short',
      internalUserId: IDS.acme.sales,
      status: 'Active',
    });
  });

  it('a too-long name comes back under Name', async () => {
    const error = (await createCompany({ name: 'x'.repeat(51), internalUserId: IDS.acme.sales }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(routeServerError(error, ['name', 'internalUserId']).fieldErrors).toEqual([
      { field: 'name', code: 'name_too_long' },
    ]);
  });

  it('explains the 負責業務 code under the salesperson when the tenant has no default', async () => {
    creds = CREDS.other; // the globex tenant has no default salesperson
    const error = (await createCompany({ name: 'No salesperson' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe(NO_DEFAULT_SALESPERSON);
    const routed = routeServerError(error, ['name', 'internalUserId']);
    expect(routed.fieldErrors).toEqual([{ field: 'internalUserId', code: NO_DEFAULT_SALESPERSON }]);
    expect(error.sentence).toBe('Choose a salesperson: this tenant has no default salesperson.');
  });
});

describe('stock and price batches', () => {
  it('sets on-hand stock through the stock batch and reads it back', async () => {
    await setSkuStock(IDS.acme.sku, 123);
    expect(sent.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/skus/stock/batch',
      body: [{ skuId: IDS.acme.sku, inventoryQty: 123 }],
    });
    expect(await getRecord('skuStock', IDS.acme.sku)).toMatchObject({
      inventoryQty: 123,
      reservedQty: 5,
      availableQty: 118,
    });
  });

  it('turns a failed batch item into an error on the right field', async () => {
    const tooPrecise = (await setSkuStock(IDS.acme.sku, 1.5).catch((e: unknown) => e)) as ApiError;
    expect(tooPrecise).toMatchObject({ kind: 'batch_item', code: 'invalid_inventory_qty', field: 'inventoryQty' });
    const bundle = (await setSkuStock(IDS.acme.bundleSku, 1).catch((e: unknown) => e)) as ApiError;
    expect(bundle.code).toBe(BUNDLE_SKU_STOCK);
    expect(bundle.sentence).toMatch(/cannot be set/);
  });

  it('sends only the changed price', async () => {
    await setSkuPrice(IDS.acme.sku2, { sellPrice: 4.25 });
    expect(sent.at(-1)?.body).toEqual([{ skuId: IDS.acme.sku2, sellPrice: 4.25 }]);
  });
});
