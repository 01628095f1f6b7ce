import type { ComponentPropsWithRef } from 'react';
import { cn } from './cn';

/** A grey placeholder shape; hidden from assistive tech (pair it with a Spinner or aria-busy region). */
export function Skeleton({ className, ...rest }: ComponentPropsWithRef<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-zinc-200 motion-reduce:animate-none dark:bg-zinc-800', className)}
      {...rest}
    />
  );
}
