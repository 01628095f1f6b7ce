'use client';

import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn, focusRing } from './cn';
import { mergeFieldProps, useFieldControl } from './field-context';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  /** Visible label next to the box; when absent the checkbox must be labelled by a surrounding Field. */
  label?: ReactNode;
};

export function Checkbox({ className, label, ...props }: CheckboxProps) {
  const fallbackId = useId();
  const merged = mergeFieldProps(useFieldControl(), props);
  const id = merged.id ?? fallbackId;
  const box = (
    <input
      type="checkbox"
      className={cn(
        'size-4 rounded border-zinc-400 accent-blue-700 dark:border-zinc-500 dark:accent-blue-400',
        focusRing,
        className,
      )}
      {...merged}
      id={id}
    />
  );
  if (label == null) return box;
  return (
    <span className="inline-flex items-center gap-2">
      {box}
      <label htmlFor={id} className="text-sm text-zinc-900 dark:text-zinc-100">
        {label}
      </label>
    </span>
  );
}
