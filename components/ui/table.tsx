import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn, focusRing } from './cn';

/**
 * A real table with header cells, in one of two looks: `boxed` (framed, shaded header: lists and grids) or
 * `plain` (no frame: small tables inside cards and dialogs). The cells' padding comes from the variant
 * (app/globals.css, `.ui-table`), so cells carry only what is theirs (alignment, wrapping); these are plain
 * elements, usable from server and client components alike.
 */
export type TableVariant = 'boxed' | 'plain';

export interface TableProps extends ComponentPropsWithRef<'table'> {
  /** What the table holds, for screen readers; shown above the table with `captionVisible`. Omit only with aria-label. */
  caption?: ReactNode;
  captionVisible?: boolean;
  variant?: TableVariant;
  /** The boxed look without its frame, for a table that fills a card. */
  unframed?: boolean;
  /** Classes for the scrolling frame around the table (e.g. `max-h-96 overflow-auto`). */
  frameClassName?: string;
  /**
   * The frame takes the keyboard focus, named by the caption: for a table that may scroll sideways on a narrow
   * screen with nothing inside it to focus, so a keyboard can scroll it too (axe: scrollable-region-focusable).
   * A group, not a region: the card around such a table is usually the landmark of the same name.
   */
  focusableFrame?: boolean;
  /**
   * The first column stays in view while the table scrolls sideways inside its frame (a phone): for a table that is
   * not a card list, whose first cell says which row it is.
   */
  stickyFirst?: boolean;
}

export function Table({
  caption,
  captionVisible = false,
  variant = 'boxed',
  unframed = false,
  frameClassName,
  focusableFrame = false,
  stickyFirst = false,
  className,
  children,
  ...rest
}: TableProps) {
  return (
    // relative: an absolutely placed child (a screen-reader-only label) is laid out in the frame's scroll area;
    // placed by the page instead, it widened the whole document past the window.
    <div
      className={cn(
        'relative overflow-x-auto',
        variant === 'boxed' && !unframed && 'rounded-lg border border-zinc-200 dark:border-zinc-800',
        focusableFrame && focusRing,
        frameClassName,
      )}
      {...(focusableFrame
        ? { tabIndex: 0, role: 'group', 'aria-label': typeof caption === 'string' ? caption : undefined }
        : {})}
    >
      <table
        data-variant={variant}
        data-sticky-first={stickyFirst || undefined}
        className={cn('ui-table w-full text-left text-sm', className)}
        {...rest}
      >
        {caption != null ? (
          <caption className={captionVisible ? 'px-3 py-2 text-left font-medium' : 'sr-only'}>{caption}</caption>
        ) : null}
        {children}
      </table>
    </div>
  );
}

/** A column title; an object where the header cell needs a class of its own (alignment). */
export type ColumnTitle = string | { label: string; className?: string };

/** The table's header: `columns` gives the usual one row of column titles, in order; children anything else. */
export function THead({ columns, children, ...rest }: ComponentPropsWithRef<'thead'> & { columns?: ColumnTitle[] }) {
  return (
    <thead {...rest}>
      {columns ? (
        <tr>
          {columns.map((c, i) =>
            typeof c === 'string' ? (
              <Th key={i}>{c}</Th>
            ) : (
              <Th key={i} className={c.className}>
                {c.label}
              </Th>
            ),
          )}
        </tr>
      ) : (
        children
      )}
    </thead>
  );
}

export function TBody({ className, ...rest }: ComponentPropsWithRef<'tbody'>) {
  return <tbody className={cn('divide-y divide-zinc-200 dark:divide-zinc-800', className)} {...rest} />;
}

export function Tr(props: ComponentPropsWithRef<'tr'>) {
  return <tr {...props} />;
}

interface CellProps {
  /** Numbers: right-aligned, in figures of one width, never wrapped. */
  numeric?: boolean;
}

/** A header cell; a column's by default, a row's with scope="row". */
export function Th({ scope = 'col', numeric, className, ...rest }: ComponentPropsWithRef<'th'> & CellProps) {
  return (
    <th
      scope={scope}
      className={cn(numeric && 'text-right whitespace-nowrap tabular-nums', className) || undefined}
      {...rest}
    />
  );
}

export function Td({ numeric, className, ...rest }: ComponentPropsWithRef<'td'> & CellProps) {
  return (
    <td className={cn(numeric && 'text-right whitespace-nowrap tabular-nums', className) || undefined} {...rest} />
  );
}
