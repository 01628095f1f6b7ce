import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from './cn';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

const tones: Record<AlertTone, string> = {
  info: 'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100',
  success: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  warning: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
};

export type AlertProps = Omit<ComponentPropsWithRef<'div'>, 'title'> & {
  tone?: AlertTone;
  title?: ReactNode;
};

/**
 * A message box. Errors and warnings are announced at once (role="alert"); info and success politely
 * (role="status"). Pass role explicitly to override, e.g. role={undefined} for static page text.
 */
export function Alert({ tone = 'info', title, className, children, ...rest }: AlertProps) {
  const role = tone === 'error' || tone === 'warning' ? 'alert' : 'status';
  return (
    <div role={role} className={cn('rounded-md border px-4 py-3 text-sm', tones[tone], className)} {...rest}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={cn(title ? 'mt-1' : undefined)}>{children}</div> : null}
    </div>
  );
}
