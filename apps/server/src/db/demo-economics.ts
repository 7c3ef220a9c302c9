import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * The demo's money, so that the dashboard's portfolio and a website's Money tab have figures: the
 * last 120 days (the renewal advice weighs 90) of AdSense revenue in dollars with the dollar's
 * daily rate into the base rupee, an affiliate's rupees for a newer website, and a few costs added
 * by hand, one shared by the fleet. Each amount follows from its day alone: the same days give the
 * same figures.
 */

const DAYS = 120;

/** The window's days, oldest first, with their distance from today (0 today) and weekday. */
const WINDOW = sql`
  window_days AS (
    SELECT d::date AS day, ((now() AT TIME ZONE 'UTC')::date - d::date) AS ago,
           extract(isodow FROM d) >= 6 AS weekend
    FROM generate_series((now() AT TIME ZONE 'UTC')::date - ${DAYS - 1}::int,
                         (now() AT TIME ZONE 'UTC')::date, interval '1 day') d)`;

/**
 * `websiteIds`: the demo's websites in its order (Daily Recipes, Travel Notes, Gadget Reviews,
 * Garden Weekly, Finance Basics).
 */
export async function seedDemoEconomics(tx: Db, websiteIds: readonly number[]) {
  const [recipes, travel, gadgets, , finance] = websiteIds;
  // Units of the rupee per dollar, a few paise apart from day to day.
  await tx.execute(sql`
    WITH ${WINDOW}
    INSERT INTO exchange_rates (currency, day, rate, source)
    SELECT 'USD', day, 83 + (extract(doy FROM day)::int % 20) / 100.0, 'manual' FROM window_days`);
  // AdSense in dollars: Daily Recipes earns well, Travel Notes a little, Finance Basics (three
  // days old) has begun; weekends earn less. Its counts follow the earnings.
  await tx.execute(sql`
    WITH ${WINDOW},
    sites(website_id, weekday, weekend, since) AS (
      VALUES (${recipes}::int, 11.40, 8.20, ${DAYS}), (${travel}::int, 2.10, 1.60, ${DAYS}),
             (${finance}::int, 3.30, 2.70, 3))
    INSERT INTO revenue (website_id, day, source, amount, currency, page_views, impressions, clicks)
    SELECT s.website_id, w.day, 'adsense',
           CASE WHEN w.weekend THEN s.weekend ELSE s.weekday END + (w.ago % 7) / 10.0, 'USD',
           ((CASE WHEN w.weekend THEN s.weekend ELSE s.weekday END) * 120)::int,
           ((CASE WHEN w.weekend THEN s.weekend ELSE s.weekday END) * 300)::int,
           ((CASE WHEN w.weekend THEN s.weekend ELSE s.weekday END) * 2)::int
    FROM sites s JOIN window_days w ON w.ago < s.since`);
  // An affiliate's commissions in rupees, every third day of the last twenty: too few days for
  // advice on its renewal.
  await tx.execute(sql`
    WITH ${WINDOW}
    INSERT INTO revenue (website_id, day, source, amount, currency)
    SELECT ${gadgets}::int, day, 'affiliate', 450 + ago * 5, 'INR'
    FROM window_days WHERE ago < 20 AND ago % 3 = 0`);
  // Costs added by hand: Travel Notes' commissioned photos (a loss this month), Daily Recipes'
  // photography, and the fleet's monitoring service, shared by views.
  await tx.execute(sql`
    WITH ${WINDOW},
    added(website_id, ago, amount, note) AS (
      VALUES (${travel}::int, 12, 18000, 'Commissioned travel photos'),
             (${recipes}::int, 20, 2500, 'Recipe photography'),
             (NULL::int, 95, 1200, 'Uptime monitoring, monthly'),
             (NULL::int, 65, 1200, 'Uptime monitoring, monthly'),
             (NULL::int, 35, 1200, 'Uptime monitoring, monthly'),
             (NULL::int, 5, 1200, 'Uptime monitoring, monthly'))
    INSERT INTO costs (website_id, day, kind, source, amount, currency, note)
    SELECT a.website_id, w.day, 'other', 'manual', a.amount, 'INR', a.note
    FROM added a JOIN window_days w ON w.ago = a.ago`);
}
