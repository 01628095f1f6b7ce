import { cn } from '@/components/ui';

/**
 * A fix grid cell's value in a box that reads as one to type in (issue 62 point 4): framed and white, blue when
 * pointed at, ringed when its cell has the focus, amber once changed and until sent. A long value without spaces
 * wraps anywhere rather than widen the grid past a phone.
 */
export function CellBox({ value, edited, editedWord }: { value: string; edited: boolean; editedWord: string }) {
  return (
    <span
      className={cn(
        'block min-h-7 rounded border px-1.5 py-0.5 whitespace-pre-wrap [overflow-wrap:anywhere]',
        'group-hover/cell:border-blue-500 group-focus/cell:ring-2 group-focus/cell:ring-blue-600',
        edited
          ? 'border-amber-500 bg-amber-50 dark:border-amber-400 dark:bg-amber-950/40'
          : 'border-zinc-300 bg-white dark:border-zinc-600 dark:bg-zinc-900',
      )}
    >
      {value}
      {edited ? <span className="sr-only"> ({editedWord})</span> : null}
    </span>
  );
}
