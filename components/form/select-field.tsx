'use client';

import { useFormContext } from 'react-hook-form';
import type { ReactNode } from 'react';
import { Field, Select, SelectOptions, type SelectOption, type SelectOptionGroup } from '@/components/ui';
import { useFieldFrame } from './field-error';
import { toNumberOrNull } from './number-field';

export interface SelectFieldProps {
  name: string;
  label: string;
  /** The first, empty choice, e.g. "Tenant default salesperson" or "Choose a category"; none when absent. */
  emptyLabel?: string;
  options?: SelectOption[];
  groups?: SelectOptionGroup[];
  description?: ReactNode;
  required?: boolean;
  /** Id pickers store numbers. */
  numeric?: boolean;
  disabled?: boolean;
}

export function SelectField({
  name,
  label,
  emptyLabel,
  options,
  groups,
  description,
  required,
  numeric = true,
  disabled,
}: SelectFieldProps) {
  const { register } = useFormContext();
  const frame = useFieldFrame(name);
  return (
    <Field {...frame} label={label} description={description} required={required}>
      <Select
        required={required}
        disabled={disabled}
        {...register(name, numeric ? { setValueAs: toNumberOrNull } : {})}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        <SelectOptions options={options} groups={groups} />
      </Select>
    </Field>
  );
}
