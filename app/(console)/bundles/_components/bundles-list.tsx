'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { idColumn, codeLinkColumn, statusColumn, type ListColumn } from '@/components/data-table/list-columns';
import { nameColumn } from '@/components/data-table/record-columns';
import { RecordList } from '@/components/data-table/record-list';
import { codeAndNameFilters, statusFilter, updatedSinceFilter } from '@/components/data-table/record-filters';
import { useStatusOptions } from '@/components/record/status-badge';
import type { Bundle } from '@/lib/contract/bundles';
import { BUNDLE_STATUS } from '@/lib/contract/values';
import { ComponentFilter } from './component-filter';
import { useMoney } from '@/lib/i18n/use-money';

export function BundlesList() {
  const t = useTranslations('bundles');
  const format = useFormatter();
  const money = useMoney();
  const statusOptions = useStatusOptions(BUNDLE_STATUS);

  const columns = useMemo<ListColumn<Bundle>[]>(() => {
    const num = (
      id: 'price' | 'sellPrice' | 'componentCount' | 'availableQty',
      value: (b: Bundle) => number,
    ): ListColumn<Bundle> => ({
      id,
      label: t(`fields.${id}`),
      value,
      numeric: true,
      money: id === 'price' || id === 'sellPrice',
      ...(id === 'availableQty' ? { decimals: (b: Bundle) => b.quantityPrecision } : {}),
      cell: (b) =>
        id === 'price' || id === 'sellPrice' ? money(value(b)) : format.number(value(b), { maximumFractionDigits: 4 }),
      // A bundle is looked up for what it sells at and how many can be made now.
      card: id === 'sellPrice' || id === 'availableQty' ? 'figure' : undefined,
      priority: id === 'price' ? 2 : undefined,
    });
    const csvOnly = (id: 'unit' | 'spec' | 'barcode' | 'warehouse' | 'quantityPrecision'): ListColumn<Bundle> => ({
      id,
      label: t(`fields.${id}`),
      value: (b) => b[id],
      only: 'csv',
    });
    return [
      idColumn(t('fields.id')),
      { id: 'skuId', label: t('fields.skuId'), value: (b) => b.skuId, only: 'csv' },
      codeLinkColumn(t('fields.outerSysCode'), '/bundles'),
      nameColumn(t('fields.name')),
      statusColumn(t('fields.status')),
      {
        id: 'productCategoryId',
        label: `${t('fields.productCategoryId')} id`,
        value: (b) => b.productCategoryId,
        only: 'csv',
      },
      csvOnly('unit'),
      csvOnly('spec'),
      csvOnly('barcode'),
      csvOnly('warehouse'),
      num('price', (b) => b.price),
      num('sellPrice', (b) => b.sellPrice),
      csvOnly('quantityPrecision'),
      num('componentCount', (b) => b.components.length),
      {
        id: 'components',
        label: t('fields.components'),
        // One cell per bundle: "code × quantity" per component, in recipe order.
        value: (b) =>
          b.components.map((c) => `${c.componentSkuOuterSysCode || `#${c.componentSkuId}`} × ${c.quantity}`).join('; '),
        only: 'csv',
      },
      num('availableQty', (b) => b.availableQty),
    ];
  }, [t, format, money]);

  const filterFields: FilterFields<'bundles'> = {
    ...codeAndNameFilters(t),
    status: statusFilter(t, statusOptions),
    componentSkuId: {
      type: 'custom',
      label: t('filters.component'),
      render: (value, onChange) => <ComponentFilter value={value} onChange={onChange} />,
    },
    updatedSince: updatedSinceFilter(t),
  };

  return <RecordList list="bundles" namespace="bundles" columns={columns} filterFields={filterFields} />;
}
