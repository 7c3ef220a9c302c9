import { addDays, SCHEDULE_MAX_DAYS, zonedInstant, zonedParts } from '@sitefleet/contract';

/** The times the schedule actions give variants: a spread over a window, a website's next slots. */

type Segment = readonly [start: number, end: number];

/** A daily window: from `from` to `to` (HH:MM) each day, in `zone`. */
export interface DailyWindow {
  from: string;
  to: string;
  zone: string;
}

/** The stretches of [from, to) that fall inside the daily window (all of it without one). */
export function windowSegments(from: number, to: number, daily?: DailyWindow): Segment[] {
  if (!daily) return [[from, to]];
  const segments: Segment[] = [];
  const last = addDays(zonedParts(daily.zone, to).date, 1);
  for (let date = addDays(zonedParts(daily.zone, from).date, -1); date <= last; ) {
    const start = Math.max(from, zonedInstant(daily.zone, date, daily.from));
    const end = Math.min(to, zonedInstant(daily.zone, date, daily.to));
    if (end > start) segments.push([start, end]);
    date = addDays(date, 1);
  }
  return segments;
}

/**
 * `count` instants spread evenly over the segments' total time: each one in the middle of its
 * equal share, so that they keep clear of the window's edges. Whole seconds.
 */
export function spreadTimes(segments: readonly Segment[], count: number): number[] {
  const total = segments.reduce((sum, [start, end]) => sum + (end - start), 0);
  if (count === 0 || total <= 0) return [];
  const times: number[] = [];
  let index = 0;
  let passed = 0;
  for (let item = 0; item < count; item += 1) {
    const position = ((item + 0.5) * total) / count;
    while (index < segments.length - 1 && passed + segmentLength(segments[index]!) <= position) {
      passed += segmentLength(segments[index]!);
      index += 1;
    }
    const [start, end] = segments[index]!;
    times.push(Math.min(end - 1000, Math.ceil((start + position - passed) / 1000) * 1000));
  }
  return times;
}

const segmentLength = ([start, end]: Segment) => end - start;

/** A website's posting slots, as its Scheduler Settings hold them. */
export interface PostingSlots {
  days: readonly number[];
  times: readonly string[];
  zone: string;
  blockedDates: readonly string[];
}

/**
 * The first `count` slots after `after` that are not blocked nor in `taken` (instants already
 * scheduled on the website), looking at most SCHEDULE_MAX_DAYS ahead; fewer when there are not
 * enough.
 */
export function nextFreeSlots(
  slots: PostingSlots,
  after: number,
  count: number,
  taken: ReadonlySet<number>,
): number[] {
  const found: number[] = [];
  if (slots.days.length === 0 || slots.times.length === 0) return found;
  const times = [...slots.times].sort();
  const blocked = new Set(slots.blockedDates);
  const today = zonedParts(slots.zone, after).date;
  for (let offset = 0; offset <= SCHEDULE_MAX_DAYS && found.length < count; offset += 1) {
    const date = addDays(today, offset);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (blocked.has(date) || !slots.days.includes(weekday)) continue;
    for (const time of times) {
      const instant = zonedInstant(slots.zone, date, time);
      if (instant > after && !taken.has(instant)) found.push(instant);
      if (found.length === count) break;
    }
  }
  return found;
}
