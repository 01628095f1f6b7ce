'use client';

import { useFormContext } from 'react-hook-form';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Field, Input } from '@/components/ui';
import { parseAmountOrNull } from '@/lib/contract/amount-text';
import { useFieldFrame } from './field-error';

/**
 * '' means "not given" (null); anything else is read by the shared amount reader ("2,340,000", "NT$2,340,000",
 * full-width digits: lib/contract/amount-text), NaN when it is not a number, so the zod schema says so.
 */
export function toNumberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? Number.NaN : value;
  if (value === null || value === undefined) return null;
  return parseAmountOrNull(String(value));
}

/**
 * The on-screen keyboard a number box asks for, from the step the contract allows: a whole-number step (an id,
 * a quantity of 0 decimals) gets digits only; anything else (money, a quantity with decimals) gets a decimal
 * point too, since a digits-only pad would make "12.5" impossible to type.
 */
export function numberInputMode(step: string): 'numeric' | 'decimal' {
  return /^\d+$/.test(step) ? 'numeric' : 'decimal';
}

export interface NumberFieldProps {
  name: string;
  label: string;
  description?: ReactNode;
  placeholder?: string;
  step?: string;
  min?: number;
  max?: number;
  required?: boolean;
}

export function NumberField({
  name,
  label,
  description,
  placeholder,
  step = 'any',
  min,
  max,
  required,
}: NumberFieldProps) {
  const { register } = useFormContext();
  const t = useTranslations('approvalDecisions.amount');
  const format = useFormatter();
  // What the box holds as typed: when it is more than plain digits ("2,340,000", "NT$…", full-width), the figure
  // read from it is said under the box before any review.
  const [typed, setTyped] = useState('');
  const field = register(name, { setValueAs: toNumberOrNull });
  const read = parseAmountOrNull(typed);
  const readBack =
    read !== null && Number.isFinite(read) && typed.trim() !== String(read)
      ? t('understood', { amount: format.number(read, { maximumFractionDigits: 4 }) })
      : null;
  // A box that takes whole numbers only says so; any other takes the contract's decimals for its field.
  const frame = useFieldFrame(name, { label, kind: numberInputMode(step) === 'numeric' ? 'whole' : 'number' });
  return (
    <Field
      {...frame}
      label={label}
      description={
        readBack ? (
          <>
            {description}
            <span className="mt-0.5 block font-medium tabular-nums" data-testid="amount-read">
              {readBack}
            </span>
          </>
        ) : (
          description
        )
      }
      required={required}
    >
      <Input
        // A box for amounts and decimals is text, so it takes "2,340,000", "NT$…" and a Chinese input method's
        // full-width digits (a number box drops them); a whole-number box (an id) stays a number box.
        type={numberInputMode(step) === 'numeric' ? 'number' : 'text'}
        inputMode={numberInputMode(step)}
        // Enter submits the form (to its review), so the key says so; no browser's remembered numbers.
        enterKeyHint="done"
        autoComplete="off"
        step={step}
        min={min}
        max={max}
        placeholder={placeholder}
        required={required}
        {...field}
        onChange={(e) => {
          setTyped(e.target.value);
          return field.onChange(e);
        }}
      />
    </Field>
  );
}
