import type { BundleWrite, ComponentWrite } from '@/lib/contract/bundles';
import type { RefLabel } from '@/lib/contract/history';
import { BUNDLE_OPERATIONS, operationPath } from '@/lib/contract/operations';
import { bundleIdResponse } from '../answer-schemas';
import { sendOneItemBatch } from '../batch';
import { withReview } from '../review';
import { createRecord } from '../code-lookup';
import { apiFetch } from '../fetcher';
import { bundleKeys } from '../query-keys';
import { useCreateRecord, useUpdateRecord } from '../record-saves';

/** A single create; the proxy says whether the id it returns already had the ERP code (lib/client/code-lookup). */
export function createBundle(body: BundleWrite) {
  return createRecord(operationPath(BUNDLE_OPERATIONS.create), body);
}

function updateBundle(id: number, changes: BundleWrite) {
  return apiFetch({
    method: 'PUT',
    path: operationPath(BUNDLE_OPERATIONS.update, id),
    body: changes,
    schema: bundleIdResponse,
  });
}

/** One update whose `components` replaces the whole recipe; a refused replacement leaves the old one (rule 4). */
export function replaceRecipe(id: number, components: ComponentWrite[], review?: RecipeReview) {
  // The recipe read before editing and the SKUs' codes and names go with it, for the bundle's History.
  return updateBundle(
    id,
    review
      ? withReview({ components }, [{ field: 'components', from: review.from }], review.labels, review.restores)
      : { components },
  );
}

/** `restores`: the History entry whose earlier recipe this save puts back ("Restore earlier values"). */
export type RecipeReview = { from: unknown; labels: Record<string, RefLabel>; restores?: string | null };

/** Prices go through PUT /v1/bundle-prices/batch (one item), addressed by the bundle's product id. */
export function setBundlePrices(id: number, changes: { price?: number; sellPrice?: number }) {
  return sendOneItemBatch('bundlePrices', { id, ...changes });
}

// A bundle shows in bundle lists (also "Bundles that use this SKU", which is a bundle list) and its detail.
export function useCreateBundle() {
  return useCreateRecord(bundleKeys, createBundle);
}

/** The bundle's own fields (not its prices or recipe); the review's old values go with it (EntityForm). */
export function useUpdateBundle(id: number) {
  return useUpdateRecord(bundleKeys, id, (changes: BundleWrite) => updateBundle(id, changes));
}

export function useReplaceRecipe(id: number) {
  return useUpdateRecord(
    bundleKeys,
    id,
    ({ components, review }: { components: ComponentWrite[]; review?: RecipeReview }) =>
      replaceRecipe(id, components, review),
  );
}

// recordKey('bundlePrices', id) hangs under detail(id), so the price panel refreshes with the bundle.
export function useSetBundlePrices(id: number) {
  return useUpdateRecord(bundleKeys, id, (changes: { price?: number; sellPrice?: number }) =>
    setBundlePrices(id, changes),
  );
}
