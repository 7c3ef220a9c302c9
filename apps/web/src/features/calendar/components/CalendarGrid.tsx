import { type DragEvent, type ReactNode, useState } from 'react';
import type { CalendarItem } from '../api/calendar.ts';
import { type CalendarView, dayKey } from '../calendar-range.ts';
import { CalendarEntry, DRAG_TYPE, type EntryAllowed } from './CalendarEntry.tsx';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

interface CalendarGridProps {
  view: CalendarView;
  days: Date[];
  /** The month shown (days of other months are dimmed), for the month view. */
  month: number;
  items: CalendarItem[];
  /** What the user may do with an item: open its Detailed Review, move it. */
  allowed: (item: CalendarItem) => EntryAllowed;
  onOpen: (item: CalendarItem) => void;
  onMove: (item: CalendarItem, days: number, hours: number) => void;
  /** A dragged item (`kind:variant_id`) dropped on a day, or on an hour of the day view. */
  onDrop: (dragged: string, day: Date, hour?: number) => void;
}

/** A place a scheduled item can be dropped on: highlighted while an item is over it. */
function DropZone({
  label,
  day,
  className,
  onDropped,
  children,
}: {
  label: string;
  /** The day's key (YYYY-MM-DD), and its hour in the day view. */
  day: string;
  className: string;
  onDropped: (dragged: string) => void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const accept = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(true);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only a drop target; the keyboard moves items with Alt and the arrows
    <div
      className={`${className}${over ? ' calendar-drop-over' : ''}`}
      data-day={day}
      title={label}
      onDragOver={accept}
      onDragEnter={accept}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const dragged = event.dataTransfer.getData(DRAG_TYPE);
        if (dragged) onDropped(dragged);
      }}
    >
      {children}
    </div>
  );
}

const dayLabel = (day: Date) =>
  day.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long' });

/**
 * The month grid (whole weeks), the week's seven days, or one day by the hour. Each day (or hour)
 * lists its items in time order.
 */
export function CalendarGrid({
  view,
  days,
  month,
  items,
  allowed,
  onOpen,
  onMove,
  onDrop,
}: CalendarGridProps) {
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of items) {
    const key = dayKey(new Date(item.at));
    byDay.set(key, [...(byDay.get(key) ?? []), item]);
  }
  const entries = (list: CalendarItem[]) =>
    list.map((item) => (
      <li key={`${item.kind}-${item.variant_id}-${item.state}-${item.at}`}>
        <CalendarEntry item={item} allowed={allowed(item)} onOpen={onOpen} onMove={onMove} />
      </li>
    ));

  if (view === 'day') {
    const day = days[0]!;
    const list = byDay.get(dayKey(day)) ?? [];
    return (
      <div className="calendar-day">
        {HOURS.map((hour) => (
          <DropZone
            key={hour}
            label={`${dayLabel(day)}, ${String(hour).padStart(2, '0')}:00`}
            day={`${dayKey(day)}T${String(hour).padStart(2, '0')}`}
            className="calendar-hour d-flex border-bottom"
            onDropped={(dragged) => onDrop(dragged, day, hour)}
          >
            <div className="calendar-hour-label text-body-secondary small">
              {String(hour).padStart(2, '0')}:00
            </div>
            <ul className="list-unstyled mb-0 flex-grow-1 d-grid gap-1 py-1">
              {entries(list.filter((item) => new Date(item.at).getHours() === hour))}
            </ul>
          </DropZone>
        ))}
      </div>
    );
  }

  const today = dayKey(new Date());
  return (
    <div className={`calendar-grid calendar-${view}`}>
      {WEEKDAYS.map((weekday) => (
        <div key={weekday} className="calendar-weekday text-body-secondary small fw-semibold">
          {weekday}
        </div>
      ))}
      {days.map((day) => {
        const key = dayKey(day);
        const outside = view === 'month' && day.getMonth() !== month;
        return (
          <DropZone
            key={key}
            label={dayLabel(day)}
            day={key}
            className={`calendar-cell${outside ? ' calendar-outside' : ''}`}
            onDropped={(dragged) => onDrop(dragged, day)}
          >
            <div className={`small mb-1${key === today ? ' fw-bold text-primary-emphasis' : ''}`}>
              {day.getDate()}
            </div>
            <ul className="list-unstyled mb-0 d-grid gap-1">{entries(byDay.get(key) ?? [])}</ul>
          </DropZone>
        );
      })}
    </div>
  );
}
