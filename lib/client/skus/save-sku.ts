import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { operationPath, SKU_OPERATIONS } from '@/lib/contract/operations';
import type { SkuWrite } from '@/lib/contract/skus';
import { idResponse } from '../answer-schemas';
import { sendOneItemBatch } from '../batch';
import { createRecord } from '../code-lookup';
import { apiFetch } from '../fetcher';
import { bundleKeys, skuKeys } from '../query-keys';

export function createSku(body: SkuWrite) {
  return createRecord(operationPath(SKU_OPERATIONS.create), body);
}

export function updateSku(id: number, changes: SkuWrite) {
  return apiFetch({ method: 'PUT', path: operationPath(SKU_OPERATIONS.update, id), body: changes, schema: idResponse });
}

/** On-hand stock is written only through the stock batch (POST /v1/skus/stock/batch), one item here. */
export function setSkuStock(skuId: number, stock: number | { inventoryQty: number }) {
  // The panel's changes object is spread, not rebuilt: it carries the review (old value) to the History.
  return sendOneItemBatch('stock', typeof stock === 'number' ? { skuId, inventoryQty: stock } : { skuId, ...stock });
}

/** Prices are written through the price batch (PUT /v1/prices/batch); only the changed prices are sent. */
export function setSkuPrice(skuId: number, changes: { price?: number; sellPrice?: number }) {
  return sendOneItemBatch('prices', { skuId, ...changes });
}

// A SKU's name, price and stock show in SKU lists, its detail (stock and price panels hang under it), and in
// the bundles that use it (component names, availableQty), so those are refreshed.
async function invalidate(client: QueryClient, id: number, options: { bundles: boolean }) {
  await Promise.all([
    client.invalidateQueries({ queryKey: skuKeys.lists() }),
    client.invalidateQueries({ queryKey: skuKeys.detail(id) }),
    options.bundles ? client.invalidateQueries({ queryKey: bundleKeys.all }) : undefined,
  ]);
}

export function useCreateSku() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createSku, onSuccess: ({ id }) => invalidate(client, id, { bundles: false }) });
}

export function useUpdateSku(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: SkuWrite) => updateSku(id, changes),
    onSuccess: () => invalidate(client, id, { bundles: true }),
  });
}

export function useSetSkuStock(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (stock: number | { inventoryQty: number }) => setSkuStock(id, stock),
    onSuccess: () => invalidate(client, id, { bundles: true }),
  });
}

export function useSetSkuPrice(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: { price?: number; sellPrice?: number }) => setSkuPrice(id, changes),
    onSuccess: () => invalidate(client, id, { bundles: false }),
  });
}
