'use client';

import type { ComponentPropsWithRef } from 'react';
import { controlClasses } from './control-classes';
import { mergeFieldProps, useFieldControl } from './field-context';

export type InputProps = ComponentPropsWithRef<'input'>;

export function Input({ className, ...props }: InputProps) {
  const merged = mergeFieldProps(useFieldControl(), props);
  return <input className={controlClasses(className)} {...merged} />;
}
