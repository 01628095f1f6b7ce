import type { ComponentPropsWithRef, ReactNode } from 'react';
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

/**
 * A card named by its title (the section is labelled by its h2), with what acts on it (a button, a link)
 * beside the title, and its content below.
 */
export function TitledCard({
  id,
  title,
  action,
  contentClassName,
  children,
}: {
  /** The title's id, unique on the page. */
  id: string;
  title: ReactNode;
  /** Beside the title; given (even as null), the header lays the two out in a row. */
  action?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader className={action === undefined ? undefined : 'flex flex-wrap items-center justify-between gap-3'}>
        <CardTitle id={id}>{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
