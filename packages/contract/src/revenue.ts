import { z } from 'zod';
import { idFilter, optionalQueryFilter } from './content-actions.ts';
import { currencyCode, ECONOMICS_MAX_DAYS, moneyAmount, uniqueRows } from './economics.ts';
import { FIELD_MESSAGES, WITHOUT_NUL } from './fields.ts';
import { MAX_ID } from './pagination.ts';
import { defineResource } from './resource.ts';
import { calendarDay, periodFields, TRAFFIC_MESSAGES, utcDay, withinPeriod } from './traffic.ts';

/**
 * What each website earns, a row per website, source and day: AdSense's, imported with the
 * fleet's Google connection, and the other sources' (an ad network with no API, affiliate
 * income), sent by POST /api/revenue or a CSV file. Amounts are kept in their own currency and
 * converted into the base currency when read, at their day's rate.
 */

/** The source the AdSense import writes; no other write may use it. */
export const ADSENSE_SOURCE = 'adsense';
/** Rows per POST /api/revenue, all written or none. */
export const REVENUE_MAX_ROWS = 10_000;
export const REVENUE_SOURCE_MAX = 50;
/** Rows per page of GET /api/revenue: the default and the most. */
export const REVENUE_PER_PAGE = 100;
export const REVENUE_PER_PAGE_MAX = 1000;
/** How far back an AdSense import reaches: AdSense keeps three years of reports. */
export const ADSENSE_MAX_YEARS = 3;

export const REVENUE_MESSAGES = {
  rowsRequired: 'Send at least one row',
  tooManyRows: `At most ${REVENUE_MAX_ROWS.toLocaleString('en')} rows at a time`,
  websiteRequired: 'Give the website: its id, or its name or URL',
  websiteAmbiguous: 'Several websites have this name or URL: give the website_id',
  sourceInvalid: `Must be a name of 1 to ${REVENUE_SOURCE_MAX} characters, e.g. ezoic`,
  sourceReserved: `"${ADSENSE_SOURCE}" is the AdSense import's: name this source otherwise`,
  repeated: (index: number) => `The same website, source and date as rows.${index}`,
  tooFarBack: `At most ${ADSENSE_MAX_YEARS} years back: AdSense keeps no more`,
  inTheFuture: 'AdSense has counted nothing after today',
  importUnknown: 'No such import',
} as const;

/** A source's name as kept: trimmed, lower case; `adsense` among them. */
export const revenueSourceName = z
  .string({ error: REVENUE_MESSAGES.sourceInvalid })
  .trim()
  .toLowerCase()
  .min(1, REVENUE_MESSAGES.sourceInvalid)
  .max(REVENUE_SOURCE_MAX, REVENUE_MESSAGES.sourceInvalid)
  .regex(WITHOUT_NUL, FIELD_MESSAGES.nulCharacter);

/** A source a write may name: any but the AdSense import's. */
export const revenueSourceInput = revenueSourceName.refine(
  (source) => source !== ADSENSE_SOURCE,
  REVENUE_MESSAGES.sourceReserved,
);

/** An amount as sent: a missing one (null, blank text, a flag) is refused, never taken as 0. */
const revenueAmount = z.preprocess(
  (value) => (value === null || value === '' || typeof value === 'boolean' ? undefined : value),
  moneyAmount,
);

const websiteId = z.coerce
  .number({ error: TRAFFIC_MESSAGES.websiteUnknown })
  .int(TRAFFIC_MESSAGES.websiteUnknown)
  .min(1, TRAFFIC_MESSAGES.websiteUnknown)
  .max(MAX_ID, TRAFFIC_MESSAGES.websiteUnknown);

export const revenueRowInputSchema = z.object({
  website_id: websiteId,
  date: calendarDay,
  source: revenueSourceInput,
  amount: revenueAmount,
  currency: currencyCode,
});
export type RevenueRowInput = z.infer<typeof revenueRowInputSchema>;

/**
 * POST /api/revenue: every row checked, and written in one transaction, or none. A row for a
 * website, source and day that has one replaces its amount and currency.
 */
export const revenueBodySchema = z.strictObject({
  rows: uniqueRows(
    revenueRowInputSchema,
    {
      max: REVENUE_MAX_ROWS,
      required: REVENUE_MESSAGES.rowsRequired,
      tooMany: REVENUE_MESSAGES.tooManyRows,
    },
    (row) => `${row.website_id} ${row.source} ${row.date}`,
    REVENUE_MESSAGES.repeated,
  ),
});
export type RevenueBody = z.infer<typeof revenueBodySchema>;

/** 201 of POST /api/revenue: rows new, and rows that replaced one of their website, source, day. */
export const revenueCreatedSchema = z.object({ created: z.number(), replaced: z.number() });

/** GET /api/revenue: a period (the last 30 days when left out), a website, a source; a page. */
export const revenueQuerySchema = withinPeriod(
  z.object({
    ...periodFields,
    website_id: idFilter,
    source: optionalQueryFilter(revenueSourceName),
    page: z.coerce.number().int().min(1).max(MAX_ID).default(1),
    per_page: z.coerce.number().int().min(1).max(REVENUE_PER_PAGE_MAX).default(REVENUE_PER_PAGE),
  }),
  ECONOMICS_MAX_DAYS,
);
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

export const revenueRowSchema = z.object({
  website_id: z.number(),
  date: z.string(),
  source: z.string(),
  /** As the source gave it, in `currency`. */
  amount: z.number(),
  currency: z.string(),
  /** In the base currency at the rate of `date`, to the hundredth; null when no rate is known. */
  amount_base: z.number().nullable(),
  /** AdSense's counts of the day; null for the other sources. */
  page_views: z.number().nullable(),
  impressions: z.number().nullable(),
  clicks: z.number().nullable(),
});
export type RevenueRow = z.infer<typeof revenueRowSchema>;

export const revenueAnswerSchema = z.object({
  /** The base currency of `amount_base` and the totals. */
  currency: z.string(),
  /** The page's rows, by date, website and source. */
  rows: z.array(revenueRowSchema),
  /** Every row of the request (not only the page's), per source: the sum of their `amount_base`. */
  totals: z.array(z.object({ source: z.string(), amount_base: z.number().nullable() })),
  /** The currencies of the request's rows that have no rate for their day. */
  missing_rates: z.array(z.string()),
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  /** Rows of the whole request. */
  total: z.number(),
});
export type RevenueAnswer = z.infer<typeof revenueAnswerSchema>;

/** The revenue's CSV import (the lists' import screen): its path and who may use it. */
export const revenueResource = defineResource({
  name: 'revenue',
  path: '/api/revenue',
  access: 'economics-manage',
  readAccess: 'economics-list',
  noun: { one: 'revenue row', many: 'revenue rows' },
});

/** Blank cells of an optional column are no value. */
const blankIsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * A row of a revenue CSV file: the website by `website_id`, or by `website`, its name or URL;
 * the rest as POST /api/revenue takes it.
 */
export const revenueCsvRowSchema = z
  .object({
    website_id: z.preprocess(blankIsAbsent, websiteId.optional()),
    website: z.preprocess(
      blankIsAbsent,
      z.string().trim().max(2048).regex(WITHOUT_NUL, FIELD_MESSAGES.nulCharacter).optional(),
    ),
    date: calendarDay,
    source: revenueSourceInput,
    amount: revenueAmount,
    currency: currencyCode,
  })
  .refine((row) => row.website_id !== undefined || row.website !== undefined, {
    path: ['website_id'],
    message: REVENUE_MESSAGES.websiteRequired,
  });
export type RevenueCsvRow = z.infer<typeof revenueCsvRowSchema>;

/** The first day an AdSense import may ask for on `today` (YYYY-MM-DD). */
export function earliestAdsenseDay(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - ADSENSE_MAX_YEARS);
  return date.toISOString().slice(0, 10);
}

/**
 * POST /api/revenue/adsense/import: the days of every AdSense account the Google connection
 * sees, at most three years back, up to today.
 */
export const adsenseImportBodySchema = z
  .strictObject({ from: calendarDay, to: calendarDay })
  .superRefine((body, context) => {
    const issue = (path: 'from' | 'to', message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (body.from > body.to) issue('to', TRAFFIC_MESSAGES.rangeReversed);
    const today = utcDay(Date.now());
    if (body.from < earliestAdsenseDay(today)) issue('from', REVENUE_MESSAGES.tooFarBack);
    if (body.to > today) issue('to', REVENUE_MESSAGES.inTheFuture);
  });
export type AdsenseImportBody = z.infer<typeof adsenseImportBodySchema>;

/** 202 of POST /api/revenue/adsense/import: its progress is GET /api/revenue/adsense/import/{id}. */
export const adsenseImportStartedSchema = z.object({ import_id: z.number() });

export const ADSENSE_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** GET /api/revenue/adsense/import/{id}: an import's progress, in days of an account. */
export const adsenseImportSchema = z.object({
  id: z.number(),
  status: z.enum(ADSENSE_IMPORT_STATUSES),
  from: z.string(),
  to: z.string(),
  /** Days to import: the days of the period for each account the connection sees. */
  total: z.number(),
  processed: z.number(),
  /** Days given up: AdSense refused their account. */
  failed: z.number(),
  /** Report rows of a domain no website has, left out. */
  skipped: z.number(),
  message: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type AdsenseImport = z.infer<typeof adsenseImportSchema>;

/** GET /api/revenue/adsense/status: each website's last AdSense import. */
export const adsenseStatusSchema = z.array(
  z.object({
    website_id: z.number(),
    name: z.string(),
    /** The AdSense account whose report names the website's domain ('accounts/pub-…'). */
    account: z.string().nullable(),
    last_imported_at: z.string().nullable(),
    /** Why its account's last import stopped (a rate limit says when it resumes). */
    last_error: z.string().nullable(),
  }),
);
export type AdsenseStatus = z.infer<typeof adsenseStatusSchema>;
