'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Field, Input } from '@/components/ui';
import { parseAmountOrNull } from '@/lib/contract/amount-text';
import { formatNtdExact } from '@/lib/i18n/money';

/**
 * An amount box that takes amounts the way people write them ("2,340,000", "NT$2,340,000", full-width digits
 * from a Chinese input method: lib/contract/amount-text) and says under it the amount it read, before any review,
 * so what is sent is what the person saw (issue 61 point 5).
 */
export function AmountBox({
  label,
  description,
  value,
  onChange,
  unit,
  error,
  autoFocus = false,
}: {
  label: ReactNode;
  description?: ReactNode;
  value: string;
  onChange: (text: string) => void;
  /** Money is read back as NT$; points as a plain number. */
  unit: 'money' | 'points';
  error?: ReactNode;
  /** The dialog's first focus (components/ui/dialog's data-autofocus). */
  autoFocus?: boolean;
}) {
  const t = useTranslations('approvalDecisions.amount');
  const locale = useLocale();
  const format = useFormatter();
  const read = parseAmountOrNull(value);
  const readBack =
    read === null
      ? null
      : Number.isNaN(read)
        ? t('notUnderstood')
        : t('understood', {
            amount: unit === 'money' ? formatNtdExact(locale, read) : format.number(read, { maximumFractionDigits: 4 }),
          });
  return (
    <Field
      label={label}
      error={error}
      description={
        <>
          {description}
          {readBack ? (
            <span
              className="mt-0.5 block font-medium text-zinc-800 tabular-nums dark:text-zinc-200"
              data-testid="amount-read"
            >
              {readBack}
            </span>
          ) : null}
        </>
      }
    >
      <Input
        {...(autoFocus ? { 'data-autofocus': '' } : {})}
        inputMode="decimal"
        enterKeyHint="done"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
