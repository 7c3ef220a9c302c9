import type { CalendarState } from '@sitefleet/contract';
import type { DragEvent, KeyboardEvent } from 'react';
import type { CalendarItem } from '../api/calendar.ts';

/** Each state's colour: scheduled blue, published green, failed red. */
const STATE_CLASSES: Record<CalendarState, string> = {
  scheduled: 'btn-primary',
  published: 'btn-success',
  failed: 'btn-danger',
};

/** The data type a dragged item carries: its variant and kind. */
export const DRAG_TYPE = 'application/x-sitefleet-calendar-item';
export const dragValue = (item: CalendarItem) => `${item.kind}:${item.variant_id}`;

const timeOf = (at: string) =>
  new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/** What the user may do with an item: open its Detailed Review, reschedule it. */
export interface EntryAllowed {
  open: boolean;
  move: boolean;
}

interface CalendarEntryProps {
  item: CalendarItem;
  allowed: EntryAllowed;
  /** Opens the item's Detailed Review. */
  onOpen: (item: CalendarItem) => void;
  /** Moves a scheduled item by days (Alt+Left/Right) or hours (Alt+Up/Down). */
  onMove: (item: CalendarItem, days: number, hours: number) => void;
}

const KEY_MOVES: Record<string, [days: number, hours: number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * One item of the calendar, in its state's colour: Enter or a click opens its Detailed Review; a
 * scheduled one can be dragged to another day or moved with Alt and the arrow keys. What the user
 * may not do is not offered: an item they may neither open nor move is plain text.
 */
export function CalendarEntry({ item, allowed, onOpen, onMove }: CalendarEntryProps) {
  const movable = allowed.move && item.state === 'scheduled';
  const label = `${timeOf(item.at)} ${item.title} · ${item.website_name} (${item.state})`;
  const className = `btn btn-sm ${STATE_CLASSES[item.state]} calendar-entry text-start text-truncate w-100`;
  const content = (
    <>
      <span className="fw-semibold">{timeOf(item.at)}</span> {item.title}
      <span className="opacity-75"> · {item.website_name}</span>
    </>
  );

  if (!allowed.open && !movable) {
    return (
      <div className={`${className} pe-none`} title={label} data-state={item.state}>
        {content}
      </div>
    );
  }

  function keyDown(event: KeyboardEvent) {
    const move = KEY_MOVES[event.key];
    if (!movable || !event.altKey || !move) return;
    event.preventDefault();
    onMove(item, ...move);
  }

  function dragStart(event: DragEvent) {
    event.dataTransfer.setData(DRAG_TYPE, dragValue(item));
    event.dataTransfer.setData('text/plain', dragValue(item));
    event.dataTransfer.effectAllowed = 'move';
  }

  return (
    <button
      type="button"
      className={className}
      draggable={movable}
      onDragStart={movable ? dragStart : undefined}
      onClick={allowed.open ? () => onOpen(item) : undefined}
      onKeyDown={keyDown}
      title={movable ? `${label}. Drag it, or press Alt and an arrow key, to move it.` : label}
      aria-keyshortcuts={
        movable ? 'Alt+ArrowLeft Alt+ArrowRight Alt+ArrowUp Alt+ArrowDown' : undefined
      }
      data-state={item.state}
    >
      {content}
    </button>
  );
}
