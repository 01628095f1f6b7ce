'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { EntityForm } from '@/components/form/entity-form';
import { NumberField } from '@/components/form/number-field';
import { DetailList } from '@/components/record/detail-list';
import { QueryState } from '@/components/record/query-state';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { skuPriceQueryOptions, useSkuPrice } from '@/lib/client/skus/get-sku';
import { useSetSkuPrice } from '@/lib/client/skus/save-sku';
import { MONEY_MAX } from '@/lib/contract/fields';
import { priceWrite } from '@/lib/contract/resources';

export function SkuPricePanel({ skuId, editable }: { skuId: number; editable: boolean }) {
  const t = useTranslations('skus');
  const tr = useTranslations('records');
  const format = useFormatter();
  const price = useSkuPrice(skuId);
  const setPrice = useSetSkuPrice(skuId);
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const p = price.data;
  const money = (n: number | null) => (n === null ? t('notPriced') : format.number(n, { maximumFractionDigits: 4 }));
  return (
    <Card aria-labelledby="sku-price">
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id="sku-price">{t('priceTitle')}</CardTitle>
        {editable && p ? (
          <Button size="sm" variant="secondary" aria-expanded={editing} onClick={() => setEditing((v) => !v)}>
            {editing ? t('closeEditor') : t('editPrice')}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState isPending={price.isPending} error={price.error} onRetry={() => void price.refetch()} notFound={t('notFound')} lines={2} />
        {p ? (
          <DetailList
            emptyText={tr('notSet')}
            items={[
              { label: t('fields.price'), value: money(p.price) },
              { label: t('fields.sellPrice'), value: money(p.sellPrice) },
            ]}
          />
        ) : null}
        {editing && p ? (
          // Not keyed by the prices: a background refetch must not wipe what is typed; the re-read before
          // sending catches a change made meanwhile.
          <EntityForm
            schema={priceWrite}
            fields={['price', 'sellPrice']}
            initialValues={{ price: p.price, sellPrice: p.sellPrice }}
            original={{ price: p.price, sellPrice: p.sellPrice }}
            labels={{ price: t('fields.price'), sellPrice: t('fields.sellPrice') }}
            mode="edit"
            submitLabel={tr('reviewAndSave')}
            onSave={(changes) => setPrice.mutateAsync(changes as { price?: number; sellPrice?: number })}
            reread={async () => {
              const now = await client.fetchQuery({ ...skuPriceQueryOptions(skuId), staleTime: 0 });
              return { price: now.price, sellPrice: now.sellPrice };
            }}
            onSaved={() => {
              toast.success(tr('saved'));
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          >
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('pricePanelHelp')}</p>
            <div className="grid gap-5 sm:grid-cols-2">
              <NumberField name="price" label={t('fields.price')} description={t('priceHelp')} min={0} max={MONEY_MAX} />
              <NumberField name="sellPrice" label={t('fields.sellPrice')} description={t('priceHelp')} min={0} max={MONEY_MAX} />
            </div>
          </EntityForm>
        ) : null}
      </CardContent>
    </Card>
  );
}
