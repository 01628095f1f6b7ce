'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { DetailList } from '@/components/record/detail-list';
import { QueryState } from '@/components/record/query-state';
import { Button } from '@/components/ui';
import { CollapsibleCard } from '@/components/ui/collapsible-card';
import { loadLater } from '@/lib/client/load-later';
import { useReadAfresh, useRecord } from '@/lib/client/queries';
import { useMoney } from '@/lib/i18n/use-money';
import type { PricePanelProps } from './price-types';
export type { PriceChanges, PricePanelProps, Prices } from './price-types';

/**
 * The edit form (react-hook-form and the review) loads when a person heads for "Edit price" (points at it, focuses
 * it, touches it), not with the page: loaded after first paint, it ran inside a phone's first seconds (issue 46).
 */
const priceForm = loadLater(() => import('./price-form'));

/**
 * Each family's price read, and the write schema of its price batch (zod, loaded when the person first focuses
 * a box, not with the page: EntityForm).
 */
const PRICES = {
  skus: { read: 'skuPrice', schema: () => import('@/lib/contract/prices').then((m) => m.priceWrite) },
  bundles: {
    read: 'bundlePrices',
    schema: () => import('@/lib/contract/bundle-prices').then((m) => m.bundlePriceWrite),
  },
} as const;

/** Price and sell price of a SKU or a bundle, each written through its own price batch, never the other's. */
export function PricePanel({ namespace, id, onSave, editable, folded = false, focus, afterSave }: PricePanelProps) {
  const { read, schema } = PRICES[namespace];
  const price = useRecord(read, id);
  const readAfresh = useReadAfresh();
  const t = useTranslations(namespace);
  const tr = useTranslations('records');
  // A finding's fix lands here on one price (issue 62 point 3): the editor opens with that box focused.
  const landing = editable && (focus === 'price' || focus === 'sellPrice') ? focus : null;
  const [editing, setEditing] = useState(landing !== null);
  const form = priceForm.useLoaded(false);
  useEffect(() => {
    if (landing) priceForm.load().catch(() => setEditing(false));
  }, [landing]);
  const prepare = () => void priceForm.load().catch(() => undefined);
  const p = price.data;
  const titleId = `${namespace}-price`;
  const nt = useMoney();
  const money = (n: number | null) => (n === null ? t('notPriced') : nt(n));
  return (
    <CollapsibleCard
      id={titleId}
      title={t('priceTitle')}
      folded={folded && !landing}
      contentClassName="space-y-4"
      action={
        editable && p ? (
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={editing}
            pending={editing && !form}
            onPointerEnter={prepare}
            onFocus={prepare}
            onTouchStart={prepare}
            onClick={() => {
              setEditing((v) => !v);
              // Not there yet (a slow line): wait for it; if it cannot load, the button can be pressed again.
              priceForm.load().catch(() => setEditing(false));
            }}
          >
            {editing ? t('closeEditor') : t('editPrice')}
          </Button>
        ) : null
      }
    >
      <QueryState query={price} notFound={t('notFound')} lines={2} />
      {p ? (
        <DetailList
          emptyText={tr('notSet')}
          items={[
            { label: t('fields.price'), value: money(p.price) },
            { label: t('fields.sellPrice'), value: money(p.sellPrice) },
          ]}
        />
      ) : null}
      {editing && p && form ? (
        <form.PriceForm
          namespace={namespace}
          prices={p}
          schema={schema}
          onSave={onSave}
          reread={() => readAfresh(read, id)}
          onClose={() => setEditing(false)}
          focus={landing}
          afterSave={afterSave}
        />
      ) : null}
    </CollapsibleCard>
  );
}
