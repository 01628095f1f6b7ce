'use client';

import { useFormContext } from 'react-hook-form';
import type { ReactNode } from 'react';
import { Field, Input } from '@/components/ui';
import { useFieldFrame } from './field-error';

/** '' means "not given" (null); anything else is read as a number so the zod schema checks it. */
export function toNumberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? Number.NaN : value;
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : Number(text);
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
  // A box that takes whole numbers only says so; any other takes the contract's decimals for its field.
  const frame = useFieldFrame(name, { label, kind: numberInputMode(step) === 'numeric' ? 'whole' : 'number' });
  return (
    <Field {...frame} label={label} description={description} required={required}>
      <Input
        type="number"
        inputMode={numberInputMode(step)}
        // Enter submits the form (to its review), so the key says so; no browser's remembered numbers.
        enterKeyHint="done"
        autoComplete="off"
        step={step}
        min={min}
        max={max}
        placeholder={placeholder}
        required={required}
        {...register(name, { setValueAs: toNumberOrNull })}
      />
    </Field>
  );
}
