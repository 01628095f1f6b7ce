import 'server-only';
import type { z } from 'zod';
import {
  BATCH_CHUNK_DEFAULT,
  batchItemResult,
  bundle,
  bundleBatchItemResult,
  bundleIdResponse,
  bundlePriceBatchItemResult,
  company,
  creditQuota,
  idResponse,
  pointQuota,
  price,
  product,
  quotaBatchItemResult,
  sku,
  stock,
  updateBatchItemResult,
  type BatchItemResult,
  type BundleBatchItemResult,
  type BundlePriceBatchItemResult,
  type BundlePriceWrite,
  type BundleWrite,
  type CompanyWrite,
  type CreditQuotaWrite,
  type InternalUserCreate,
  type InternalUserUpdate,
  type ListName,
  type ListPage,
  type PointQuotaWrite,
  type PriceWrite,
  type ProductWrite,
  type QuotaBatchItemResult,
  type SkuWrite,
  type StockWrite,
  type UpdateBatchItemResult,
} from '@/lib/contract';
import { CODE_LOOKUP_LISTS, codeLookupFilters, exactCodeMatches, lookupForCreate, resourceOfCreatePath } from '@/lib/contract/code-lookup';
import { hasCode, hasId, runBatch, type BatchOptions, type BatchSpec, type WithUnknown } from './batches';
import { createCore, type CoreOptions, type SendInput } from './core';
import { ApiError } from './errors';
import { fetchListPage, listPages, type ClientListParams, type ListItem } from './lists';

export interface UpstreamClientOptions extends CoreOptions {
  batchSize?: number;
  batchConcurrency?: number;
}

/** A path id: a positive integer, checked before sending so `/v1/companies/NaN` never leaves the server. */
function idPath(template: string, id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new ApiError({ kind: 'invalid_request', status: null, code: 'invalid_parameter', upstreamMessage: `bad id ${id}` });
  }
  return template.replace('{id}', String(id));
}

// Placeholders for items of a chunk that failed as a whole or whose outcome is unknown.
const standardPlaceholder = (index: number, _item: unknown, status: 'failed' | 'unknown', code: string) => ({
  index,
  status,
  id: null,
  errors: [code],
});
const withSkuPlaceholder = (index: number, item: unknown, status: 'failed' | 'unknown', code: string) => ({
  ...standardPlaceholder(index, item, status, code),
  skuId: null,
});
const quotaPlaceholder = (
  index: number,
  item: { companyCode?: string | null },
  status: 'failed' | 'unknown',
  code: string,
) => ({ index, companyCode: item.companyCode ?? '', status, error: code });

const keyedByIdOrCode = (v: { id?: number | null; outerSysCode?: string | null }) => hasId(v) || hasCode(v);
const keyedByCompany = (v: { companyId?: number | null; companyCode?: string | null }) =>
  typeof v.companyId === 'number' || (typeof v.companyCode === 'string' && v.companyCode !== '');

/**
 * Batch endpoints. Upserts are keyed by id or outerSysCode; stock, prices and quotas are absolute values
 * keyed by their target, so re-sending them writes the same state again (never a delta applied twice).
 */
export const BATCHES = {
  companies: { method: 'POST', path: '/v1/companies/batch', result: batchItemResult, keyed: keyedByIdOrCode, placeholder: standardPlaceholder },
  products: { method: 'POST', path: '/v1/products/batch', result: batchItemResult, keyed: keyedByIdOrCode, placeholder: standardPlaceholder },
  skus: { method: 'POST', path: '/v1/skus/batch', result: batchItemResult, keyed: keyedByIdOrCode, placeholder: standardPlaceholder },
  bundles: { method: 'POST', path: '/v1/bundles/batch', result: bundleBatchItemResult, keyed: keyedByIdOrCode, placeholder: withSkuPlaceholder },
  stock: {
    method: 'POST',
    path: '/v1/skus/stock/batch',
    result: updateBatchItemResult,
    keyed: (v: StockWrite) => typeof v.skuId === 'number',
    placeholder: standardPlaceholder,
  },
  prices: {
    method: 'PUT',
    path: '/v1/prices/batch',
    result: updateBatchItemResult,
    keyed: (v: PriceWrite) => typeof v.skuId === 'number',
    placeholder: standardPlaceholder,
  },
  bundlePrices: {
    method: 'PUT',
    path: '/v1/bundle-prices/batch',
    result: bundlePriceBatchItemResult,
    keyed: (v: BundlePriceWrite) => typeof v.id === 'number',
    placeholder: withSkuPlaceholder,
  },
  pointQuotas: { method: 'POST', path: '/v1/companies/point-quota/batch', result: quotaBatchItemResult, keyed: keyedByCompany, placeholder: quotaPlaceholder },
  creditQuotas: { method: 'POST', path: '/v1/companies/credit-quota/batch', result: quotaBatchItemResult, keyed: keyedByCompany, placeholder: quotaPlaceholder },
} as const;

export type BatchName = keyof typeof BATCHES;
interface BatchTypes {
  companies: [CompanyWrite, BatchItemResult];
  products: [ProductWrite, BatchItemResult];
  skus: [SkuWrite, BatchItemResult];
  bundles: [BundleWrite, BundleBatchItemResult];
  stock: [StockWrite, UpdateBatchItemResult];
  prices: [PriceWrite, UpdateBatchItemResult];
  bundlePrices: [BundlePriceWrite, BundlePriceBatchItemResult];
  pointQuotas: [PointQuotaWrite, QuotaBatchItemResult];
  creditQuotas: [CreditQuotaWrite, QuotaBatchItemResult];
}
export type BatchInput<B extends BatchName> = BatchTypes[B][0];
export type BatchOutcome<B extends BatchName> = WithUnknown<BatchTypes[B][1]>;

export interface Created {
  id: number;
  /**
   * False when the returned id is a record that had the ERP code before the call (an upsert updated it).
   * Read from the id against a lookup made just before sending, never from 200 versus 201.
   */
  created: boolean;
}

export function createUpstreamClient(options: UpstreamClientOptions) {
  const core = createCore(options);
  const batchSize = options.batchSize ?? BATCH_CHUNK_DEFAULT;
  const batchConcurrency = options.batchConcurrency ?? 4;

  const get = async <S extends z.ZodType>(pathAndQuery: string, schema: S, signal?: AbortSignal) =>
    (await core.request({ method: 'GET', pathAndQuery, schema, signal })).data;

  const write = async <S extends z.ZodType>(
    method: 'POST' | 'PUT',
    pathAndQuery: string,
    body: unknown,
    schema: S,
    idempotent: boolean,
    signal?: AbortSignal,
  ) => core.request({ method, pathAndQuery, body, schema, idempotent, signal });

  /** Ids of the records a single create would update instead (same ERP code), read before it is sent. */
  const existingIds = async (path: string, body: { id?: number | null }, signal?: AbortSignal): Promise<number[]> => {
    if (typeof body.id === 'number') return [body.id];
    const resource = resourceOfCreatePath(path);
    const lookup = resource ? lookupForCreate(resource, body) : null;
    if (!resource || !lookup) return [];
    const ids: number[] = [];
    const name = CODE_LOOKUP_LISTS[resource].list;
    for await (const page of listPages(core, name, { filters: codeLookupFilters(lookup) }, signal)) {
      for (const row of exactCodeMatches(page.data as { id: number; outerSysCode: string | null; productId?: number }[], lookup)) ids.push(row.id);
    }
    return ids;
  };
  /** Single creates upsert by outerSysCode, so they may be re-sent when keyed; otherwise never. */
  const create = async (path: string, body: { id?: number | null; outerSysCode?: string | null }, signal?: AbortSignal) => {
    const before = await existingIds(path, body, signal);
    const { data } = await write('POST', path, body, idResponse, keyedByIdOrCode(body), signal);
    return { id: data.id, created: !before.includes(data.id) } satisfies Created;
  };
  // A PUT to a path id is a partial merge of absolute values: sending it twice leaves the same record.
  const update = async (template: string, id: number, body: unknown, signal?: AbortSignal) =>
    (await write('PUT', idPath(template, id), body, idResponse, true, signal)).data;

  function batch<B extends BatchName>(name: B, items: readonly BatchInput<B>[], opts: BatchOptions = {}) {
    return runBatch(core, BATCHES[name] as unknown as BatchSpec<BatchInput<B>, BatchTypes[B][1]>, items, {
      chunkSize: opts.chunkSize ?? batchSize,
      concurrency: opts.concurrency ?? batchConcurrency,
      signal: opts.signal,
    }) as Promise<BatchOutcome<B>[]>;
  }

  return {
    /** Raw signed call for the console's proxy: returns the upstream Response; never retries a write. */
    send: (input: SendInput) => core.send(input),
    /** The clock-skew tracker in use (the shared one unless the options gave another). */
    skew: core.skew,
    config: { ...core.config, batchSize, batchConcurrency },

    // ----- Lists -----
    list: <L extends ListName>(name: L, params?: ClientListParams<L>, signal?: AbortSignal): Promise<ListPage<ListItem<L>>> =>
      fetchListPage(core, name, params, signal),
    /** Every page up to totalPages. */
    pages: <L extends ListName>(name: L, params?: ClientListParams<L>, signal?: AbortSignal) =>
      listPages(core, name, params, signal),
    /** Every item of every page, in the upstream's order (id ascending). */
    listAll: async function* <L extends ListName>(name: L, params?: Omit<ClientListParams<L>, 'page'>, signal?: AbortSignal) {
      for await (const page of listPages(core, name, params, signal)) yield* page.data;
    },

    // ----- Batches -----
    batch,

    // ----- Companies -----
    getCompany: (id: number, signal?: AbortSignal) => get(idPath('/v1/companies/{id}', id), company, signal),
    createCompany: (body: CompanyWrite, signal?: AbortSignal) => create('/v1/companies', body, signal),
    updateCompany: (id: number, body: CompanyWrite, signal?: AbortSignal) => update('/v1/companies/{id}', id, body, signal),
    getCreditQuota: (companyId: number, signal?: AbortSignal) =>
      get(idPath('/v1/companies/{id}/credit-quota', companyId), creditQuota, signal),
    getPointQuota: (companyId: number, signal?: AbortSignal) =>
      get(idPath('/v1/companies/{id}/point-quota', companyId), pointQuota, signal),

    // ----- Products -----
    getProduct: (id: number, signal?: AbortSignal) => get(idPath('/v1/products/{id}', id), product, signal),
    createProduct: (body: ProductWrite, signal?: AbortSignal) => create('/v1/products', body, signal),
    updateProduct: (id: number, body: ProductWrite, signal?: AbortSignal) => update('/v1/products/{id}', id, body, signal),

    // ----- SKUs, stock and prices -----
    getSku: (id: number, signal?: AbortSignal) => get(idPath('/v1/skus/{id}', id), sku, signal),
    createSku: (body: SkuWrite, signal?: AbortSignal) => create('/v1/skus', body, signal),
    updateSku: (id: number, body: SkuWrite, signal?: AbortSignal) => update('/v1/skus/{id}', id, body, signal),
    getSkuStock: (id: number, signal?: AbortSignal) => get(idPath('/v1/skus/{id}/stock', id), stock, signal),
    getSkuPrice: (id: number, signal?: AbortSignal) => get(idPath('/v1/skus/{id}/price', id), price, signal),

    // ----- Bundles -----
    getBundle: (id: number, signal?: AbortSignal) => get(idPath('/v1/bundles/{id}', id), bundle, signal),
    createBundle: async (body: BundleWrite, signal?: AbortSignal) => {
      const before = await existingIds('/v1/bundles', body, signal);
      const { data } = await write('POST', '/v1/bundles', body, bundleIdResponse, keyedByIdOrCode(body), signal);
      return { ...data, created: !before.includes(data.id) };
    },
    updateBundle: async (id: number, body: BundleWrite, signal?: AbortSignal) =>
      (await write('PUT', idPath('/v1/bundles/{id}', id), body, bundleIdResponse, true, signal)).data,
    getBundlePrices: (id: number, signal?: AbortSignal) => get(idPath('/v1/bundles/{id}/prices', id), price, signal),

    // ----- Internal users -----
    /** Never re-sent after a 5xx or no answer: a second create would fail with account_already_used. */
    createInternalUser: async (body: InternalUserCreate, signal?: AbortSignal) =>
      (await write('POST', '/v1/internal-users', body, idResponse, false, signal)).data,
    updateInternalUser: (id: number, body: InternalUserUpdate, signal?: AbortSignal) =>
      update('/v1/internal-users/{id}', id, body, signal),
  };
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>;
