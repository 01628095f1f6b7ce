'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type RefObject } from 'react';
import { Alert, Button } from '@/components/ui';
import { toast } from '@/components/ui/toast';
import { failedWriteOutcome, isApiError } from '@/lib/client/api-error';
import { useSetBundlePrices } from '@/lib/client/bundles/save-bundle';
import { useReadAfresh } from '@/lib/client/queries';
import { withReview } from '@/lib/client/review';
import { useSetSkuPrice } from '@/lib/client/skus/save-sku';
import type { RestoreField } from '@/lib/contract/console/restores';
import { useErrorMessage } from '@/lib/i18n/use-error-message';
import type { FieldChange, FormValue } from './changed-fields';
import { ReviewChangesDialog } from './review-changes-dialog';

type PriceField = 'price' | 'sellPrice';

/** A price the restore panel can put back: its old value was read and is a price (a price cannot be removed). */
export function restorablePrice(f: RestoreField): boolean {
  return f.prices === true && (f.state === 'holds' || f.state === 'changedSince') && typeof f.value === 'number';
}

/**
 * The prices of a restore (issue 56 point 2): sent through the family's price batch, as the price panel sends
 * them, after the same review dialog; the save names the entry it restores, so History links it. The prices are
 * read afresh first: one changed since the review was read stops the save and reads the review again.
 */
export function PriceRestore({
  type,
  id,
  change,
  fields,
  labels,
  format,
  reviewRef,
}: {
  type: 'skus' | 'bundles';
  id: number;
  change: string;
  /** The chosen price fields. */
  fields: RestoreField[];
  labels: { readonly [field: string]: string | undefined };
  format: (field: string, value: FormValue) => string;
  /** Set to open this review while prices are chosen: the edit form's "Review and save" opens it too. */
  reviewRef?: RefObject<(() => boolean) | null>;
}) {
  const t = useTranslations('records.restore');
  const tw = useTranslations('writes');
  const errorText = useErrorMessage();
  const client = useQueryClient();
  const readAfresh = useReadAfresh();
  const sku = useSetSkuPrice(id);
  const bundle = useSetBundlePrices(id);
  const [review, setReview] = useState<FieldChange[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [note, setNote] = useState<{ tone: 'error' | 'warning'; text: string; title?: string } | null>(null);
  const rereadReview = () => client.invalidateQueries({ queryKey: ['restore', type, String(id), change] });

  const open = async () => {
    setNote(null);
    if (fields.length === 0) return setNote({ tone: 'error', text: t('noneSelected') });
    let live: Record<PriceField, unknown>;
    try {
      live = (await readAfresh(type === 'skus' ? 'skuPrice' : 'bundlePrices', id)) as Record<PriceField, unknown>;
    } catch (error) {
      // Nothing was sent: the prices could not be read to check them.
      return setNote({ tone: 'error', text: errorText(isApiError(error) ? error.code : 'network_error') });
    }
    const moved = fields.some((f) => live[f.field as PriceField] !== f.now);
    if (moved) {
      setNote({ tone: 'warning', text: t('pricesMoved') });
      return void rereadReview();
    }
    setReview(fields.map((f) => ({ field: f.field, from: f.now as FormValue, to: f.value as FormValue })));
  };

  useEffect(() => {
    if (!reviewRef) return;
    reviewRef.current = fields.length > 0 ? () => (void open(), true) : null;
    return () => {
      reviewRef.current = null;
    };
  });

  const save = async (list: FieldChange[]) => {
    setSaving(true);
    const changes = Object.fromEntries(list.map((c) => [c.field, c.to])) as { price?: number; sellPrice?: number };
    try {
      // The review's old values and the entry it restores travel with the item, as the price panel's do.
      await (type === 'skus' ? sku : bundle).mutateAsync(withReview(changes, list, undefined, change));
      toast.success(t('pricesRestored', { count: list.length }));
      setReview(null);
      void rereadReview();
    } catch (error) {
      setReview(null);
      // Never sent again by itself: an unknown outcome may have been applied.
      if (failedWriteOutcome(error) === 'unknown')
        setNote({ tone: 'warning', title: tw('unknownTitle'), text: tw('unknownBody') });
      else setNote({ tone: 'error', text: errorText(isApiError(error) ? error.code : 'network_error') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-2">
      <p className="text-zinc-700 dark:text-zinc-300">{t('pricesNote')}</p>
      <Button type="button" variant="secondary" onClick={() => void open()}>
        {t('pricesReview')}
      </Button>
      {/* Announced at once: an alert (errors and warnings). */}
      {note ? (
        <Alert tone={note.tone} title={note.title}>
          {note.text}
        </Alert>
      ) : null}
      <ReviewChangesDialog
        open={review !== null}
        changes={review ?? []}
        labels={labels}
        format={format}
        saving={saving}
        mode="edit"
        onConfirm={() => review && void save(review)}
        onClose={() => setReview(null)}
      />
    </div>
  );
}
