import type { ComponentPropsWithRef } from 'react';
import { cn } from './cn';

export function Card({ className, ...rest }: ComponentPropsWithRef<'section'>) {
  return (
    <section
      className={cn(
        'rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900',
        className,
      )}
      {...rest}
    />
  );
}

export function CardHeader({ className, ...rest }: ComponentPropsWithRef<'div'>) {
  return <div className={cn('border-b border-zinc-200 px-5 py-4 dark:border-zinc-800', className)} {...rest} />;
}

export function CardTitle({ className, ...rest }: ComponentPropsWithRef<'h2'>) {
  return <h2 className={cn('text-base font-semibold', className)} {...rest} />;
}

export function CardContent({ className, ...rest }: ComponentPropsWithRef<'div'>) {
  return <div className={cn('px-5 py-4', className)} {...rest} />;
}
