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
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { RecipeRow, type RecipeRowProps } from './recipe-row';

/*
 * Drag and drop of the recipe editor (dnd-kit, pointer and keyboard sensors), loaded after the editor's first
 * paint (./recipe-drag-later): about 13 kB gzip the page shows without.
 */

export interface DragAreaProps {
  ids: number[];
  /** Moves the row at `from` to `to` (0-based), as Move up / Move down do. */
  onMove: (from: number, to: number) => void;
  /** Says where the picked row is, in the page's language. */
  describe: {
    picked: (id: number) => string;
    movedTo: (id: number, position: number) => string;
    dropped: (id: number, position: number) => string;
    cancelled: (id: number) => string;
    instructions: string;
  };
  children: ReactNode;
}

export function DragArea({ ids, onMove, describe, children }: DragAreaProps) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => describe.picked(Number(active.id)),
    onDragOver: ({ active, over }) => (over ? describe.movedTo(Number(active.id), positionOf(over.id)) : undefined),
    onDragEnd: ({ active, over }) => (over ? describe.dropped(Number(active.id), positionOf(over.id)) : undefined),
    onDragCancel: ({ active }) => describe.cancelled(Number(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(positionOf(active.id) - 1, positionOf(over.id) - 1);
  };
  return (
    <DndContext
      id="recipe-rows"
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: describe.instructions } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

export function SortableRow(props: RecipeRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.row.skuId,
  });
  return (
    <RecipeRow
      {...props}
      drag={{
        rowRef: setNodeRef,
        handleRef: setActivatorNodeRef,
        handleProps: { ...attributes, ...listeners },
        style: { transform: CSS.Translate.toString(transform), transition },
        dragging: isDragging,
      }}
    />
  );
}
