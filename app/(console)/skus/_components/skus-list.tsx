'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { bulkFields } from '@/components/bulk-edit/bulk-edit';
import { useListBulkEdit } from '@/components/bulk-edit/use-bulk-edit';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { idColumn, codeLinkColumn, statusColumn, type ListColumn } from '@/components/data-table/list-columns';
import { RecordList } from '@/components/data-table/record-list';
import { codeAndNameFilters, statusFilter, updatedSinceFilter } from '@/components/data-table/record-filters';
import { Button } from '@/components/ui';
import { useStatusOptions } from '@/components/record/status-badge';
import { parseRecordId } from '@/components/record/parse-id';
import { loadLater } from '@/lib/client/load-later';
import { STATUS } from '@/lib/contract/values';
import type { Sku } from '@/lib/contract/resources';
import { ProductLink } from './product-link';
import { useMoney, useQuantity } from '@/lib/i18n/use-money';
import { useRecord } from '@/lib/client/queries';

// The product finder sits in a closed <details>: it loads when a person opens it (or points at it), never with
// the list: loaded beside it, its arrival re-rendered the whole list once more on a phone's first load.
const productFilter = loadLater(() => import('./product-filter-search'));

/**
 * The list's one product filter: a search by product code or name (issue 54: no product id box beside it). The
 * chosen product is named above it, with a button to take the filter off.
 */
function ProductFinder({
  label,
  chosen,
  onPick,
}: {
  label: string;
  chosen: { id: number; name: string | null } | null;
  onPick: (productId: number | null) => void;
}) {
  const t = useTranslations('skus');
  const [open, setOpen] = useState(false);
  const finder = productFilter.useLoaded(open);
  const prepare = () => void productFilter.load().catch(() => undefined);
  return (
    <div className="max-w-xl space-y-1 text-sm">
      {chosen ? (
        <p className="flex flex-wrap items-center gap-2">
          <span>{t('filters.productChosen', { name: chosen.name ?? `#${chosen.id}` })}</span>
          <Button variant="secondary" size="sm" onClick={() => onPick(null)}>
            {t('filters.productClear')}
          </Button>
        </p>
      ) : null}
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer font-medium" onPointerEnter={prepare} onFocus={prepare}>
          {label}
        </summary>
        <div className="mt-2">{finder ? <finder.ProductFilterSearch onPick={onPick} /> : null}</div>
      </details>
    </div>
  );
}

export function SkusList() {
  const t = useTranslations('skus');
  const format = useFormatter();
  const money = useMoney();
  const quantity = useQuantity();
  // Name the product a productId filter points at, so a typed id can be checked at a glance.
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const tf = useTranslations('find');
  const filteredProductId = parseRecordId(searchParams.get('productId') ?? '');
  const filteredProduct = useRecord('product', filteredProductId);
  const statusOptions = useStatusOptions(STATUS.sku);
  const productName =
    filteredProductId === null
      ? null
      : filteredProduct.data
        ? [filteredProduct.data.outerSysCode, filteredProduct.data.name].filter(Boolean).join(' · ') ||
          `#${filteredProductId}`
        : filteredProduct.isPending
          ? t('productLookup')
          : t('productMissing');

  const columns = useMemo<ListColumn<Sku>[]>(() => {
    const text = (key: 'name' | 'barcode' | 'warehouse' | 'unit' | 'spec'): ListColumn<Sku> => ({
      id: key,
      label: t(`fields.${key}`),
      value: (s) => s[key],
      truncate: key === 'name' || key === 'spec',
      card: key === 'name' ? 'subtitle' : undefined,
      // The barcode goes last as a tablet's table narrows: a steward scans it rather than reads it.
      priority: key === 'warehouse' ? 2 : undefined,
    });
    const num = (key: 'price' | 'sellPrice' | 'inventoryQty' | 'quantityPrecision'): ListColumn<Sku> => ({
      id: key,
      label: t(`fields.${key}`),
      value: (s) => s[key],
      numeric: true,
      money: key === 'price' || key === 'sellPrice',
      ...(key === 'inventoryQty' ? { decimals: (s: Sku) => s.quantityPrecision } : {}),
      // Sell price and stock are what a SKU is looked up for (issue 46), on the card and in every width of table.
      card: key === 'sellPrice' || key === 'inventoryQty' ? 'figure' : undefined,
      cell: (s) =>
        key === 'price' || key === 'sellPrice'
          ? money(s[key])
          : key === 'inventoryQty'
            ? quantity(s[key], s.quantityPrecision)
            : format.number(s[key]),
    });
    return [
      idColumn(t('fields.id')),
      { id: 'productIdNumber', label: `${t('fields.productId')} id`, value: (s) => s.productId, only: 'csv' },
      codeLinkColumn(t('fields.outerSysCode'), '/skus'),
      text('name'),
      // What a steward works with first (issue 27): price, stock and status before the reference fields.
      num('sellPrice'),
      num('inventoryQty'),
      statusColumn(t('fields.status')),
      // Each row reads its product's name: the table only (the CSV has the id above).
      {
        id: 'productId',
        label: t('fields.productId'),
        value: (s) => s.productId,
        truncate: true,
        cell: (s) => <ProductLink id={s.productId} />,
        only: 'table',
      },
      text('barcode'),
      text('warehouse'),
      text('unit'),
      text('spec'),
      num('price'),
      num('quantityPrecision'),
    ];
  }, [t, format, money, quantity]);

  // Bulk edit (issue 15): stewards and admins tick rows, or take every row matching the filters.
  const bulk = useListBulkEdit('skus', [
    ...bulkFields<Sku>(t, 'skus', 'id', ['name', 'unit', 'spec', 'warehouse', 'barcode']),
    ...bulkFields<Sku>(t, 'prices', 'skuId', ['price', 'sellPrice']),
    ...bulkFields<Sku>(t, 'stock', 'skuId', ['inventoryQty']),
  ]);

  const filterFields: FilterFields<'skus'> = {
    ...codeAndNameFilters(t),
    productId: { type: 'id', label: t('fields.productId'), picked: true, named: productName ?? undefined },
    barcode: { type: 'text', label: t('filters.barcode'), description: t('filters.barcodeHelp') },
    status: statusFilter(t, statusOptions),
    updatedSince: updatedSinceFilter(t),
  };

  // The product filter takes an id; this finds the product by code or name and sets it (first page again).
  const filterByProduct = (productId: number | null) => {
    const next = new URLSearchParams(searchParams.toString());
    if (productId === null) next.delete('productId');
    else next.set('productId', String(productId));
    next.delete('page');
    router.push(`${pathname}?${next.toString()}`);
  };

  return (
    <RecordList
      list="skus"
      namespace="skus"
      columns={columns}
      filterFields={filterFields}
      bulk={bulk}
      filterExtra={
        <ProductFinder
          label={tf('filterByProduct')}
          chosen={filteredProductId === null ? null : { id: filteredProductId, name: productName }}
          onPick={filterByProduct}
        />
      }
    />
  );
}
