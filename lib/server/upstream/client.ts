import 'server-only';
import {
  BATCH_CHUNK_DEFAULT,
  BATCH_ENDPOINTS,
  batchTarget,
  READS,
  readPath,
  type BatchEndpointName,
  type BatchItemResult,
  type BundleBatchItemResult,
  type BundlePriceBatchItemResult,
  type BundlePriceWrite,
  type BundleWrite,
  type CompanyWrite,
  type CreditQuotaWrite,
  type ListItem,
  type ListName,
  type ListPage,
  type PointQuotaWrite,
  type PriceWrite,
  type ProductWrite,
  type QuotaBatchItemResult,
  type ReadName,
  type ReadResult,
  type SkuWrite,
  type StockWrite,
  type UpdateBatchItemResult,
} from '@/lib/contract';
import { runBatch, sendChunk, type BatchOptions, type BatchSpec, type WithUnknown } from './batches';
import { createCore, type CoreOptions, type SendInput } from './core';
import { ApiError } from './errors';
import { listPages, readDatedListPage, readListPage, type ClientListParams } from './lists';

export interface UpstreamClientOptions extends CoreOptions {
  batchSize?: number;
  batchConcurrency?: number;
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

/** An item as sent: a form's write or a row read from a file (imports), whose type is only known at run time. */
type Item = Readonly<Record<string, unknown>>;
const keyedByIdOrCode = (v: Item) =>
  typeof v.id === 'number' || (typeof v.outerSysCode === 'string' && v.outerSysCode !== '');
const keyedByCompany = (v: Item) =>
  typeof v.companyId === 'number' || (typeof v.companyCode === 'string' && v.companyCode !== '');
const keyedById = (field: string) => (v: Item) => typeof v[field] === 'number';

/**
 * Per batch, whether re-sending an item cannot create a duplicate or change the result: an upsert keyed by
 * an id or a non-empty outerSysCode, or an absolute value keyed by its target (never a delta applied twice).
 */
export const BATCH_KEYED = {
  companies: keyedByIdOrCode,
  products: keyedByIdOrCode,
  skus: keyedByIdOrCode,
  bundles: keyedByIdOrCode,
  stock: keyedById('skuId'),
  prices: keyedById('skuId'),
  bundlePrices: keyedById('id'),
  pointQuotas: keyedByCompany,
  creditQuotas: keyedByCompany,
} satisfies Record<BatchEndpointName, (item: Item) => boolean>;

/** What each batch sends and what each of its items answers. */
interface BatchIO {
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
// A mapped type, so that BATCHES[name] for a generic name B is read as B's own entry, not the union of all.
type BatchSpecs = { [B in BatchEndpointName]: BatchSpec<BatchIO[B][0], BatchIO[B][1]> };

/** The server's part of a batch: which items may be re-sent, and what stands for an item without an answer. */
const batch = <I, R extends { index: number; status: string }>(
  name: BatchEndpointName,
  result: BatchSpec<I, R>['result'],
  keyed: BatchSpec<I, R>['keyed'],
  placeholder: BatchSpec<I, R>['placeholder'],
): BatchSpec<I, R> => ({ ...batchTarget(name), result, keyed, placeholder });

/**
 * Batch endpoints (paths and result shapes from lib/contract). Upserts are keyed by id or outerSysCode;
 * stock, prices and quotas are absolute values keyed by their target, so re-sending them writes the same
 * state again (never a delta applied twice).
 */
export const BATCHES: BatchSpecs = {
  companies: batch('companies', BATCH_ENDPOINTS.companies.result, BATCH_KEYED.companies, standardPlaceholder),
  products: batch('products', BATCH_ENDPOINTS.products.result, BATCH_KEYED.products, standardPlaceholder),
  skus: batch('skus', BATCH_ENDPOINTS.skus.result, BATCH_KEYED.skus, standardPlaceholder),
  bundles: batch('bundles', BATCH_ENDPOINTS.bundles.result, BATCH_KEYED.bundles, withSkuPlaceholder),
  stock: batch('stock', BATCH_ENDPOINTS.stock.result, BATCH_KEYED.stock, standardPlaceholder),
  prices: batch('prices', BATCH_ENDPOINTS.prices.result, BATCH_KEYED.prices, standardPlaceholder),
  bundlePrices: batch(
    'bundlePrices',
    BATCH_ENDPOINTS.bundlePrices.result,
    BATCH_KEYED.bundlePrices,
    withSkuPlaceholder,
  ),
  pointQuotas: batch('pointQuotas', BATCH_ENDPOINTS.pointQuotas.result, BATCH_KEYED.pointQuotas, quotaPlaceholder),
  creditQuotas: batch('creditQuotas', BATCH_ENDPOINTS.creditQuotas.result, BATCH_KEYED.creditQuotas, quotaPlaceholder),
};

export type BatchName = BatchEndpointName;
export type BatchInput<B extends BatchName> = BatchIO[B][0];
export type BatchOutcome<B extends BatchName> = WithUnknown<BatchIO[B][1]>;

export function createUpstreamClient(options: UpstreamClientOptions) {
  const core = createCore(options);
  const batchSize = options.batchSize ?? BATCH_CHUNK_DEFAULT;
  const batchConcurrency = options.batchConcurrency ?? 4;

  /** A single record by id, validated with its contract schema; reads are retried per the rules. */
  async function read<R extends ReadName>(name: R, id: number, signal?: AbortSignal): Promise<ReadResult<R>> {
    let pathAndQuery: string;
    try {
      pathAndQuery = readPath(name, id);
    } catch {
      throw new ApiError({
        kind: 'invalid_request',
        status: null,
        code: 'invalid_parameter',
        upstreamMessage: `bad id ${id}`,
      });
    }
    return (await core.request({ method: 'GET', pathAndQuery, schema: READS[name].schema, signal }))
      .data as ReadResult<R>;
  }

  function sendBatch<B extends BatchName>(name: B, items: readonly BatchInput<B>[], opts: BatchOptions = {}) {
    return runBatch(core, BATCHES[name], items, {
      chunkSize: opts.chunkSize ?? batchSize,
      concurrency: opts.concurrency ?? batchConcurrency,
      signal: opts.signal,
      stopWaiting: opts.stopWaiting,
    }) as Promise<BatchOutcome<B>[]>;
  }

  /**
   * One request of a batch whose body is already serialised (an import chunk as stored): these bytes are
   * signed and sent as they are. `count` items; `idempotent` only when every one is a keyed upsert.
   */
  function sendBatchBytes<B extends BatchName>(
    name: B,
    bodyBytes: Uint8Array,
    count: number,
    opts: { idempotent: boolean; signal?: AbortSignal; stopWaiting?: AbortSignal },
  ) {
    // Placeholders (no answer) are built from the items; only the quota ones read a field (companyCode).
    const items = Array.from({ length: count }, (): Partial<BatchInput<B>> => ({}));
    return sendChunk(core, BATCHES[name], items, {
      bodyBytes,
      ...opts,
    }) as Promise<BatchOutcome<B>[]>;
  }

  return {
    /** Raw signed call for the console's proxy: returns the upstream Response; never retries a write. */
    send: (input: SendInput) => core.send(input),
    /** The clock-skew tracker in use (the shared one unless the options gave another). */
    skew: core.skew,

    // ----- Lists -----
    list: <L extends ListName>(
      name: L,
      params?: ClientListParams<L>,
      signal?: AbortSignal,
    ): Promise<ListPage<ListItem<L>>> => readListPage(core, name, params, signal),
    /** One page and the upstream's clock when it answered (the mirror's passes). */
    datedList: <L extends ListName>(name: L, params?: ClientListParams<L>, signal?: AbortSignal) =>
      readDatedListPage(core, name, params, signal),
    /** Every page up to totalPages. */
    pages: <L extends ListName>(name: L, params?: ClientListParams<L>, signal?: AbortSignal) =>
      listPages(core, name, params, signal),
    /** Every item of every page, in the upstream's order (id ascending). */
    listAll: async function* <L extends ListName>(
      name: L,
      params?: Omit<ClientListParams<L>, 'page'>,
      signal?: AbortSignal,
    ) {
      for await (const page of listPages(core, name, params, signal)) yield* page.data;
    },

    // ----- Batches -----
    batch: sendBatch,
    batchBytes: sendBatchBytes,

    // ----- Single records -----
    read,
  };
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>;
