'use client';

import { useFormContext } from 'react-hook-form';
import type { ReactNode } from 'react';
import { Field, Select } from '@/components/ui';
import { fieldErrorSentence } from './field-error';
import { toNumberOrNull } from './number-field';

export interface SelectOption {
  value: number | string;
  label: string;
}

export interface SelectFieldProps {
  name: string;
  label: string;
  /** The first, empty choice, e.g. "Tenant default salesperson" or "Choose a category"; none when absent. */
  emptyLabel?: string;
  options?: SelectOption[];
  groups?: { label: string; options: SelectOption[] }[];
  description?: ReactNode;
  required?: boolean;
  /** Id pickers store numbers. */
  numeric?: boolean;
  disabled?: boolean;
}

export function SelectField({ name, label, emptyLabel, options = [], groups = [], description, required, numeric = true, disabled }: SelectFieldProps) {
  const { register, formState } = useFormContext();
  return (
    <Field id={`field-${name}`} label={label} description={description} required={required} error={fieldErrorSentence(formState.errors[name]?.message)}>
      <Select
        required={required}
        disabled={disabled}
        {...register(name, numeric ? { setValueAs: toNumberOrNull } : {})}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
    </Field>
  );
}
