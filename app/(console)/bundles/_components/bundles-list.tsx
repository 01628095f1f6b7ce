'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { ColumnMeta } from '@/components/data-table/data-table';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { ListView } from '@/components/data-table/list-view';
import { useCurrentUser } from '@/components/layout/current-user';
import { StatusBadge } from '@/components/record/status-badge';
import { LinkButton } from '@/components/ui';
import { getAllBundles, getBundles } from '@/lib/client/bundles/get-bundles';
import { bundleKeys } from '@/lib/client/query-keys';
import { BUNDLE_STATUS, type Bundle } from '@/lib/contract/bundles';
import { can } from '@/lib/contract/roles';
import type { CsvColumn } from '@/lib/csv/export';
import { ComponentFilter } from './component-filter';
import { useMoney } from '@/lib/i18n/use-money';

export function BundlesList() {
  const t = useTranslations('bundles');
  const tr = useTranslations('records');
  const format = useFormatter();
  const money = useMoney();
  const user = useCurrentUser();
  const statusLabels = useMemo(() => Object.fromEntries(BUNDLE_STATUS.map((s) => [s, tr(`status.${s}`)])), [tr]);

  const columns = useMemo<ColumnDef<Bundle>[]>(() => {
    const num = (id: 'price' | 'sellPrice' | 'componentCount' | 'availableQty', value: (b: Bundle) => number): ColumnDef<Bundle> => ({
      id,
      header: t(`fields.${id}`),
      meta: { label: t(`fields.${id}`), numeric: true } satisfies ColumnMeta,
      cell: ({ row }) => (id === 'price' || id === 'sellPrice' ? money(value(row.original)) : format.number(value(row.original), { maximumFractionDigits: 4 })),
    });
    return [
      {
        id: 'outerSysCode',
        header: t('fields.outerSysCode'),
        meta: { label: t('fields.outerSysCode') },
        enableHiding: false,
        cell: ({ row }) => (
          <Link href={`/bundles/${row.original.id}`} className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400">
            {row.original.outerSysCode || `#${row.original.id}`}
          </Link>
        ),
      },
      { id: 'name', accessorKey: 'name', header: t('fields.name'), meta: { label: t('fields.name'), truncate: true } },
      {
        id: 'status',
        header: t('fields.status'),
        meta: { label: t('fields.status') },
        cell: ({ row }) => <StatusBadge status={row.original.status} labels={statusLabels} />,
      },
      num('price', (b) => b.price),
      num('sellPrice', (b) => b.sellPrice),
      num('componentCount', (b) => b.components.length),
      num('availableQty', (b) => b.availableQty),
    ];
  }, [t, format, money, statusLabels]);

  const csvColumns: CsvColumn<Bundle>[] = [
    { header: t('fields.id'), value: (b) => b.id },
    { header: t('fields.skuId'), value: (b) => b.skuId },
    { header: t('fields.outerSysCode'), value: (b) => b.outerSysCode },
    { header: t('fields.name'), value: (b) => b.name },
    { header: t('fields.status'), value: (b) => b.status },
    { header: `${t('fields.productCategoryId')} id`, value: (b) => b.productCategoryId },
    { header: t('fields.unit'), value: (b) => b.unit },
    { header: t('fields.spec'), value: (b) => b.spec },
    { header: t('fields.barcode'), value: (b) => b.barcode },
    { header: t('fields.warehouse'), value: (b) => b.warehouse },
    { header: t('fields.price'), value: (b) => b.price },
    { header: t('fields.sellPrice'), value: (b) => b.sellPrice },
    { header: t('fields.quantityPrecision'), value: (b) => b.quantityPrecision },
    { header: t('fields.componentCount'), value: (b) => b.components.length },
    // One cell per bundle: "code × quantity" per component, in recipe order.
    { header: t('fields.components'), value: (b) => b.components.map((c) => `${c.componentSkuOuterSysCode || `#${c.componentSkuId}`} × ${c.quantity}`).join('; ') },
    { header: t('fields.availableQty'), value: (b) => b.availableQty },
  ];

  const filterFields: FilterFields<'bundles'> = {
    outerSysCode: { type: 'text', label: t('filters.code') },
    name: { type: 'text', label: t('filters.name') },
    status: {
      type: 'select',
      label: t('fields.status'),
      anyLabel: t('filters.anyStatus'),
      options: BUNDLE_STATUS.map((s) => ({ value: s, label: statusLabels[s] ?? s })),
    },
    componentSkuId: {
      type: 'custom',
      label: t('filters.component'),
      render: (value, onChange) => <ComponentFilter value={value} onChange={onChange} />,
    },
    updatedSince: { type: 'datetime', label: t('fields.updatedSince') },
  };

  return (
    <ListView
      list="bundles"
      tableId="bundles"
      userId={user.id}
      caption={t('title')}
      queryKey={bundleKeys.list}
      getPage={getBundles}
      columns={columns}
      filterFields={filterFields}
      fetchAll={getAllBundles}
      csvColumns={csvColumns}
      csvFileBase="bundles"
      actions={
        can(user.role, 'editMasterData') ? (
          <LinkButton href="/bundles/new" size="sm" variant="primary">
            {t('new')}
          </LinkButton>
        ) : null
      }
    />
  );
}
