import {
  COSTS_MESSAGES,
  type ExchangeRatesAnswer,
  type ExchangeRatesBody,
  type ExchangeRatesQuery,
  periodOf,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.ts';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import { baseCurrency } from '../../db/money.ts';
import { validationError } from '../../errors.ts';

/**
 * The exchange rates into the base currency, per currency and day: set by hand
 * (PUT /api/exchange-rates, source `manual`) or fetched from the ECB each day (source `ecb`,
 * which never replaces a manual rate of the same day).
 */

export interface DatedRate {
  date: string;
  currency: string;
  rate: number;
}

/**
 * Writes `rates` in one statement: a currency's rate of a day that has one is replaced, but a
 * fetched rate (`ecb`) never replaces one set by hand. Answers how many were written.
 */
export async function upsertRates(
  tx: Executor,
  rates: readonly DatedRate[],
  source: 'manual' | 'ecb',
): Promise<number> {
  const keep: SQL = source === 'ecb' ? sql`WHERE exchange_rates.source <> 'manual'` : sql``;
  const written = await queryRows<{ currency: string }>(
    tx,
    sql`INSERT INTO exchange_rates (currency, day, rate, source)
        SELECT r.currency, r.date, r.rate, ${source}
        FROM jsonb_to_recordset(${JSON.stringify(rates)}::jsonb)
          AS r(date date, currency text, rate numeric)
        ON CONFLICT (currency, day)
          DO UPDATE SET rate = excluded.rate, source = excluded.source ${keep}
        RETURNING currency`,
  );
  return written.length;
}

/** PUT /api/exchange-rates: every rate checked (none of the base currency), then all written. */
export async function putRates(db: Db, body: ExchangeRatesBody) {
  return db.transaction(async (tx) => {
    const base = await baseCurrency(tx);
    const ofBase = Object.fromEntries(
      body.rates.flatMap((rate, index) =>
        rate.currency === base ? [[`rates.${index}.currency`, COSTS_MESSAGES.baseCurrency]] : [],
      ),
    );
    if (Object.keys(ofBase).length > 0) throw validationError(ofBase);
    const updated = await upsertRates(tx, body.rates, 'manual');
    const currencies = [...new Set(body.rates.map((rate) => rate.currency))].sort();
    await recordAudit(tx, {
      action: 'bulk_action',
      subjectType: 'exchange_rate',
      details: { action: 'exchange_rates_set', count: updated, currencies },
    });
    return { updated };
  });
}

/** GET /api/exchange-rates: the period's rates (of one currency), by date and currency. */
export async function readRates(
  db: Db,
  query: ExchangeRatesQuery,
  now = new Date(),
): Promise<ExchangeRatesAnswer> {
  const { from, to } = periodOf(query, now);
  const currency = query.currency === undefined ? sql`true` : sql`currency = ${query.currency}`;
  const rows = await queryRows<ExchangeRatesAnswer['rows'][number]>(
    db,
    sql`SELECT day::text AS date, currency, rate::float8 AS rate, source
        FROM exchange_rates
        WHERE day BETWEEN ${from}::date AND ${to}::date AND ${currency}
        ORDER BY day, currency`,
  );
  return { currency: await baseCurrency(db), rows };
}
