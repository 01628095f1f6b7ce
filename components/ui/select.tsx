'use client';

import type { ComponentPropsWithRef } from 'react';
import { cn } from './cn';
import { controlClasses } from './control-classes';
import { mergeFieldProps, useFieldControl } from './field-context';

export type SelectProps = ComponentPropsWithRef<'select'>;

/** A native select: keyboard and screen-reader behaviour for free. */
export function Select({ className, children, ...props }: SelectProps) {
  const merged = mergeFieldProps(useFieldControl(), props);
  return (
    <select className={controlClasses(cn('pr-8', className))} {...merged}>
      {children}
    </select>
  );
}

export interface SelectOption {
  value: number | string;
  label: string;
}

export interface SelectOptionGroup {
  label: string;
  options: SelectOption[];
}

/** A select's choices: loose options first, then labelled groups (e.g. categories under their root). */
export function SelectOptions({
  options = [],
  groups = [],
}: {
  options?: SelectOption[];
  groups?: SelectOptionGroup[];
}) {
  return (
    <>
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
    </>
  );
}
