'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { explainRecipe, type RecipeLine } from '@/lib/client/bundles/explain';
import { useComponentStocks } from '@/lib/client/bundles/component-stock';
import { componentError, type DraftComponent } from '@/lib/client/bundles/recipe';
import { errorMessage } from '@/lib/i18n/error-messages';
import type { Sku } from '@/lib/contract/skus';
import { Table, TBody, Th, THead, Tr } from '@/components/ui/table';
import { recipeDrag } from './recipe-drag-later';
import { RecipeRow, rowName } from './recipe-row';
import { SkuSearch } from './sku-search';

export interface RecipeRowsProps {
  rows: DraftComponent[];
  onChange: (rows: DraftComponent[]) => void;
  /** Show every invalid quantity, not only the ones already typed (after a save attempt). */
  showAllErrors: boolean;
  /** A refusal the service gave for one row (by SKU id), already a sentence. */
  rowErrors: ReadonlyMap<number, string>;
}

/**
 * The recipe as an editable table: add by search, quantity per row, reorder by Move up / Move down or by drag
 * (./recipe-drag, loaded after first paint: the table is the same without it), remove; and below it the
 * "Available to assemble" the recipe would have, from the components' stock reads, before anything is saved.
 */
export function RecipeRows({ rows, onChange, showAllErrors, rowErrors }: RecipeRowsProps) {
  const t = useTranslations('bundles.recipe');
  const ta = useTranslations('bundles.availability');
  const format = useFormatter();
  const drag = recipeDrag.useLoaded();
  const taken = useMemo(() => new Set(rows.map((r) => r.skuId)), [rows]);
  const stocks = useComponentStocks(rows.map((r) => r.skuId));

  // Drag and drop wraps the table once it has loaded, which mounts the rows afresh: the box or handle that had
  // focus gets it back.
  const focused = useRef<string | null>(null);
  useLayoutEffect(() => {
    const id = focused.current;
    if (drag && id && document.activeElement === document.body) document.getElementById(id)?.focus();
  }, [drag]);

  const nameOf = (id: number) => {
    const row = rows.find((r) => r.skuId === id);
    return row ? rowName(row) : String(id);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length) return;
    const next = [...rows];
    next.splice(to, 0, ...next.splice(from, 1));
    onChange(next);
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
    lines.push({
      quantity: Number(row.quantity.trim()),
      inventoryQty: stock.inventoryQty,
      reservedQty: stock.reservedQty,
    });
  }
  const preview = rows.length > 0 && lines.length === rows.length ? explainRecipe(lines).availableQty : null;

  const Row = drag?.SortableRow ?? RecipeRow;
  const table = (
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
      <TBody>
        {rows.map((row, i) => (
          <Row
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
    </Table>
  );

  return (
    <div className="space-y-4">
      <div onFocus={(e) => (focused.current = e.target.id || null)}>
        {drag ? (
          <drag.DragArea
            ids={rows.map((r) => r.skuId)}
            onMove={move}
            describe={{
              picked: (id) => t('picked', { sku: nameOf(id) }),
              movedTo: (id, position) => t('movedTo', { sku: nameOf(id), position, count: rows.length }),
              dropped: (id, position) => t('dropped', { sku: nameOf(id), position, count: rows.length }),
              cancelled: (id) => t('cancelled', { sku: nameOf(id) }),
              instructions: t('dragInstructions'),
            }}
          >
            {table}
          </drag.DragArea>
        ) : (
          table
        )}
      </div>
      {rows.length === 0 ? <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('empty')}</p> : null}
      <div className="max-w-xl">
        <SkuSearch label={t('addComponent')} description={t('addHelp')} action="add" onPick={add} taken={taken} />
      </div>
      <p role="status" className="text-sm font-medium">
        {preview !== null
          ? t('preview', { qty: format.number(preview, { maximumFractionDigits: 4 }) })
          : t('previewPending')}
      </p>
    </div>
  );
}

function quantityError(row: DraftComponent, showAll: boolean): string | undefined {
  if (!showAll && row.quantity.trim() === '') return undefined;
  const code = componentError(row);
  return code ? errorMessage(code) : undefined;
}
