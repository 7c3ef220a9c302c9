import { zonedInstant, zonedParts } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { nextFreeSlots, spreadTimes, windowSegments } from './times.ts';

const HOUR = 3_600_000;

describe('spreading times over a window', () => {
  it('keeps to the daily hours in the zone and shares the posting time equally', () => {
    const zone = 'America/New_York';
    const from = zonedInstant(zone, '2026-12-01', '00:00');
    const to = zonedInstant(zone, '2026-12-03', '00:00');
    const segments = windowSegments(from, to, { from: '09:00', to: '17:00', zone });
    expect(segments).toEqual([
      [zonedInstant(zone, '2026-12-01', '09:00'), zonedInstant(zone, '2026-12-01', '17:00')],
      [zonedInstant(zone, '2026-12-02', '09:00'), zonedInstant(zone, '2026-12-02', '17:00')],
    ]);
    const times = spreadTimes(segments, 4);
    expect(times.map((time) => zonedParts(zone, time).time)).toEqual([
      '11:00',
      '15:00',
      '11:00',
      '15:00',
    ]);
  });

  it('cuts the first and last days at the window, and gives nothing for no time', () => {
    const from = Date.parse('2026-12-01T12:00:00Z');
    const to = Date.parse('2026-12-02T10:00:00Z');
    const segments = windowSegments(from, to, { from: '09:00', to: '17:00', zone: 'UTC' });
    expect(segments).toEqual([
      [from, Date.parse('2026-12-01T17:00:00Z')],
      [Date.parse('2026-12-02T09:00:00Z'), to],
    ]);
    expect(
      spreadTimes(segments, 6).every((time, index, all) => index === 0 || time > all[index - 1]!),
    ).toBe(true);
    expect(spreadTimes([], 3)).toEqual([]);
    expect(spreadTimes([[from, from + HOUR]], 0)).toEqual([]);
  });
});

describe('next posting slots', () => {
  const slots = {
    days: [1, 3],
    times: ['14:00', '09:00'],
    zone: 'UTC',
    blockedDates: ['2026-12-02'],
  };

  it('takes the listed days and times in order, past blocked dates and taken slots', () => {
    // Monday 30 November 2026, 10:00.
    const after = Date.parse('2026-11-30T10:00:00Z');
    const taken = new Set([Date.parse('2026-12-07T09:00:00Z')]);
    expect(
      nextFreeSlots(slots, after, 3, taken).map((time) => new Date(time).toISOString()),
    ).toEqual(['2026-11-30T14:00:00.000Z', '2026-12-07T14:00:00.000Z', '2026-12-09T09:00:00.000Z']);
  });

  it('finds none without days or times', () => {
    expect(nextFreeSlots({ ...slots, days: [] }, Date.now(), 2, new Set())).toEqual([]);
  });
});
