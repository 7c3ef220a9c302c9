import { z } from 'zod';

/**
 * What each social app spends of its networks' quotas and of money, day by day: the publishing
 * calls it made (OAuth calls aside), the publishes it deferred to keep within a quota, and what
 * the calls cost where a network bills per call (X).
 */

export const SOCIAL_APP_USAGE_MESSAGES = {
  dateInvalid: 'Must be a date, e.g. 2026-12-31',
  rangeReversed: 'The end date must not be before the start date',
  rangeTooLong: 'At most 366 days at a time',
  /** A publish put off to keep within its app's quota, in its variant's delivery error. */
  deferredUntil: (until: string) => `Deferred until ${until}: the app's quota for the day is used`,
} as const;

/** At most this many days per usage request. */
export const USAGE_MAX_DAYS = 366;

const day = z.iso.date({ error: SOCIAL_APP_USAGE_MESSAGES.dateInvalid });

/** GET /api/social-apps/{id}/usage?from=&to=: both ends included, the last 30 days by default. */
export const socialAppUsageQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: SOCIAL_APP_USAGE_MESSAGES.rangeReversed,
  })
  .refine(
    (query) =>
      !query.from ||
      !query.to ||
      (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < USAGE_MAX_DAYS,
    { path: ['from'], message: SOCIAL_APP_USAGE_MESSAGES.rangeTooLong },
  );
export type SocialAppUsageQuery = z.infer<typeof socialAppUsageQuerySchema>;

/** One row per day of the range, days without calls included (as zeros). */
export const socialAppUsageSchema = z.object({
  data: z.array(
    z.object({
      date: z.string(),
      calls: z.number(),
      deferred: z.number(),
      /** In US dollars, the currency the networks bill in. */
      cost: z.number(),
    }),
  ),
});
export type SocialAppUsage = z.infer<typeof socialAppUsageSchema>;

let dollars: Intl.NumberFormat | undefined;
/**
 * A cost as the screens show it, in US dollars: with cents, and up to 4 decimals where it comes
 * in fractions of a cent (X bills per post). Here rather than in format.ts, which every screen
 * loads: only the usage shows dollars.
 */
export function formatDollars(amount: number): string {
  dollars ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
  return dollars.format(amount);
}
