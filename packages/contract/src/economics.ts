import { z } from 'zod';
import { idFilter } from './content-actions.ts';
import { orderQueryFields, pageQuerySchema, paginatedSchema } from './pagination.ts';
import { periodFields, withinPeriod } from './traffic.ts';

/**
 * What each website earns and costs, shared by revenue, costs and the economics list: the fleet's
 * base currency and its settings, amounts, currency codes (an economics request's period is
 * traffic's `periodFields` with `withinPeriod`, both ends included, at most ECONOMICS_MAX_DAYS).
 */

export const ECONOMICS_SETTINGS = {
  /** The fleet's base currency (ISO 4217): every figure is converted into it. */
  currency: 'economics.currency',
  /** What an instance's `cost` is for: `month` (the default) or `day`. */
  instanceCostPeriod: 'economics.instance_cost_period',
  /** Where the ECB's daily reference rates (XML) are fetched from each day; empty: no fetch. */
  ecbRatesUrl: 'economics.ecb_rates_url',
  /** What the AI provider bills per 1,000 input and output tokens, in `aiPriceCurrency`. */
  aiInputPricePer1k: 'ai.input_price_per_1k',
  aiOutputPricePer1k: 'ai.output_price_per_1k',
  aiPriceCurrency: 'ai.price_currency',
  /** AdSense Management API: the real one by default, a stand-in in the tests. */
  adsenseUrl: 'google.adsense_url',
} as const;

/** At most this many days per economics request: three years. */
export const ECONOMICS_MAX_DAYS = 1096;

export const DEFAULT_BASE_CURRENCY = 'INR';
export const INSTANCE_COST_PERIODS = ['month', 'day'] as const;
export const ADSENSE_DEFAULT_URL = 'https://adsense.googleapis.com';
/** The scope Login with Google adds for the AdSense import, read-only. */
export const GOOGLE_ADSENSE_SCOPE = 'https://www.googleapis.com/auth/adsense.readonly';

export const ECONOMICS_MESSAGES = {
  currencyInvalid: 'Must be a three-letter currency code, e.g. USD',
  amountInvalid: 'Must be a number with at most 6 decimals',
} as const;

/** An ISO 4217 code, upper-cased as it is kept. */
export const currencyCode = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, ECONOMICS_MESSAGES.currencyInvalid));

/** An amount of money as sent: a finite number, negative for a refund or a correction. */
export const moneyAmount = z.coerce
  .number({ message: ECONOMICS_MESSAGES.amountInvalid })
  .finite(ECONOMICS_MESSAGES.amountInvalid)
  .refine((value) => Math.abs(value) < 1e12, ECONOMICS_MESSAGES.amountInvalid);

/** A base-currency figure as answered: rounded to the paisa (hundredths). */
export const roundMoney = (value: number) => Math.round(value * 100) / 100;

/** The kinds of cost the ledger holds: the first four worked out, `other` added by hand. */
export const COST_KINDS = ['hosting', 'instances', 'generation', 'social', 'other'] as const;
export type CostKind = (typeof COST_KINDS)[number];

/** A period of an economics request: both ends included, the last 30 days when left out. */
export const economicsPeriodSchema = withinPeriod(z.object(periodFields), ECONOMICS_MAX_DAYS);

/** What renewing a website is advised: from its last 90 days' profit against the renewal's cost. */
export const RENEWAL_ADVICE = ['renew', 'review', 'no data'] as const;

export const ECONOMICS_ORDER_KEYS = [
  'profit',
  'revenue',
  'cost',
  'margin',
  'rpm',
  'views',
  'name',
] as const;

/**
 * GET /api/economics/websites: the list contract, one row per website over the period; one
 * website's row with `website_id`.
 */
export const economicsWebsitesQuerySchema = withinPeriod(
  pageQuerySchema.extend({
    ...periodFields,
    website_id: idFilter,
    ...orderQueryFields(ECONOMICS_ORDER_KEYS, { key: 'profit', direction: 'desc' }),
  }),
  ECONOMICS_MAX_DAYS,
);
export type EconomicsWebsitesQuery = z.infer<typeof economicsWebsitesQuerySchema>;

/** Base-currency figures (rounded to hundredths); null where a rate to convert one is missing. */
const money = z.number().nullable();

export const economicsWebsiteRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  revenue: money,
  cost: money,
  costs: z.object(
    Object.fromEntries(COST_KINDS.map((kind) => [kind, money])) as Record<CostKind, typeof money>,
  ),
  /** revenue − cost, to the hundredth. */
  profit: money,
  /** profit ÷ revenue, a fraction; null without revenue. */
  margin: z.number().nullable(),
  /** The beacon's page views over the period. */
  views: z.number(),
  /** Revenue per 1,000 views; null without views. */
  rpm: z.number().nullable(),
  posts_published: z.number(),
  /** cost ÷ posts_published; null without a post published. */
  cost_per_post: z.number().nullable(),
  next_renewal_date: z.string().nullable(),
  renewal_cost: z.number(),
  renewal_advice: z.enum(RENEWAL_ADVICE),
  /** Profit per day of the period, oldest first. */
  sparkline: z.array(z.number().nullable()),
  /** The share of the period's delivery attempts that were delivered; null without any. */
  delivery_success_rate: z.number().nullable(),
  /** The currencies an amount of the row could not be converted from (no rate for its day). */
  missing_rates: z.array(z.string()),
});
export type EconomicsWebsiteRow = z.infer<typeof economicsWebsiteRowSchema>;
export const economicsWebsitesAnswerSchema = paginatedSchema(economicsWebsiteRowSchema).extend({
  currency: z.string(),
});

/** GET /api/economics/summary: the period, and one website (its Money tab) or the whole fleet. */
export const economicsSummaryQuerySchema = withinPeriod(
  z.object({ ...periodFields, website_id: idFilter }),
  ECONOMICS_MAX_DAYS,
);
export type EconomicsSummaryQuery = z.infer<typeof economicsSummaryQuerySchema>;

const figures = z.object({ revenue: money, cost: money, profit: money, views: z.number() });

/** GET /api/economics/summary: the fleet's figures over the period and the one of the same length before. */
export const economicsSummarySchema = z.object({
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  totals: figures,
  series: z.array(z.object({ date: z.string(), revenue: money, cost: money, profit: money })),
  previous: figures,
  missing_rates: z.array(z.string()),
});
export type EconomicsSummary = z.infer<typeof economicsSummarySchema>;

/**
 * A batch of rows sent at once (revenue, exchange rates), all written or none: 1 to `max` rows,
 * each row whose `key` an earlier row has refused on its `date` with `repeated`'s message.
 */
export const uniqueRows = <Row extends z.ZodType>(
  row: Row,
  limits: { max: number; required: string; tooMany: string },
  key: (row: z.output<Row>) => string,
  repeated: (index: number) => string,
) =>
  z
    .array(row, { error: limits.required })
    .min(1, limits.required)
    .max(limits.max, limits.tooMany)
    .superRefine((rows, context) => {
      const seen = new Map<string, number>();
      rows.forEach((one, index) => {
        const first = seen.get(key(one));
        if (first === undefined) seen.set(key(one), index);
        else context.addIssue({ code: 'custom', path: [index, 'date'], message: repeated(first) });
      });
    });
