import { z } from 'zod';

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
