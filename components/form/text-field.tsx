'use client';

import { useFormContext, useWatch } from 'react-hook-form';
import type { ReactNode } from 'react';
import { CharacterCounter, Field, Input } from '@/components/ui';
import { charLength } from '@/lib/contract/fields';
import { useFieldError } from './field-error';

export interface TextFieldProps {
  name: string;
  label: string;
  /** The API limit (LIMITS in lib/contract); shows a live counter, checked while typing. */
  max?: number;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  type?: 'text' | 'tel' | 'email';
}

export function TextField({ name, label, max, description, placeholder, required, type = 'text' }: TextFieldProps) {
  const { register, control, formState } = useFormContext();
  const fieldError = useFieldError();
  const value = useWatch({ control, name }) as string | null | undefined;
  const error = fieldError(formState.errors[name]?.message);
  return (
    <Field
      id={`field-${name}`}
      label={label}
      description={description}
      required={required}
      error={error}
      counter={max ? <CharacterCounter count={charLength(value ?? '')} max={max} /> : undefined}
    >
      <Input type={type} placeholder={placeholder} autoComplete="off" required={required} {...register(name)} />
    </Field>
  );
}
