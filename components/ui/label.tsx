import type { ComponentPropsWithRef } from 'react';
import { cn } from './cn';

export type LabelProps = ComponentPropsWithRef<'label'> & {
  /** Marks the field as required visually; the control carries `required` for assistive tech. */
  required?: boolean;
};

export function Label({ className, required, children, ...rest }: LabelProps) {
  return (
    <label className={cn('block text-sm font-medium text-zinc-900 dark:text-zinc-100', className)} {...rest}>
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
          *
        </span>
      ) : null}
    </label>
  );
}
