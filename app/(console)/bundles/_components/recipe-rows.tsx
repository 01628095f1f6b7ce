'use client';

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Button, Input } from '@/components/ui';
import { explainRecipe, type RecipeLine } from '@/lib/client/bundles/explain';
import { useComponentStocks } from '@/lib/client/bundles/component-stock';
import { componentError, type DraftComponent } from '@/lib/client/bundles/recipe';
import { errorMessage } from '@/lib/i18n/error-messages';
import type { Sku } from '@/lib/contract/skus';
import { SkuSearch } from './sku-search';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';

export interface RecipeRowsProps {
  rows: DraftComponent[];
  onChange: (rows: DraftComponent[]) => void;
  /** Show every invalid quantity, not only the ones already typed (after a save attempt). */
  showAllErrors: boolean;
  /** A refusal the service gave for one row (by SKU id), already a sentence. */
  rowErrors: ReadonlyMap<number, string>;
}

const rowName = (row: DraftComponent) => row.code || `#${row.skuId}`;

/**
 * The recipe as an editable table: add by search, quantity per row, reorder by drag (dnd-kit, pointer and
 * keyboard sensors) or Move up / Move down, remove; and below it the "Available to assemble" the recipe
 * would have, from the components' stock reads, before anything is saved.
 */
export function RecipeRows({ rows, onChange, showAllErrors, rowErrors }: RecipeRowsProps) {
  const t = useTranslations('bundles.recipe');
  const ta = useTranslations('bundles.availability');
  const format = useFormatter();
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const taken = useMemo(() => new Set(rows.map((r) => r.skuId)), [rows]);
  const stocks = useComponentStocks(rows.map((r) => r.skuId));

  const nameOf = (id: UniqueIdentifier) => {
    const row = rows.find((r) => r.skuId === Number(id));
    return row ? rowName(row) : String(id);
  };
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : rows.findIndex((r) => r.skuId === Number(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('picked', { sku: nameOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('movedTo', { sku: nameOf(active.id), position: positionOf(over.id), count: rows.length }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('dropped', { sku: nameOf(active.id), position: positionOf(over.id), count: rows.length }) : undefined),
    onDragCancel: ({ active }) => t('cancelled', { sku: nameOf(active.id) }),
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length) return;
    onChange(arrayMove(rows, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(positionOf(active.id) - 1, positionOf(over.id) - 1);
  };
  const add = (sku: Sku) => {
    if (taken.has(sku.id)) return;
    onChange([...rows, { skuId: sku.id, code: sku.outerSysCode, name: sku.name, quantity: '1' }]);
  };

  // The preview needs a valid quantity and a stock read for every line.
  const lines: RecipeLine[] = [];
  for (const row of rows) {
    const stock = stocks.byId.get(row.skuId);
    if (!stock || componentError(row) !== null) break;
    lines.push({ quantity: Number(row.quantity.trim()), inventoryQty: stock.inventoryQty, reservedQty: stock.reservedQty });
  }
  const preview = rows.length > 0 && lines.length === rows.length ? explainRecipe(lines).availableQty : null;

  return (
    <div className="space-y-4">
      <DndContext
        id="recipe-rows"
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('dragInstructions') } }}
      >
        <Table variant="plain" caption={t('caption')}>
          <THead>
            <Tr className="border-b border-zinc-200 dark:border-zinc-800">
              <Th>{t('order')}</Th>
              <Th>{ta('component')}</Th>
              <Th>{ta('quantity')}</Th>
              <Th>
                <span className="sr-only">{t('remove')}</span>
              </Th>
            </Tr>
          </THead>
          <SortableContext items={rows.map((r) => r.skuId)} strategy={verticalListSortingStrategy}>
            <TBody>
              {rows.map((row, i) => (
                <SortableRow
                  key={row.skuId}
                  row={row}
                  index={i}
                  count={rows.length}
                  error={rowErrors.get(row.skuId) ?? quantityError(row, showAllErrors)}
                  onQuantity={(quantity) => onChange(rows.map((r) => (r.skuId === row.skuId ? { ...r, quantity } : r)))}
                  onMove={(to) => move(i, to)}
                  onRemove={() => onChange(rows.filter((r) => r.skuId !== row.skuId))}
                />
              ))}
            </TBody>
          </SortableContext>
        </Table>
      </DndContext>
      {rows.length === 0 ? <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('empty')}</p> : null}
      <div className="max-w-xl">
        <SkuSearch label={t('addComponent')} description={t('addHelp')} action="add" onPick={add} taken={taken} />
      </div>
      <p role="status" className="text-sm font-medium">
        {preview !== null ? t('preview', { qty: format.number(preview, { maximumFractionDigits: 4 }) }) : t('previewPending')}
      </p>
    </div>
  );
}

function quantityError(row: DraftComponent, showAll: boolean): string | undefined {
  if (!showAll && row.quantity.trim() === '') return undefined;
  const code = componentError(row);
  return code ? errorMessage(code) : undefined;
}

interface SortableRowProps {
  row: DraftComponent;
  index: number;
  count: number;
  error: string | undefined;
  onQuantity: (value: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function SortableRow({ row, index, count, error, onQuantity, onMove, onRemove }: SortableRowProps) {
  const t = useTranslations('bundles.recipe');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.skuId });
  const name = rowName(row);
  const inputId = `recipe-quantity-${row.skuId}`;
  const errorId = `${inputId}-error`;
  return (
    <Tr
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'relative z-10 bg-zinc-100 dark:bg-zinc-800' : undefined}
      data-sku-id={row.skuId}
    >
      <Td className="align-top">
        <div className="flex items-center gap-1">
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="cursor-grab rounded px-2 py-1 text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
            {...attributes}
            {...listeners}
            aria-label={t('dragHandle', { sku: name })}
          >
            <span aria-hidden="true">⠿</span>
          </button>
          <span className="tabular-nums text-zinc-600 dark:text-zinc-400">{index + 1}</span>
        </div>
      </Td>
      <Th scope="row" className="align-top">
        <span className="font-medium">{row.code || `#${row.skuId}`}</span> <span className="text-zinc-700 dark:text-zinc-300">{row.name}</span>
        <span className="block text-xs text-zinc-600 dark:text-zinc-400">id {row.skuId}</span>
      </Th>
      <Td className="align-top">
        <Input
          id={inputId}
          className="w-32"
          type="text"
          inputMode="decimal"
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
