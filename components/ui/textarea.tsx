'use client';

import type { ComponentPropsWithRef } from 'react';
import { controlClasses } from './control-classes';
import { mergeFieldProps, useFieldControl } from './field-context';

export type TextareaProps = ComponentPropsWithRef<'textarea'>;

export function Textarea({ className, rows = 3, ...props }: TextareaProps) {
  const merged = mergeFieldProps(useFieldControl(), props);
  return <textarea rows={rows} className={controlClasses(className)} {...merged} />;
}
