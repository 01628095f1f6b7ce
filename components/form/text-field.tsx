'use client';

import { useFormContext, useWatch } from 'react-hook-form';
import type { ReactNode } from 'react';
import { CharacterCounter, Field, Input } from '@/components/ui';
import { charLength } from '@/lib/contract/char-length';
import { useFieldFrame } from './field-error';

export interface TextFieldProps {
  name: string;
  label: string;
  /** The API limit (LIMITS in lib/contract); shows a live counter, checked while typing. */
  max?: number;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  type?: 'text' | 'tel' | 'email';
  /** A warning about the value that does not stop saving (a barcode's check digit), shown under the field. */
  warn?: (value: string) => string | null;
}

export function TextField({
  name,
  label,
  max,
  description,
  placeholder,
  required,
  type = 'text',
  warn,
}: TextFieldProps) {
  const { register, control } = useFormContext();
  const frame = useFieldFrame(name, { label, kind: 'text', max });
  const value = useWatch({ control, name }) as string | null | undefined;
  const warning = warn && value ? warn(value.trim()) : null;
  return (
    <Field
      {...frame}
      label={label}
      description={
        warning ? (
          <>
            {description}
            <span role="status" className="block text-amber-800 dark:text-amber-300">
              {warning}
            </span>
          </>
        ) : (
          description
        )
      }
      required={required}
      counter={max ? <CharacterCounter count={charLength(value ?? '')} max={max} /> : undefined}
    >
      <Input
        type={type}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="done"
        required={required}
        {...register(name)}
      />
    </Field>
  );
}
