'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { categoryPath, groupAssignableCategories } from '@/lib/client/product-categories/category-groups';
import { useProductCategories } from '@/lib/client/product-categories/get-product-categories';

/** Category names and the picker groups (assignable categories under their root). */
export function useCategories() {
  const t = useTranslations('products');
  const query = useProductCategories();
  const locale = useLocale();
  const groups = useMemo(
    () =>
      groupAssignableCategories(query.data ?? [], locale).map((g) => ({
        label: g.root ? (g.root.name ?? `#${g.root.id}`) : t('otherCategories'),
        options: g.options.map((c) => ({ value: c.id, label: c.name ?? `#${c.id}` })),
      })),
    [query.data, t, locale],
  );
  const pathOf = useCallback(
    (id: number | null | undefined) =>
      id == null ? '' : (categoryPath(id, query.data ?? []) ?? t('unknownCategory', { id })),
    [query.data, t],
  );
  return { query, groups, pathOf };
}
