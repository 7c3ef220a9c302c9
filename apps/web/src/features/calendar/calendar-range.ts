/**
 * The calendar's days, in the browser's time zone: the range each view shows, its days, and the
 * moves between ranges.
 */

export const CALENDAR_VIEWS = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const CALENDAR_VIEW_LABELS: Record<CalendarView, string> = {
  month: 'Month',
  week: 'Week',
  day: 'Day',
};

export const startOfDay = (date: Date) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate());

export const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** Weeks start on Monday. */
const startOfWeek = (date: Date) => addDays(startOfDay(date), -((date.getDay() + 6) % 7));

/** A day's key, YYYY-MM-DD in the browser's zone. */
export const dayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The days a view shows around `anchor`: whole weeks for a month, seven days, or one. */
export function visibleDays(view: CalendarView, anchor: Date): Date[] {
  if (view === 'day') return [startOfDay(anchor)];
  if (view === 'week') {
    const first = startOfWeek(anchor);
    return Array.from({ length: 7 }, (_, index) => addDays(first, index));
  }
  const first = startOfWeek(new Date(anchor.getFullYear(), anchor.getMonth(), 1));
  const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
  const days: Date[] = [];
  for (let day = first; day <= last || days.length % 7 !== 0; day = addDays(day, 1)) {
    days.push(day);
  }
  return days;
}

/** The anchor of the next (`step` 1) or previous (-1) range of the view. */
export function moveAnchor(view: CalendarView, anchor: Date, step: 1 | -1): Date {
  if (view === 'month') return new Date(anchor.getFullYear(), anchor.getMonth() + step, 1);
  return addDays(anchor, view === 'week' ? 7 * step : step);
}

/** The range's title: "November 2026", "23 – 29 Nov 2026", "Thursday 26 November 2026". */
export function rangeTitle(view: CalendarView, anchor: Date): string {
  if (view === 'month') {
    return anchor.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
  }
  if (view === 'day') {
    return anchor.toLocaleDateString('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
  }
  const days = visibleDays('week', anchor);
  const format = { day: 'numeric', month: 'short', year: 'numeric' } as const;
  return `${days[0]!.toLocaleDateString('en-GB', format)} – ${days[6]!.toLocaleDateString('en-GB', format)}`;
}

/**
 * The same time of day on another day (a drag to another day), or at another hour of that day
 * (a drop on an hour of the day view), minutes kept.
 */
export function movedTime(at: string, day: Date, hour?: number): Date {
  const old = new Date(at);
  return new Date(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    hour ?? old.getHours(),
    old.getMinutes(),
  );
}
