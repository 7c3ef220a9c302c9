import { z } from 'zod';
import { MAX_ID } from './pagination.ts';

/**
 * Scheduled publishing: the schedule actions of the lists and of Detailed Review, a website's
 * posting slots, and the calendar (GET /api/calendar). Times travel as ISO 8601 with an offset and
 * are stored in UTC; times of day and dates are read in a named IANA time zone.
 */

export const SCHEDULE_ACTIONS = [
  'schedule_publish',
  'unschedule',
  'schedule_spread',
  'schedule_next_slots',
] as const;
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number];
export const isScheduleAction = (action: string): action is ScheduleAction =>
  (SCHEDULE_ACTIONS as readonly string[]).includes(action);

export const SCHEDULE_ACTION_LABELS: Record<ScheduleAction, string> = {
  schedule_publish: 'Schedule Publish',
  unschedule: 'Unschedule',
  schedule_spread: 'Spread over Days',
  schedule_next_slots: 'Next Posting Slots',
};

/** The longest window a spread or the next-slot search covers. */
export const SCHEDULE_MAX_DAYS = 366;

export const SCHEDULE_MESSAGES = {
  publishAtRequired: 'Publish time is required',
  publishAtInvalid:
    'Publish time must be a date and time with its offset, such as 2026-12-01T09:00:00+01:00',
  publishAtPast: 'Publish time must be in the future',
  fromRequired: 'From is required',
  toRequired: 'To is required',
  fromPast: 'From must be in the future',
  toBeforeFrom: 'To must be after From',
  windowTooLong: `The window from From to To may be at most ${SCHEDULE_MAX_DAYS} days`,
  dailyBoth: 'Daily from and Daily to go together: give both or neither',
  dailyToBeforeFrom: 'Daily to must be after Daily from',
  windowEmpty: 'The window from From to To holds no time between Daily from and Daily to',
  timeOfDayInvalid: 'The time of day must be HH:MM, such as 09:00',
  timezoneInvalid: 'Time zone must be an IANA name, such as Europe/Paris',
  notScheduleField: 'Only the schedule actions take this field',
  notApproved: (count: number) =>
    `${count} of the selected variants ${count === 1 ? 'is' : 'are'} not approved: only approved variants can be scheduled`,
  postingDaysInvalid: 'Posting days must be days of the week, from 0 (Sunday) to 6 (Saturday)',
  postingTimesInvalid: 'Posting times must be HH:MM, such as 09:00',
  blockedDatesInvalid: 'Blocked dates must be dates written YYYY-MM-DD',
  calendarRangeInvalid: 'The range must be at most 92 days, with To after From',
  rescheduled: 'Rescheduled.',
} as const;

/** Why a schedule action left a variant alone (besides the publishing skip reasons). */
export const SCHEDULE_SKIP_REASONS = {
  notScheduled: 'not scheduled',
  noPostingSlots: 'website has no posting slots',
  noFreeSlot: `no free posting slot within ${SCHEDULE_MAX_DAYS} days`,
} as const;

// ── Time zones ───────────────────────────────────────────────────────────────────────────────

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE_TEXT = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(zone: string) {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(zone, format);
  }
  return format;
}

/** The wall-clock parts of an instant in a zone. */
export function zonedParts(zone: string, instant: number) {
  const parts = zoneFormat(zone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((each) => each.type === type)?.value);
  const year = part('year');
  const month = part('month');
  const day = part('day');
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: `${year}-${pad(month)}-${pad(day)}`,
    time: `${pad(part('hour'))}:${pad(part('minute'))}`,
    /** 0 Sunday … 6 Saturday. */
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    wallClock: Date.UTC(year, month - 1, day, part('hour'), part('minute'), part('second')),
  };
}

/**
 * The instant of a wall-clock date and time in a zone. A time skipped by a daylight-saving change
 * lands just after the change; a repeated one takes its first occurrence.
 */
export function zonedInstant(zone: string, date: string, time: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wallClock = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (instant: number) =>
    zonedParts(zone, instant).wallClock - Math.floor(instant / 1000) * 1000;
  // The offsets half a day either side hold any change of that day between them.
  const beforeChange = wallClock - offsetAt(wallClock - HALF_DAY_MS);
  const afterChange = wallClock - offsetAt(wallClock + HALF_DAY_MS);
  const valid = [beforeChange, afterChange].filter(
    (instant) => zonedParts(zone, instant).wallClock === wallClock,
  );
  return valid.length > 0 ? Math.min(...valid) : beforeChange;
}

const HALF_DAY_MS = 12 * 60 * 60 * 1000;

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The browser's time zone, named. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

// ── Fields ───────────────────────────────────────────────────────────────────────────────────

const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant written in ISO 8601 with its offset, as an ISO text in UTC. */
const instantField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(
      (text) => OFFSET_DATE_TIME.test(text) && !Number.isNaN(Date.parse(text)),
      SCHEDULE_MESSAGES.publishAtInvalid,
    )
    .transform((text) => new Date(text).toISOString());

export const timeOfDayField = z
  .string({ error: SCHEDULE_MESSAGES.timeOfDayInvalid })
  .regex(TIME_OF_DAY, SCHEDULE_MESSAGES.timeOfDayInvalid);

export const timeZoneField = z
  .string({ error: SCHEDULE_MESSAGES.timezoneInvalid })
  .refine(isTimeZone, SCHEDULE_MESSAGES.timezoneInvalid);

/** The schedule actions' own fields, added to the action bodies. */
export const scheduleFields = {
  publish_at: instantField(SCHEDULE_MESSAGES.publishAtRequired).optional(),
  from: instantField(SCHEDULE_MESSAGES.fromRequired).optional(),
  to: instantField(SCHEDULE_MESSAGES.toRequired).optional(),
  daily_from: timeOfDayField.optional(),
  daily_to: timeOfDayField.optional(),
  timezone: timeZoneField.optional(),
};
export type ScheduleFields = {
  [Field in keyof typeof scheduleFields]?: z.output<(typeof scheduleFields)[Field]>;
};
const SCHEDULE_FIELD_NAMES = Object.keys(scheduleFields) as (keyof typeof scheduleFields)[];

/** `website_ids` of a bulk schedule or review action: only those websites' variants. */
export const websiteIdsField = z
  .array(z.number().int().positive().max(MAX_ID))
  .min(1)
  .max(10_000)
  .optional();

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The rules the schedule fields follow, for an action body: each schedule action's required
 * fields, times in the future, a window with room in it; no schedule field on another action.
 * `now` is read when the body is checked, so the server judges "in the future" on arrival.
 */
export function refineScheduleFields(
  body: ScheduleFields & { action: string; website_ids?: number[] },
  context: z.RefinementCtx,
) {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (!isScheduleAction(body.action)) {
    for (const field of SCHEDULE_FIELD_NAMES) {
      if (body[field] !== undefined) issue(field, SCHEDULE_MESSAGES.notScheduleField);
    }
    return;
  }
  const now = Date.now();
  if (body.action === 'schedule_publish') {
    if (body.publish_at === undefined) issue('publish_at', SCHEDULE_MESSAGES.publishAtRequired);
    else if (Date.parse(body.publish_at) <= now)
      issue('publish_at', SCHEDULE_MESSAGES.publishAtPast);
  }
  if (body.action === 'schedule_spread') {
    if (body.from === undefined) issue('from', SCHEDULE_MESSAGES.fromRequired);
    else if (Date.parse(body.from) <= now) issue('from', SCHEDULE_MESSAGES.fromPast);
    if (body.to === undefined) issue('to', SCHEDULE_MESSAGES.toRequired);
    if (body.from !== undefined && body.to !== undefined) {
      const span = Date.parse(body.to) - Date.parse(body.from);
      if (span <= 0) issue('to', SCHEDULE_MESSAGES.toBeforeFrom);
      else if (span > SCHEDULE_MAX_DAYS * DAY_MS) issue('to', SCHEDULE_MESSAGES.windowTooLong);
    }
    if ((body.daily_from === undefined) !== (body.daily_to === undefined)) {
      issue(body.daily_from === undefined ? 'daily_from' : 'daily_to', SCHEDULE_MESSAGES.dailyBoth);
    } else if (body.daily_from !== undefined && body.daily_to !== undefined) {
      if (body.daily_to <= body.daily_from) issue('daily_to', SCHEDULE_MESSAGES.dailyToBeforeFrom);
    }
  }
}

// ── A website's posting slots (its Scheduler Settings) ───────────────────────────────────────

export const WEEKDAY_OPTIONS = [
  { value: 1, label: 'Mon' },
  { value: 2, label: 'Tue' },
  { value: 3, label: 'Wed' },
  { value: 4, label: 'Thu' },
  { value: 5, label: 'Fri' },
  { value: 6, label: 'Sat' },
  { value: 0, label: 'Sun' },
] as const;

const uniqueSorted = <T extends string | number>(values: readonly T[]) =>
  [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** A list as a form's text holds it ("09:00, 14:00") or as a list. */
const commaList = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '')
    : value;

/** Days as checkboxes give them (their values as text, or false when none is ticked). */
const dayNumbers = (value: unknown) =>
  value === false
    ? []
    : Array.isArray(value)
      ? value.map((day) => (typeof day === 'string' && /^\d$/.test(day) ? Number(day) : day))
      : value;

/**
 * The settings' posting slot fields: every listed day at every listed time, in the time zone. The
 * times and blocked dates are taken as lists or as comma-separated text.
 */
export const postingSlotFields = {
  posting_days: z.preprocess(
    dayNumbers,
    z
      .array(z.unknown(), { error: SCHEDULE_MESSAGES.postingDaysInvalid })
      .max(7, SCHEDULE_MESSAGES.postingDaysInvalid)
      .refine(
        (days): days is number[] =>
          days.every(
            (day) => typeof day === 'number' && Number.isInteger(day) && day >= 0 && day <= 6,
          ),
        SCHEDULE_MESSAGES.postingDaysInvalid,
      )
      .transform(uniqueSorted),
  ),
  posting_times: z.preprocess(
    commaList,
    z
      .array(z.string(), { error: SCHEDULE_MESSAGES.postingTimesInvalid })
      .max(48, SCHEDULE_MESSAGES.postingTimesInvalid)
      .refine(
        (times) => times.every((time) => TIME_OF_DAY.test(time)),
        SCHEDULE_MESSAGES.postingTimesInvalid,
      )
      .transform(uniqueSorted),
  ),
  posting_timezone: timeZoneField,
  blocked_dates: z.preprocess(
    commaList,
    z
      .array(z.string(), { error: SCHEDULE_MESSAGES.blockedDatesInvalid })
      .max(1000, SCHEDULE_MESSAGES.blockedDatesInvalid)
      .refine(
        (dates) => dates.every((date) => DATE_TEXT.test(date) && addDays(date, 0) === date),
        SCHEDULE_MESSAGES.blockedDatesInvalid,
      )
      .transform(uniqueSorted),
  ),
};

/** The same fields as the settings answer them. */
export const postingSlotsSchema = z.object({
  posting_days: z.array(z.number()),
  posting_times: z.array(z.string()),
  posting_timezone: z.string(),
  blocked_dates: z.array(z.string()),
});

// ── The calendar ─────────────────────────────────────────────────────────────────────────────

export const CALENDAR_STATES = ['scheduled', 'published', 'failed'] as const;
export type CalendarState = (typeof CALENDAR_STATES)[number];
export const CALENDAR_KINDS = ['post', 'category'] as const;
/** The most items one calendar answer holds; `truncated` says when there were more. */
export const CALENDAR_MAX_ITEMS = 5000;
/** The longest range one calendar request covers. */
export const CALENDAR_MAX_DAYS = 92;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/calendar's query. */
export const calendarQuerySchema = z
  .object({
    from: instantField(SCHEDULE_MESSAGES.fromRequired),
    to: instantField(SCHEDULE_MESSAGES.toRequired),
    website_id: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().positive().max(MAX_ID).optional(),
    ),
    kind: z.preprocess(emptyToUndefined, z.enum(CALENDAR_KINDS).optional()),
    state: z.preprocess(emptyToUndefined, z.enum(CALENDAR_STATES).optional()),
  })
  .superRefine((query, context) => {
    const span = Date.parse(query.to) - Date.parse(query.from);
    if (span <= 0 || span > CALENDAR_MAX_DAYS * DAY_MS) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: SCHEDULE_MESSAGES.calendarRangeInvalid,
      });
    }
  });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const calendarItemSchema = z.object({
  /** When it is scheduled, or when it was published or failed (UTC). */
  at: z.string(),
  kind: z.enum(CALENDAR_KINDS),
  /** The category or post. */
  record_id: z.number(),
  title: z.string(),
  /** The variant (Detailed Review's row). */
  pivot_id: z.number(),
  website_id: z.number(),
  website_name: z.string(),
  state: z.enum(CALENDAR_STATES),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;
export const calendarAnswerSchema = z.object({
  data: z.array(calendarItemSchema),
  truncated: z.boolean(),
});
export type CalendarAnswer = z.infer<typeof calendarAnswerSchema>;

/** A schedule action's own fields on their own, as the web's schedule form checks them. */
export const scheduleRequestSchema = z
  .object({ action: z.enum(SCHEDULE_ACTIONS), ...scheduleFields })
  .superRefine(refineScheduleFields);

/** A time as the screens show it: in `zone`, with the zone named. */
export function formatInZone(iso: string, zone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
  return `${text} (${zone})`;
}
