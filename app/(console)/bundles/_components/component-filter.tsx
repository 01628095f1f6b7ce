'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui';
import { skuLabel, SkuSearch } from './sku-search';
import { recordQueryOptions } from '@/lib/client/queries';

/** "Contains component": pick a SKU by code or name; the list is filtered by its id (componentSkuId). */
export function ComponentFilter({
  value,
  onChange,
}: {
  value: string | number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const t = useTranslations('bundles.filters');
  const id = typeof value === 'number' ? value : undefined;
  const sku = useQuery({ ...recordQueryOptions('sku', id ?? 0), enabled: id !== undefined });
  let current: string | undefined;
  if (id !== undefined) {
    current = sku.data
      ? t('componentIs', { sku: skuLabel(sku.data) })
      : sku.isPending
        ? t('componentLookup', { id })
        : t('componentMissing', { id });
  }
  return (
    <div className="space-y-2">
      <SkuSearch
        label={t('component')}
        description={current ?? t('componentHelp')}
        action="choose"
        onPick={(s) => onChange(s.id)}
      />
      {id !== undefined ? (
        <Button size="sm" variant="ghost" onClick={() => onChange(undefined)}>
          {t('clearComponent')}
        </Button>
      ) : null}
    </div>
  );
}
