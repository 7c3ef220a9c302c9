import { z } from 'zod';
import { optionalQueryFilter } from './content-actions.ts';
import { FIELD_MESSAGES, WITHOUT_NUL } from './fields.ts';
import { MAX_ID, orderQueryFields, pageQuerySchema, paginatedSchema } from './pagination.ts';

/**
 * Traffic: page views counted by the fleet's own beacon (`/t.js` posting to `/api/collect`), and
 * what Google Analytics 4 and Search Console counted, imported day by day. Both are rolled up per
 * website, day (and hour, for the beacon), page, post and category; every screen reads the
 * roll-ups, never the raw events.
 */

export const TRAFFIC_SOURCES = ['beacon', 'ga4', 'search_console'] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];
export const TRAFFIC_SOURCE_LABELS: Record<TrafficSource, string> = {
  beacon: 'Beacon',
  ga4: 'Google Analytics',
  search_console: 'Search Console',
};

export const TRAFFIC_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type TrafficInterval = (typeof TRAFFIC_INTERVALS)[number];

/** A page view's device, from its user agent (the user agent itself is never kept). */
export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/**
 * Why `/api/collect` dropped an event while answering 202, counted in `/metrics` by reason; and
 * `unstorable`, one the database refused after it was taken.
 */
export const COLLECT_DROP_REASONS = [
  'key',
  'host',
  'bot',
  'size',
  'invalid',
  'dnt',
  'unstorable',
] as const;
export type CollectDropReason = (typeof COLLECT_DROP_REASONS)[number];

/** The beacon's limits: a body over this is dropped unread. */
export const COLLECT_MAX_BYTES = 2048;

export const TRAFFIC_SETTINGS = {
  /** Days the raw page views are kept; the roll-ups are kept for good. */
  rawRetentionDays: 'traffic.raw_retention_days',
  analyticsAdminUrl: 'google.analytics_admin_url',
  analyticsDataUrl: 'google.analytics_data_url',
  searchConsoleUrl: 'google.search_console_url',
} as const;
export const DEFAULT_RAW_RETENTION_DAYS = 30;

export const TRAFFIC_MESSAGES = {
  dateInvalid: 'Must be a date, e.g. 2026-12-31',
  rangeReversed: 'The end date must not be before the start date',
  rangeTooLong: (days: number) => `At most ${days} days at a time`,
  trackingKeyRotated: 'Tracking key rotated: update the snippet on the website',
  publishedUrlInvalid: 'Must be an http(s) URL of at most 2,048 characters',
  publishedUrlSaved: 'Published URL saved',
  /** A page view refused: the database is away and too many wait to be written. */
  busy: 'Page views cannot be taken right now: try again shortly',
  empty: 'No page views in this period',
  websiteUnknown: 'No such website',
  hourBeaconOnly: 'By the hour: the beacon only (Google counts by day)',
} as const;

/** A day's milliseconds: traffic counts UTC days, which have no daylight saving. */
export const DAY_MS = 86_400_000;

/** The UTC day of an instant (milliseconds since the epoch), as traffic counts days: YYYY-MM-DD. */
export const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** At most this many days per traffic request (a year and a day). */
export const TRAFFIC_MAX_DAYS = 366;

/** The one-line snippet a website's pages carry, from the server's public URL and its key. */
export const trackingSnippet = (publicUrl: string, key: string) =>
  `<script defer src="${publicUrl.replace(/\/+$/, '')}/t.js" data-key="${key}"></script>`;

/**
 * The path page views and published variants are matched by: percent-decoded (where that is
 * valid), without the query, the fragment or a trailing slash, and without the NUL an escape may
 * decode to (which no text column stores: a view's would stop every view written with it).
 */
export function pagePath(url: URL): string {
  let path = url.pathname;
  try {
    path = decodeURI(path).replaceAll('\0', '');
  } catch {
    // A malformed escape stays as it came: the same URL gives the same path either way.
  }
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** A host as pages, websites and Google write it alike: lower case, without a leading `www.`. */
export const siteHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** The path of a URL a website answered or an operator typed; null when it is not an http(s) URL. */
export function publishedPathOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? pagePath(parsed) : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/collect, as `navigator.sendBeacon` sends it (text/plain, or JSON): `k` the website's
 * tracking key, `u` the page's URL, `r` the referrer, `p` and `c` the post and category a page
 * names in its `sitefleet:post` and `sitefleet:category` meta tags.
 */
/** A tracking key as the database makes it: a random UUID's 32 hex digits. */
export const TRACKING_KEY_PATTERN = /^[0-9a-f]{32}$/;

export const collectBodySchema = z.object({
  k: z.string().min(1).max(64),
  u: z.string().min(1).max(1024),
  r: z.string().max(1024).optional(),
  p: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  c: z.coerce.number().int().min(1).max(MAX_ID).optional(),
});
export type CollectBody = z.infer<typeof collectBodySchema>;

/**
 * A day of a period, within years the database and the periods reckoned from it (the one before,
 * the 30 days after a lone start) can all write.
 */
export const calendarDay = z.iso
  .date({ error: TRAFFIC_MESSAGES.dateInvalid })
  .refine((value) => value >= '1970-01-01' && value <= '9998-12-31', TRAFFIC_MESSAGES.dateInvalid);
const queryId = z.coerce.number().int().min(1).max(MAX_ID);

/** A period of days, both ends included: the last 30 days when left out. */
export const periodFields = { from: calendarDay.optional(), to: calendarDay.optional() };

/** A period's checks: its end not before its start, and at most `maxDays` days long. */
export const withinPeriod = <T extends { from?: string; to?: string }>(
  schema: z.ZodType<T>,
  maxDays = TRAFFIC_MAX_DAYS,
) =>
  schema
    .refine((query) => !query.from || !query.to || query.from <= query.to, {
      path: ['to'],
      message: TRAFFIC_MESSAGES.rangeReversed,
    })
    .refine(
      (query) =>
        !query.from ||
        !query.to ||
        (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS < maxDays,
      { path: ['from'], message: TRAFFIC_MESSAGES.rangeTooLong(maxDays) },
    );

/** The days of a period request, both ends included, as ISO dates (UTC). */
export interface Period {
  from: string;
  to: string;
}

/** A request that names no period reads the last 30 days, today included. */
const DEFAULT_PERIOD_DAYS = 30;

/**
 * The period asked, its missing ends filled in: up to today, 30 days long. One end alone keeps the
 * 30 days on its side, so a filled-in period is never reversed nor too long.
 */
export function periodOf(query: { from?: string; to?: string }, now = new Date()): Period {
  const span = (DEFAULT_PERIOD_DAYS - 1) * DAY_MS;
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: utcDay(Date.parse(query.from) + span) };
  const to = query.to ?? utcDay(now.getTime());
  return { from: utcDay(Date.parse(to) - span), to };
}

/** How many days the period has. */
export const daysOf = (period: Period) =>
  (Date.parse(period.to) - Date.parse(period.from)) / DAY_MS + 1;

/**
 * GET /api/traffic: the fleet's, a website's, a category's or a post's traffic over a period. The
 * hours are the beacon's alone: Google counts by day.
 */
export const trafficQuerySchema = withinPeriod(
  z.object({
    ...periodFields,
    website_id: optionalQueryFilter(queryId),
    category_id: optionalQueryFilter(queryId),
    post_id: optionalQueryFilter(queryId),
    interval: z.enum(TRAFFIC_INTERVALS).default('day'),
    source: z.enum(TRAFFIC_SOURCES).default('beacon'),
  }),
).refine((query) => query.interval !== 'hour' || query.source === 'beacon', {
  path: ['interval'],
  message: TRAFFIC_MESSAGES.hourBeaconOnly,
});
export type TrafficQuery = z.infer<typeof trafficQuerySchema>;

export const trafficPointSchema = z.object({
  /** The bucket's start, ISO text (UTC). */
  t: z.string(),
  views: z.number(),
  visitors: z.number(),
  clicks: z.number().optional(),
  impressions: z.number().optional(),
});
export type TrafficPoint = z.infer<typeof trafficPointSchema>;

export const trafficAnswerSchema = z.object({
  series: z.array(trafficPointSchema),
  totals: z.object({
    views: z.number(),
    visitors: z.number(),
    clicks: z.number().optional(),
    impressions: z.number().optional(),
  }),
  top_pages: z.array(
    z.object({
      path: z.string(),
      post_id: z.number().nullable(),
      views: z.number(),
      /** The website the path is on: the fleet's and a category's pages span several. */
      website_id: z.number().optional(),
    }),
  ),
  top_referrers: z.array(z.object({ domain: z.string(), views: z.number() })),
  /** The beacon's views by device class, most first (Google's sources: none). */
  devices: z.array(z.object({ device: z.enum(DEVICE_CLASSES), views: z.number() })),
});
export type TrafficAnswer = z.infer<typeof trafficAnswerSchema>;

export const TRAFFIC_WEBSITE_ORDER_KEYS = ['views', 'visitors', 'change', 'name'] as const;

/** GET /api/traffic/websites: the list contract, one row per website over the period. */
export const trafficWebsitesQuerySchema = withinPeriod(
  pageQuerySchema.extend({
    ...periodFields,
    ...orderQueryFields(TRAFFIC_WEBSITE_ORDER_KEYS, { key: 'views', direction: 'desc' }),
    source: z.enum(TRAFFIC_SOURCES).default('beacon'),
  }),
);
export type TrafficWebsitesQuery = z.infer<typeof trafficWebsitesQuerySchema>;

export const trafficWebsiteRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  views: z.number(),
  visitors: z.number(),
  /** Views against the period of the same length before, as a fraction; null when it had none. */
  change: z.number().nullable(),
  /** Views per day of the period, oldest first. */
  sparkline: z.array(z.number()),
});
export type TrafficWebsiteRow = z.infer<typeof trafficWebsiteRowSchema>;
export const trafficWebsitesAnswerSchema = paginatedSchema(trafficWebsiteRowSchema);

/**
 * PUT /api/variants/{kind}/{variant_id}/published-url: where the variant's website published it,
 * when its webhook's answer did not say (or said wrong); null forgets it.
 */
export const publishedUrlInputSchema = z.strictObject({
  published_url: z
    .string()
    .trim()
    .regex(WITHOUT_NUL, FIELD_MESSAGES.nulCharacter)
    .max(2048, TRAFFIC_MESSAGES.publishedUrlInvalid)
    .refine((url) => publishedPathOf(url) !== null, TRAFFIC_MESSAGES.publishedUrlInvalid)
    .nullable(),
});
export const publishedUrlAnswerSchema = z.object({
  message: z.string(),
  published_url: z.string().nullable(),
  published_path: z.string().nullable(),
});

/** POST /api/websites/{id}/tracking-key/rotate */
export const trackingKeyAnswerSchema = z.object({
  message: z.string(),
  tracking_key: z.string(),
});
