import { ECONOMICS_SETTINGS } from '@sitefleet/contract';
import type { Executor } from '../../db/client.ts';
import { baseCurrency } from '../../db/money.ts';
import { readSettings } from '../../db/settings.ts';
import type { TaskContext } from '../../jobs/scheduler.ts';
import { storableText } from '../../lib/outside-text.ts';
import { type DatedRate, upsertRates } from './rates.ts';

/**
 * The ECB's euro foreign exchange reference rates, fetched each day from the URL of the setting
 * economics.ecb_rates_url (the daily file, eurofxref-daily.xml, or the 90 days' one, which also
 * fills the days a fetch missed):
 *
 *   <gesmes:Envelope …><Cube><Cube time="2026-11-27"><Cube currency="USD" rate="1.0512"/>…
 *
 * Each rate is units of a currency per 1 euro; the exchange rates keep units of the base currency
 * per unit of a currency, so a day's rate of currency C is rate(base) ÷ rate(C), the euro's
 * rate(base). A day without the base currency gives nothing (its rates cannot be crossed).
 */

/** A fetch that takes longer has failed: the next day's run tries again. */
const ECB_TIMEOUT_MS = 30_000;
/** The whole history file is a few megabytes: anything far larger is not the ECB's. */
const ECB_MAX_CHARS = 32 * 1024 * 1024;
/** Rates written per statement. */
const WRITE_BATCH = 5000;

const EURO = 'EUR';

/** One day of the file: each currency's units per euro. */
export interface EcbDay {
  date: string;
  rates: Map<string, number>;
}

const attributesOf = (text: string) =>
  new Map(
    [...text.matchAll(/([A-Za-z]+)\s*=\s*(?:'([^']*)'|"([^"]*)")/g)].map((match) => [
      match[1]!,
      match[2] ?? match[3]!,
    ]),
  );

/**
 * The days of an ECB reference-rates file. Strict: only its Cube elements are read, and one
 * whose time, currency or rate is not what the ECB writes makes the whole file refused.
 */
export function parseEcbRates(xml: string): EcbDay[] {
  if (!/<gesmes:Envelope\b/.test(xml)) {
    throw new Error('The ECB rates URL did not answer the reference rates (no gesmes:Envelope)');
  }
  const days: EcbDay[] = [];
  let day: EcbDay | null = null;
  for (const [, attributes = ''] of xml.matchAll(/<Cube\b([^>]*)>/g)) {
    const cube = attributesOf(attributes);
    const time = cube.get('time');
    if (time !== undefined) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(time) || Number.isNaN(Date.parse(time))) {
        throw new Error(`The ECB rates name a day that is not a date: ${storableText(time)}`);
      }
      day = { date: time, rates: new Map() };
      days.push(day);
      continue;
    }
    const currency = cube.get('currency');
    const rate = cube.get('rate');
    if (currency === undefined && rate === undefined) continue;
    const value = Number(rate);
    if (
      day === null ||
      !/^[A-Z]{3}$/.test(currency ?? '') ||
      !/^\d+(\.\d+)?$/.test(rate ?? '') ||
      !(value > 0)
    ) {
      throw new Error(`The ECB rates hold a rate that cannot be read: <Cube${attributes}>`);
    }
    day.rates.set(currency!, value);
  }
  if (days.length === 0) throw new Error('The ECB rates hold no day');
  return days;
}

/** The days' rates into `base`: units of `base` per unit of each other currency. */
export function crossRates(days: readonly EcbDay[], base: string): DatedRate[] {
  return days.flatMap(({ date, rates }) => {
    const euros = base === EURO ? 1 : rates.get(base);
    if (euros === undefined) return [];
    const crossed = [...rates]
      .filter(([currency]) => currency !== base)
      .map(([currency, perEuro]) => ({ date, currency, rate: euros / perEuro }));
    return base === EURO ? crossed : [...crossed, { date, currency: EURO, rate: euros }];
  });
}

async function writeRates(db: Executor, rates: readonly DatedRate[]) {
  let written = 0;
  for (let start = 0; start < rates.length; start += WRITE_BATCH) {
    written += await upsertRates(db, rates.slice(start, start + WRITE_BATCH), 'ecb');
  }
  return written;
}

/**
 * The daily task: fetches the ECB's file when its URL is set and writes its rates (source `ecb`),
 * never over a rate set by hand for the same currency and day. Answers how many it wrote.
 */
export async function fetchEcbRates(context: TaskContext): Promise<number> {
  const setting = await readSettings(context.db, context.secrets, [ECONOMICS_SETTINGS.ecbRatesUrl]);
  const url = setting[ECONOMICS_SETTINGS.ecbRatesUrl]?.trim();
  if (!url) return 0;
  const response = await context.outbound.fetch(url, {
    headers: { accept: 'application/xml, text/xml' },
    signal: AbortSignal.timeout(ECB_TIMEOUT_MS),
  });
  const text = storableText(await response.text());
  if (!response.ok) throw new Error(`The ECB rates URL answered ${response.status}`);
  if (text.length > ECB_MAX_CHARS) throw new Error('The ECB rates URL answered too much');
  const base = await baseCurrency(context.db);
  const rates = crossRates(parseEcbRates(text), base);
  const written = await context.db.transaction((tx) => writeRates(tx, rates));
  context.log.info({ base, rates: rates.length, written }, 'ECB exchange rates fetched');
  return written;
}
