'use client';

import { useTranslations } from 'next-intl';
import type { CSSProperties, HTMLAttributes, Ref } from 'react';
import { Button, Input } from '@/components/ui';
import type { DraftComponent } from '@/lib/client/bundles/recipe';
import { Td, Th, Tr } from '@/components/ui/table';

export const rowName = (row: DraftComponent) => row.code || `#${row.skuId}`;

export interface RecipeRowProps {
  row: DraftComponent;
  index: number;
  count: number;
  error: string | undefined;
  onQuantity: (value: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** What drag and drop adds to a row once it has loaded (./recipe-drag): the row's node, its motion, the handle's props. */
export interface RowDrag {
  rowRef: Ref<HTMLTableRowElement>;
  handleRef: Ref<HTMLButtonElement>;
  handleProps: HTMLAttributes<HTMLButtonElement>;
  style: CSSProperties;
  dragging: boolean;
}

/**
 * One line of the recipe editor. The same markup before drag and drop has loaded and after (the handle is
 * there from the first paint, so nothing moves when it starts to work); Move up / Move down reorder by
 * keyboard either way.
 */
export function RecipeRow({
  row,
  index,
  count,
  error,
  onQuantity,
  onMove,
  onRemove,
  drag,
}: RecipeRowProps & { drag?: RowDrag }) {
  const t = useTranslations('bundles.recipe');
  const name = rowName(row);
  const inputId = `recipe-quantity-${row.skuId}`;
  const errorId = `${inputId}-error`;
  return (
    <Tr
      ref={drag?.rowRef}
      style={drag?.style}
      className={drag?.dragging ? 'relative z-10 bg-zinc-100 dark:bg-zinc-800' : undefined}
      data-sku-id={row.skuId}
    >
      <Td className="align-top">
        <div className="flex items-center gap-1">
          <button
            type="button"
            id={`recipe-handle-${row.skuId}`}
            ref={drag?.handleRef}
            className="cursor-grab rounded px-2 py-1 text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
            {...drag?.handleProps}
            aria-label={t('dragHandle', { sku: name })}
          >
            <span aria-hidden="true">⠿</span>
          </button>
          <span className="tabular-nums text-zinc-600 dark:text-zinc-400">{index + 1}</span>
        </div>
      </Td>
      <Th scope="row" className="align-top">
        <span className="font-medium">{row.code || `#${row.skuId}`}</span>{' '}
        <span className="text-zinc-700 dark:text-zinc-300">{row.name}</span>
        <span className="block text-xs text-zinc-600 dark:text-zinc-400">id {row.skuId}</span>
      </Th>
      <Td className="align-top">
        <Input
          id={inputId}
          className="w-32"
          type="text"
          inputMode="decimal"
          enterKeyHint="done"
          autoComplete="off"
          aria-label={t('quantityOf', { sku: name })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={row.quantity}
          onChange={(e) => onQuantity(e.target.value)}
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-1 max-w-xs text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </Td>
      <Td className="align-top">
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="ghost" disabled={index === 0} onClick={() => onMove(index - 1)}>
            {t('moveUp')}
            <span className="sr-only"> {name}</span>
          </Button>
          <Button size="sm" variant="ghost" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
            {t('moveDown')}
            <span className="sr-only"> {name}</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={onRemove}>
            {t('remove')}
            <span className="sr-only"> {name}</span>
          </Button>
        </div>
      </Td>
    </Tr>
  );
}
