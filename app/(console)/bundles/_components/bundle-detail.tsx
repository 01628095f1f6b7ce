'use client';

import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useRestoreReview } from '@/lib/client/restores';
import { RecipeRestore, restoredRows } from './recipe-restore';
import { useCurrentUser } from '@/components/session/current-user';
import { RecordDetails } from '@/components/record/record-details';
import { RecordPage } from '@/components/record/record-page';
import { StatusBadge } from '@/components/record/status-badge';
import { Button } from '@/components/ui';
import { useComponentStocks } from '@/lib/client/bundles/component-stock';
import { categoryPath } from '@/lib/client/product-categories/category-groups';
import { useProductCategories } from '@/lib/client/product-categories/get-product-categories';
import { can } from '@/lib/contract/roles';
import { BundleAvailability } from './bundle-availability';
import { BundlePricePanel } from './bundle-price-panel';
import { recipeDrag } from './recipe-drag-later';
import { useRecord } from '@/lib/client/queries';
import { loadLater } from '@/lib/client/load-later';
import { FOCUS_PARAM } from '@/lib/contract/attention/rules';

/**
 * The recipe editor (and its drag and drop) load when a person heads for "Edit recipe" (points at it, focuses it,
 * touches it), not with the page: loaded after first paint, they ran inside a phone's first seconds (issue 46). The
 * editor opens at once, or on a slow line once it is there.
 */
const recipeEditor = loadLater(() =>
  Promise.all([import('./recipe-editor'), recipeDrag.load()]).then(([module]) => module),
);

export function BundleDetail({ id }: { id: number }) {
  const t = useTranslations('bundles');
  const user = useCurrentUser();
  const bundle = useRecord('bundle', id);
  const b = bundle.data;
  const stocks = useComponentStocks(b?.components.map((c) => c.componentSkuId) ?? []);
  const categories = useProductCategories();
  const editable = can(user.role, 'editMasterData');
  const params = useSearchParams();
  // A finding's fix lands on the recipe (`?focus=components`, issue 62 point 3): the editor opens at once.
  const landing = editable && params.get(FOCUS_PARAM) === 'components';
  const [editing, setEditing] = useState(landing);
  const editor = recipeEditor.useLoaded(false);
  useEffect(() => {
    if (landing) recipeEditor.load().catch(() => setEditing(false));
  }, [landing]);
  const prepare = () => void recipeEditor.load().catch(() => undefined);
  const [refreshing, setRefreshing] = useState(false);
  // "Restore earlier values" of a recipe entry lands here (`?restore=<change>`): the editor opens with that recipe.
  const change = params.get('restore');
  const restoreReview = useRestoreReview(
    'bundles',
    id,
    editable && change && /^[1-9]\d{0,18}$/.test(change) ? change : null,
  );
  const [restoring, setRestoring] = useState(false);
  const rows = restoring ? restoredRows(restoreReview.data) : null;

  // The service's figure and the component stock are read again together, so the comparison is fair.
  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([bundle.refetch(), stocks.refetch()]);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <RecordPage namespace="bundles" kind="bundle" id={id} read={bundle} editable={editable}>
      {(b) => (
        <>
          <RecordDetails
            namespace="bundles"
            record={b}
            fields={[
              'id',
              'skuId',
              'outerSysCode',
              'name',
              { field: 'status', value: <StatusBadge status={b.status} /> },
              {
                field: 'productCategoryId',
                value: categoryPath(b.productCategoryId, categories.data ?? []) ?? `#${b.productCategoryId}`,
              },
              'unit',
              'spec',
              'barcode',
              'warehouse',
              { field: 'quantityPrecision', value: t('precisionOption', { digits: b.quantityPrecision }) },
            ]}
          />
          <BundlePricePanel bundleId={b.id} editable={editable} />
          <BundleAvailability
            bundle={b}
            stocks={stocks}
            readAt={bundle.dataUpdatedAt}
            refreshing={refreshing}
            onRefresh={() => void refresh()}
          />
          {editable && restoreReview.data && !editing ? (
            <RecipeRestore
              review={restoreReview.data}
              onOpen={() => {
                setRestoring(true);
                setEditing(true);
                recipeEditor.load().catch(() => setEditing(false));
              }}
            />
          ) : null}
          {editable ? (
            editing && editor ? (
              <editor.RecipeEditor
                bundle={b}
                restore={rows && restoreReview.data ? { rows, change: restoreReview.data.changeId } : null}
                autoFocus={landing && !restoring}
                onClose={() => {
                  setEditing(false);
                  setRestoring(false);
                }}
              />
            ) : (
              <Button
                variant="secondary"
                pending={editing}
                onPointerEnter={prepare}
                onFocus={prepare}
                onTouchStart={prepare}
                onClick={() => {
                  setEditing(true);
                  // Not there yet (a slow line): wait for it; if it cannot load, the button can be pressed again.
                  recipeEditor.load().catch(() => setEditing(false));
                }}
              >
                {t('recipe.edit')}
              </Button>
            )
          ) : null}
        </>
      )}
    </RecordPage>
  );
}
