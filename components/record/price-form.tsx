'use client';

import { useTranslations } from 'next-intl';
import { EntityForm } from '@/components/form/entity-form';
import { PriceFields } from '@/components/form/price-fields';
import { toast } from '@/components/ui/toast';
import { MONEY_MAX } from '@/lib/contract/values';
import type { PriceFormProps } from './price-types';
import { LivePriceRuleWarning, PriceRuleWarning, priceRulesOpened } from './price-rule-warning';

/** The price panel's edit form (./price-panel loads it after first paint): both prices, reviewed, then sent. */
export function PriceForm({ namespace, prices: p, schema, onSave, reread, onClose, focus, afterSave }: PriceFormProps) {
  const t = useTranslations(namespace);
  const tr = useTranslations('records');
  return (
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
        onClose();
        afterSave?.();
      }}
      onCancel={onClose}
      focus={focus}
      // A SKU's prices that would open a "Needs attention" rule say so before the save, in the rule's words.
      reviewNote={
        namespace === 'skus'
          ? (values) => (
              <PriceRuleWarning rules={priceRulesOpened({ price: values.price, sellPrice: values.sellPrice })} />
            )
          : undefined
      }
    >
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('pricePanelHelp')}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <PriceFields namespace={namespace} max={MONEY_MAX} />
      </div>
      {namespace === 'skus' ? <LivePriceRuleWarning /> : null}
    </EntityForm>
  );
}
