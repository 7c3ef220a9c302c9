import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type ReactNode, useRef } from 'react';

const INSTRUCTIONS =
  'To reorder a stage, press Space or Enter on its handle, move it with the arrow keys, and press Space or Enter to drop it, or Escape to put it back.';

interface SortableStagesProps {
  /** The stages' keys, in their order. */
  ids: readonly string[];
  /** The stages' names, in the same order, for what a screen reader hears while one moves. */
  names: readonly string[];
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/**
 * The workflow form's stages, reordered by dragging a stage's handle, or from the keyboard: the
 * handle takes the focus, Space or Enter lifts the stage, the arrow keys move it, Space or Enter
 * drops it. A screen reader is told the stage's name and position at each step.
 */
export function SortableStages({ ids, names, onMove, children }: SortableStagesProps) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so that a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: UniqueIdentifier) => ids.indexOf(String(id));
  const nameOf = (id: UniqueIdentifier) => names[indexOf(id)] || `Stage ${indexOf(id) + 1}`;
  const position = (id: UniqueIdentifier) => `position ${indexOf(id) + 1} of ${ids.length}`;
  // A drag starts over its own stage: saying so would cut off "Picked up", so it waits for a move.
  const moved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      return `Picked up ${nameOf(active.id)}, at ${position(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || (over.id === active.id && !moved.current)) return undefined;
      moved.current = true;
      return `${nameOf(active.id)} is now at ${position(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at ${position(over.id)}.`
        : `${nameOf(active.id)} put back.`,
    onDragCancel: ({ active }) => `${nameOf(active.id)} put back at ${position(active.id)}.`,
  };
  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onMove(indexOf(active.id), indexOf(over.id));
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      onDragEnd={dragEnd}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        <ol className="list-unstyled">{children}</ol>
      </SortableContext>
    </DndContext>
  );
}

/** One stage of SortableStages: its drag handle, then its fields. */
export function SortableStage({
  id,
  handleLabel,
  children,
}: {
  id: string;
  handleLabel: string;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } =
    useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className="d-flex gap-2 align-items-start mb-2 bg-body"
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="btn btn-outline-secondary mt-4"
        // No touch scrolling from the handle: a finger on it drags the stage.
        style={{ cursor: 'grab', touchAction: 'none' }}
        aria-label={handleLabel}
        {...attributes}
        {...listeners}
      >
        <i className="bi bi-grip-vertical" aria-hidden="true" />
      </button>
      {children}
    </li>
  );
}
