import { DEFAULT_BASE_CURRENCY, ECONOMICS_SETTINGS } from '@sitefleet/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { settings } from './schema.ts';

/**
 * Money in the fleet's base currency: revenue and costs are kept in the currency they came in and
 * converted when read, at the rate of their own day, so that a rate set later (or corrected)
 * applies to every figure at once.
 */

/** How far back a day's rate may be looked for: the ECB publishes none at weekends or holidays. */
export const RATE_LOOKBACK_DAYS = 7;

/** The base currency (economics.currency), upper case; the default when the setting is empty. */
export async function baseCurrency(db: Db): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.fullPath, ECONOMICS_SETTINGS.currency));
  return baseCurrencyOf(row?.value);
}

/** The base currency the setting economics.currency's value names. */
export function baseCurrencyOf(setting: string | null | undefined): string {
  const value = setting?.trim().toUpperCase();
  return value && /^[A-Z]{3}$/.test(value) ? value : DEFAULT_BASE_CURRENCY;
}

/**
 * The rate in force on `day` for `currency`: its own day's, or the last one before it within
 * RATE_LOOKBACK_DAYS (exchange_rates' primary key reaches it); 1 for the base currency; null when
 * there is none, which makes every figure converted with it null, never 0.
 */
export const rateOn = (currency: SQL, day: SQL, base: string) => sql`CASE
  WHEN ${currency} = ${base} THEN 1::numeric
  ELSE (SELECT rate_in_force.rate FROM exchange_rates rate_in_force
        WHERE rate_in_force.currency = ${currency} AND rate_in_force.day <= ${day}
          AND rate_in_force.day > ${day} - ${RATE_LOOKBACK_DAYS}::int
        ORDER BY rate_in_force.day DESC LIMIT 1)
  END`;

/** `amount` (in `currency`, of `day`) in the base currency; null where no rate is known. */
export const inBase = (amount: SQL, currency: SQL, day: SQL, base: string) =>
  sql`(${amount} * ${rateOn(currency, day, base)})`;

/**
 * The rate in force for each (currency, day) of `pairs`, a relation of distinct such pairs:
 * a read converting many amounts of few days looks each rate up once and joins it.
 */
export const ratesOf = (pairs: SQL, base: string) =>
  sql`SELECT p.currency, p.day, ${rateOn(sql`p.currency`, sql`p.day`, base)} AS rate
      FROM (${pairs}) p`;
