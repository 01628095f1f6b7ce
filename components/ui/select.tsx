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
