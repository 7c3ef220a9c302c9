import { describe, expect, it } from 'vitest';
import { dayKey, moveAnchor, movedTime, rangeTitle, visibleDays } from './calendar-range.ts';

describe('the calendar range', () => {
  it('shows whole weeks from Monday around the month', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const days = visibleDays('month', new Date(2026, 10, 18));
    expect(dayKey(days[0]!)).toBe('2026-10-26');
    expect(dayKey(days.at(-1)!)).toBe('2026-12-06');
    expect(days).toHaveLength(42);
  });

  it('shows the seven days of the week from Monday, or the one day', () => {
    expect(visibleDays('week', new Date(2026, 10, 26)).map(dayKey)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(visibleDays('day', new Date(2026, 10, 26, 15)).map(dayKey)).toEqual(['2026-11-26']);
  });

  it('moves by a month, a week or a day, and names the range', () => {
    expect(dayKey(moveAnchor('month', new Date(2026, 0, 31), 1))).toBe('2026-02-01');
    expect(dayKey(moveAnchor('week', new Date(2026, 10, 26), -1))).toBe('2026-11-19');
    expect(dayKey(moveAnchor('day', new Date(2026, 11, 31), 1))).toBe('2027-01-01');
    expect(rangeTitle('month', new Date(2026, 10, 5))).toBe('November 2026');
    expect(rangeTitle('week', new Date(2026, 10, 26))).toBe('23 Nov 2026 – 29 Nov 2026');
  });

  it('keeps the time of day on another day, or takes the hour dropped on', () => {
    const at = new Date(2026, 10, 26, 10, 30).toISOString();
    expect(movedTime(at, new Date(2026, 10, 27))).toEqual(new Date(2026, 10, 27, 10, 30));
    expect(movedTime(at, new Date(2026, 10, 27), 15)).toEqual(new Date(2026, 10, 27, 15, 30));
  });
});
