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
 * beside the title, or a line of introduction below it, and its content below.
 */
export function TitledCard({
  id,
  title,
  action,
  intro,
  contentClassName,
  children,
}: {
  /** The title's id, unique on the page. */
  id: string;
  title: ReactNode;
  /** Beside the title; given (even as null), the header lays the two out in a row. */
  action?: ReactNode;
  /** A line under the title saying what the card is for. */
  intro?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader className={action === undefined ? undefined : 'flex flex-wrap items-center justify-between gap-3'}>
        <CardTitle id={id}>{title}</CardTitle>
        {action}
        {intro ? <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{intro}</p> : null}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
