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
  const frame = useFieldFrame(name);
  return (
    <Field {...frame} label={label} description={description} required={required}>
      <Input
        type="number"
        inputMode="decimal"
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
