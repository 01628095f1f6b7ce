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

/** The server's part of a batch: which items may be re-sent, and what stands for an item without an answer. */
const batch = <I, R extends { index: number; status: string }>(
  name: BatchEndpointName,
  keyed: (item: I) => boolean,
  placeholder: BatchSpec<I, R>['placeholder'],
  // The cast: the contract's result schema for `name` is the one whose output is R, but TypeScript cannot
  // tie a name of a union to its entry's type; the entries below name both.
): BatchSpec<I, R> => ({ ...batchTarget(name), result: BATCH_ENDPOINTS[name].result as never, keyed, placeholder });

/**
 * Batch endpoints (paths and result shapes from lib/contract). Upserts are keyed by id or outerSysCode;
 * stock, prices and quotas are absolute values keyed by their target, so re-sending them writes the same
 * state again (never a delta applied twice).
 */
export const BATCHES = {
  companies: batch<CompanyWrite, BatchItemResult>('companies', BATCH_KEYED.companies, standardPlaceholder),
  products: batch<ProductWrite, BatchItemResult>('products', BATCH_KEYED.products, standardPlaceholder),
  skus: batch<SkuWrite, BatchItemResult>('skus', BATCH_KEYED.skus, standardPlaceholder),
  bundles: batch<BundleWrite, BundleBatchItemResult>('bundles', BATCH_KEYED.bundles, withSkuPlaceholder),
  stock: batch<StockWrite, UpdateBatchItemResult>('stock', BATCH_KEYED.stock, standardPlaceholder),
  prices: batch<PriceWrite, UpdateBatchItemResult>('prices', BATCH_KEYED.prices, standardPlaceholder),
  bundlePrices: batch<BundlePriceWrite, BundlePriceBatchItemResult>(
    'bundlePrices',
    BATCH_KEYED.bundlePrices,
    withSkuPlaceholder,
  ),
  pointQuotas: batch<PointQuotaWrite, QuotaBatchItemResult>('pointQuotas', BATCH_KEYED.pointQuotas, quotaPlaceholder),
  creditQuotas: batch<CreditQuotaWrite, QuotaBatchItemResult>(
    'creditQuotas',
    BATCH_KEYED.creditQuotas,
    quotaPlaceholder,
  ),
};

export type BatchName = keyof typeof BATCHES;
type BatchTypes<B extends BatchName> = (typeof BATCHES)[B] extends BatchSpec<infer I, infer R> ? [I, R] : never;
export type BatchInput<B extends BatchName> = BatchTypes<B>[0];
export type BatchOutcome<B extends BatchName> = WithUnknown<BatchTypes<B>[1]>;

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
    // The cast: BATCHES[name] is the entry for B, but TypeScript reads an index by a generic key as
    // the union of all entries.
    return runBatch(core, BATCHES[name] as unknown as BatchSpec<BatchInput<B>, BatchTypes<B>[1]>, items, {
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
    const items = Array.from({ length: count }, () => ({}));
    // The cast: as in sendBatch; and the items here are empty stand-ins, not B's inputs.
    return sendChunk(core, BATCHES[name] as unknown as BatchSpec<object, BatchTypes<B>[1]>, items, {
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
