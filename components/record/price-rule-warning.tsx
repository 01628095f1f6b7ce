'use client';

import { useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
import { toNumberOrNull } from '@/components/form/number-field';
import { Alert } from '@/components/ui';
import { SKU_ROW_RULES, type RuleId } from '@/lib/contract/attention';

/** The "Needs attention" rules a SKU's two prices alone open: the same tests the check runs over the console's copy. */
const PRICE_RULES = SKU_ROW_RULES.filter((rule) => rule.fields.every((f) => f === 'price' || f === 'sellPrice'));

/** The price rules prices would open (a sell price above the list price, a sell price of 0), in the rules' order. */
export function priceRulesOpened(prices: { price: unknown; sellPrice: unknown }): RuleId[] {
  const value = (field: string) => toNumberOrNull(field === 'price' ? prices.price : prices.sellPrice);
  return PRICE_RULES.filter((rule) => rule.opens(value)).map((rule) => rule.id);
}

/**
 * Before a SKU's prices are saved (issue 62 point 3): the rule they would open, in the words "Needs attention" uses
 * for it, so the person is told now rather than by a finding seconds after the save. A warning, not a refusal.
 */
export function PriceRuleWarning({ rules }: { rules: readonly RuleId[] }) {
  const t = useTranslations('attention');
  if (rules.length === 0) return null;
  return (
    <div className="space-y-2">
      {rules.map((rule) => (
        <Alert key={rule} tone="warning" title={t(`rules.${rule}.title`)}>
          {t(`rules.${rule}.description`)}
          <span className="block">{t('priceRuleNote')}</span>
        </Alert>
      ))}
    </div>
  );
}

/** The warning under the price boxes, as they are typed. */
export function LivePriceRuleWarning() {
  const [price, sellPrice] = useWatch({ name: ['price', 'sellPrice'] }) as [unknown, unknown];
  return <PriceRuleWarning rules={priceRulesOpened({ price, sellPrice })} />;
}
