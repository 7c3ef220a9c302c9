import { describe, expect, it } from 'vitest';
import {
  addDays,
  detailActionSchema,
  postingSlotFields,
  SCHEDULE_MESSAGES,
  zonedInstant,
  zonedParts,
} from './index.ts';

describe('time zones', () => {
  it('reads a wall-clock time in a zone, in and out of daylight saving time', () => {
    expect(new Date(zonedInstant('Europe/Paris', '2026-07-01', '09:00')).toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
    expect(new Date(zonedInstant('Europe/Paris', '2026-12-01', '09:00')).toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
    expect(new Date(zonedInstant('America/New_York', '2026-03-08', '12:00')).toISOString()).toBe(
      '2026-03-08T16:00:00.000Z',
    );
  });

  it('puts a time skipped by the spring change just after it, and keeps a repeated one first', () => {
    // 02:30 does not exist in Paris on 29 March 2026: it lands at 03:30 summer time.
    expect(new Date(zonedInstant('Europe/Paris', '2026-03-29', '02:30')).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // 02:30 comes twice on 25 October 2026: the summer-time one, first.
    expect(new Date(zonedInstant('Europe/Paris', '2026-10-25', '02:30')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('tells the date, time and weekday of an instant in a zone', () => {
    expect(zonedParts('Asia/Tokyo', Date.parse('2026-11-30T20:00:00Z'))).toMatchObject({
      date: '2026-12-01',
      time: '05:00',
      weekday: 2,
    });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('the schedule fields of an action', () => {
  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();

  it('takes a future time with its offset and answers it in UTC', () => {
    const parsed = detailActionSchema.parse({
      ids: '4',
      action: 'schedule_publish',
      publish_at: '2099-01-01T09:00:00+01:00',
    });
    expect(parsed.publish_at).toBe('2099-01-01T08:00:00.000Z');
  });

  it('refuses a missing, past or offset-less time, and schedule fields on another action', () => {
    const errors = (body: Record<string, unknown>) =>
      detailActionSchema
        .safeParse({ ids: '4', ...body })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(errors({ action: 'schedule_publish' })).toEqual([
      ['publish_at', SCHEDULE_MESSAGES.publishAtRequired],
    ]);
    expect(errors({ action: 'schedule_publish', publish_at: '2020-01-01T00:00:00Z' })).toEqual([
      ['publish_at', SCHEDULE_MESSAGES.publishAtPast],
    ]);
    expect(errors({ action: 'schedule_publish', publish_at: '2099-01-01T09:00' })).toEqual([
      ['publish_at', SCHEDULE_MESSAGES.publishAtInvalid],
    ]);
    expect(errors({ action: 'mark_synced', publish_at: inAnHour })).toEqual([
      ['publish_at', SCHEDULE_MESSAGES.notScheduleField],
    ]);
    expect(
      errors({
        action: 'schedule_spread',
        from: inAnHour,
        to: inAnHour,
        daily_from: '17:00',
        daily_to: '09:00',
        timezone: 'Nowhere/Else',
      }),
    ).toEqual([
      ['timezone', SCHEDULE_MESSAGES.timezoneInvalid],
      ['to', SCHEDULE_MESSAGES.toBeforeFrom],
      ['daily_to', SCHEDULE_MESSAGES.dailyToBeforeFrom],
    ]);
  });

  it("reads posting slots from lists or from the form's text", () => {
    expect(postingSlotFields.posting_times.parse(' 14:00, 09:00,, 09:00')).toEqual([
      '09:00',
      '14:00',
    ]);
    expect(postingSlotFields.posting_days.parse(['5', '1'])).toEqual([1, 5]);
    expect(postingSlotFields.posting_days.parse(false)).toEqual([]);
    expect(postingSlotFields.blocked_dates.safeParse('2026-02-30').error?.issues[0]?.message).toBe(
      SCHEDULE_MESSAGES.blockedDatesInvalid,
    );
  });
});
