'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { EntityForm } from '@/components/form/entity-form';
import { NumberField } from '@/components/form/number-field';
import { DetailList } from '@/components/record/detail-list';
import { QueryState } from '@/components/record/query-state';
import { Button, TitledCard } from '@/components/ui';
import { useSetSkuStock } from '@/lib/client/skus/save-sku';
import { toast } from '@/components/ui/toast';
import { recordQueryOptions, useRecord } from '@/lib/client/queries';

// The write schema (zod) loads when the person first focuses a box, not with the page (EntityForm).
const stockFormSchema = (quantityPrecision: number) => () =>
  import('./stock-schema').then((m) => m.stockFormSchema(quantityPrecision));

export function SkuStockPanel({
  skuId,
  quantityPrecision,
  editable,
}: {
  skuId: number;
  quantityPrecision: number;
  editable: boolean;
}) {
  const t = useTranslations('skus');
  const tr = useTranslations('records');
  const format = useFormatter();
  const stock = useRecord('skuStock', skuId);
  const setStock = useSetSkuStock(skuId);
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const qty = (n: number) => format.number(n, { maximumFractionDigits: 4 });
  const s = stock.data;
  return (
    <TitledCard
      id="sku-stock"
      title={t('stock')}
      contentClassName="space-y-4"
      action={
        editable && s ? (
          <Button size="sm" variant="secondary" aria-expanded={editing} onClick={() => setEditing((v) => !v)}>
            {editing ? t('closeEditor') : t('editStock')}
          </Button>
        ) : null
      }
    >
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('stockHelp')}</p>
      <QueryState query={stock} notFound={t('notFound')} lines={3} />
      {s ? (
        <DetailList
          emptyText={tr('notSet')}
          items={[
            { label: t('fields.inventoryQty'), value: qty(s.inventoryQty) },
            { label: t('reservedQty'), value: qty(s.reservedQty) },
            {
              label: t('availableQty'),
              value: (
                <span className={s.availableQty < 0 ? 'font-medium text-red-700 dark:text-red-400' : undefined}>
                  {qty(s.availableQty)}
                </span>
              ),
            },
          ]}
        />
      ) : null}
      {editing && s ? (
        // Not keyed by the quantity: a background refetch must not wipe what is typed. A change made
        // meanwhile is caught by the re-read before sending instead.
        <EntityForm
          schema={stockFormSchema(quantityPrecision)}
          fields={['inventoryQty']}
          initialValues={{ inventoryQty: s.inventoryQty }}
          original={{ inventoryQty: s.inventoryQty }}
          labels={{ inventoryQty: t('fields.inventoryQty') }}
          mode="edit"
          submitLabel={tr('reviewAndSave')}
          onSave={(changes) => setStock.mutateAsync(changes as { inventoryQty: number })}
          reread={async () => ({
            inventoryQty: (await client.fetchQuery({ ...recordQueryOptions('skuStock', skuId), staleTime: 0 }))
              .inventoryQty,
          })}
          onSaved={() => {
            toast.success(tr('saved'));
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        >
          <NumberField
            name="inventoryQty"
            label={t('fields.inventoryQty')}
            description={t('stockFieldHelp')}
            min={0}
            step={quantityPrecision === 0 ? '1' : String(10 ** -quantityPrecision)}
          />
        </EntityForm>
      ) : null}
    </TitledCard>
  );
}
