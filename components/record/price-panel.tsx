'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { EntityForm, type FormSchema } from '@/components/form/entity-form';
import type { FormSchemaSource } from '@/components/form/lazy-resolver';
import { NumberField } from '@/components/form/number-field';
import { DetailList } from '@/components/record/detail-list';
import { QueryState } from '@/components/record/query-state';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { MONEY_MAX } from '@/lib/contract/values';
import { useMoney } from '@/lib/i18n/use-money';

export type PriceChanges = { price?: number; sellPrice?: number };

export interface PricePanelProps {
  /** The catalogue with priceTitle, editPrice, closeEditor, notPriced, notFound, fields.price, fields.sellPrice, priceHelp, pricePanelHelp. */
  namespace: 'skus' | 'bundles';
  /** The price read (SKU price or bundle price endpoint). */
  price: UseQueryResult<{ price: number | null; sellPrice: number | null }>;
  /** The write schema of that family's price batch (lib/contract), or a function that imports it. */
  schema: FormSchemaSource<FormSchema>;
  /** Sends only the changed prices through that family's price batch. */
  onSave: (changes: PriceChanges) => Promise<unknown>;
  /** Reads the prices afresh just before sending, so a change made meanwhile shows as a conflict. */
  reread: () => Promise<{ price: number | null; sellPrice: number | null }>;
  editable: boolean;
}

/** Price and sell price of a SKU or a bundle, each written through its own price batch, never the other's. */
export function PricePanel({ namespace, price, schema, onSave, reread, editable }: PricePanelProps) {
  const t = useTranslations(namespace);
  const tr = useTranslations('records');
  const [editing, setEditing] = useState(false);
  const p = price.data;
  const titleId = `${namespace}-price`;
  const nt = useMoney();
  const money = (n: number | null) => (n === null ? t('notPriced') : nt(n));
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id={titleId}>{t('priceTitle')}</CardTitle>
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
            schema={schema}
            fields={['price', 'sellPrice']}
            initialValues={{ price: p.price, sellPrice: p.sellPrice }}
            original={{ price: p.price, sellPrice: p.sellPrice }}
            labels={{ price: t('fields.price'), sellPrice: t('fields.sellPrice') }}
            mode="edit"
            submitLabel={tr('reviewAndSave')}
            onSave={onSave}
            reread={async () => {
              const now = await reread();
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
