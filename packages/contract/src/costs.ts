import { z } from 'zod';
import { idFilter, optionalQueryFilter } from './content-actions.ts';
import {
  COST_KINDS,
  type CostKind,
  currencyCode,
  ECONOMICS_MAX_DAYS,
  moneyAmount,
  uniqueRows,
} from './economics.ts';
import { FIELD_MESSAGES, WITHOUT_NUL } from './fields.ts';
import { MAX_ID } from './pagination.ts';
import { calendarDay, periodFields, withinPeriod } from './traffic.ts';

/**
 * The cost ledger (GET /api/costs): dated amounts per website, each with its kind and source.
 * Hosting and instances are worked out from the websites and instances, generation and social
 * costs are recorded as the AI provider and the networks bill them, and `other` costs are added
 * by hand (POST /api/costs). The exchange rates (PUT/GET /api/exchange-rates) convert them into
 * the fleet's base currency.
 */

/** Rows per page of GET /api/costs: the default and the most. */
export const COSTS_PER_PAGE = 100;
export const COSTS_PER_PAGE_MAX = 1000;
export const COST_NOTE_MAX = 500;
/** Rates per PUT /api/exchange-rates, all written or none. */
export const EXCHANGE_RATES_MAX = 10_000;

/** The only kind a person adds: the others are worked out or recorded as they are billed. */
export const ADDED_COST_KIND = 'other' satisfies CostKind;

export const COSTS_MESSAGES = {
  kindInvalid: `Must be one of ${COST_KINDS.join(', ')}`,
  workedOut: (kind: string) =>
    `${kind[0]!.toUpperCase()}${kind.slice(1)} costs are worked out, not added: add an "${ADDED_COST_KIND}" cost`,
  noteTooLong: `At most ${COST_NOTE_MAX} characters`,
  ratesRequired: 'Send at least one rate',
  tooManyRates: `At most ${EXCHANGE_RATES_MAX.toLocaleString('en')} rates at a time`,
  rateInvalid: 'Must be a number above 0',
  baseCurrency: 'The base currency needs no rate: it is 1',
  repeatedRate: (index: number) => `The same currency and date as rates.${index}`,
} as const;

/** An amount as sent: a missing one (null, blank text, a flag) is refused, never taken as 0. */
const sentAmount = z.preprocess(
  (value) => (value === null || value === '' || typeof value === 'boolean' ? undefined : value),
  moneyAmount,
);

const websiteId = z.coerce.number().int().min(1).max(MAX_ID);

/** GET /api/costs: a period (the last 30 days when left out), a website, a kind; a page. */
export const costsQuerySchema = withinPeriod(
  z.object({
    ...periodFields,
    website_id: idFilter,
    kind: optionalQueryFilter(z.enum(COST_KINDS, { error: COSTS_MESSAGES.kindInvalid })),
    page: z.coerce.number().int().min(1).max(MAX_ID).default(1),
    per_page: z.coerce.number().int().min(1).max(COSTS_PER_PAGE_MAX).default(COSTS_PER_PAGE),
  }),
  ECONOMICS_MAX_DAYS,
);
export type CostsQuery = z.infer<typeof costsQuerySchema>;

export const costRowSchema = z.object({
  /** Null: the fleet's (an added cost of no website, an instance's day with no instruction). */
  website_id: z.number().nullable(),
  date: z.string(),
  kind: z.enum(COST_KINDS),
  /** The AI model, the network, `manual`, or the instance's instance_id; null for hosting. */
  source: z.string().nullable(),
  /** In `currency`; a worked-out day's unrounded share of its cost. */
  amount: z.number(),
  currency: z.string(),
  /** In the base currency at the rate of `date`, to the hundredth; null when no rate is known. */
  amount_base: z.number().nullable(),
  note: z.string().nullable(),
});
export type CostRow = z.infer<typeof costRowSchema>;

const kindTotal = z.number().nullable();

export const costsAnswerSchema = z.object({
  /** The base currency of `amount_base` and the totals. */
  currency: z.string(),
  /** The page's rows, by date, kind, website (the fleet's first) and source. */
  rows: z.array(costRowSchema),
  /**
   * Every row of the request (not only the page's), per kind and in all: the sums of their
   * `amount_base`, null when one of them has no rate.
   */
  totals: z.object({
    ...(Object.fromEntries(COST_KINDS.map((kind) => [kind, kindTotal])) as Record<
      CostKind,
      typeof kindTotal
    >),
    total: kindTotal,
  }),
  /** The currencies of the request's rows that have no rate for their day. */
  missing_rates: z.array(z.string()),
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  /** Rows of the whole request. */
  total: z.number(),
});
export type CostsAnswer = z.infer<typeof costsAnswerSchema>;

/** POST /api/costs: a cost added by hand, of a website or (none given) of the whole fleet. */
export const costBodySchema = z.strictObject({
  website_id: z.preprocess((value) => (value === '' ? null : value), websiteId.nullish()),
  date: calendarDay,
  kind: z.enum(COST_KINDS, { error: COSTS_MESSAGES.kindInvalid }).superRefine((kind, context) => {
    if (kind !== ADDED_COST_KIND) {
      context.addIssue({ code: 'custom', message: COSTS_MESSAGES.workedOut(kind) });
    }
  }),
  amount: sentAmount,
  currency: currencyCode,
  note: z
    .string()
    .trim()
    .max(COST_NOTE_MAX, COSTS_MESSAGES.noteTooLong)
    .regex(WITHOUT_NUL, FIELD_MESSAGES.nulCharacter)
    .nullish()
    .transform((note) => note || null),
});
export type CostBody = z.infer<typeof costBodySchema>;

/** 201 of POST /api/costs: the row as the ledger shows it, with its id. */
export const costCreatedSchema = costRowSchema.extend({ id: z.number() });

export const EXCHANGE_RATE_SOURCES = ['manual', 'ecb'] as const;

export const exchangeRateInputSchema = z.object({
  date: calendarDay,
  currency: currencyCode,
  /** Units of the base currency one unit of `currency` is worth. */
  rate: z.coerce
    .number({ error: COSTS_MESSAGES.rateInvalid })
    .finite(COSTS_MESSAGES.rateInvalid)
    .gt(0, COSTS_MESSAGES.rateInvalid)
    .lt(1e10, COSTS_MESSAGES.rateInvalid),
});

/**
 * PUT /api/exchange-rates: every rate checked, then all written (a rate of a currency and day
 * that has one replaces it) or none.
 */
export const exchangeRatesBodySchema = z.strictObject({
  rates: uniqueRows(
    exchangeRateInputSchema,
    {
      max: EXCHANGE_RATES_MAX,
      required: COSTS_MESSAGES.ratesRequired,
      tooMany: COSTS_MESSAGES.tooManyRates,
    },
    (rate) => `${rate.currency} ${rate.date}`,
    COSTS_MESSAGES.repeatedRate,
  ),
});
export type ExchangeRatesBody = z.infer<typeof exchangeRatesBodySchema>;
export const exchangeRatesUpdatedSchema = z.object({ updated: z.number() });

/** GET /api/exchange-rates: a period (the last 30 days when left out), a currency. */
export const exchangeRatesQuerySchema = withinPeriod(
  z.object({ ...periodFields, currency: optionalQueryFilter(currencyCode) }),
  ECONOMICS_MAX_DAYS,
);
export type ExchangeRatesQuery = z.infer<typeof exchangeRatesQuerySchema>;

export const exchangeRateSchema = z.object({
  date: z.string(),
  currency: z.string(),
  rate: z.number(),
  source: z.enum(EXCHANGE_RATE_SOURCES),
});
export const exchangeRatesAnswerSchema = z.object({
  /** The base currency the rates convert into. */
  currency: z.string(),
  /** By date, then currency. */
  rows: z.array(exchangeRateSchema),
});
export type ExchangeRatesAnswer = z.infer<typeof exchangeRatesAnswerSchema>;
