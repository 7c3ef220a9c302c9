/**
 * The economics bench's data, generated directly in SQL: 1,000 websites over 730 days of revenue
 * (AdSense in USD, a network in EUR, affiliates in INR, a media sale in GBP; the ECB's EUR rates
 * on weekdays only, so that a weekend reads Friday's), stored costs (each website's generation
 * and social posts in USD, its monthly other cost in INR, the fleet's shared costs in INR and
 * EUR), beacon views, and ten instances with their agents' instructions. Brought back to the same
 * state on every run. Apart from `economics.ts` so each file stays within the project's 400 lines.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../apps/server/src/db/client.ts';
import { count, step } from './channels-seed.ts';

export const WEBSITES = 1000;
export const DAYS = 730;
const INSTANCES = 10;
/** Every bench website's address ends so: a database with other websites is not the bench's. */
const HOST = 'economics.bench.example';

/** A day's number in the bench's arithmetic: its day of the year. */
const doy = (day: SQL) => sql`extract(doy FROM ${day})::int`;

async function seedWebsites(db: Db, to: string) {
  const [foreign] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM websites WHERE url NOT LIKE ${`%.${HOST}`}`,
  );
  if (foreign!.n > 0)
    throw new Error('The database holds websites of its own: the bench needs one of its own.');
  // Renewals from 1 to 24 months, due within 400 days; one in 50 without a renewal date (no
  // hosting), one in 40 created 200 days ago (no cost before).
  await db.execute(sql`
    INSERT INTO websites (id, name, url, status, hosting, cost, duration, next_renewal_date,
                          webhook_secret, created_at)
    SELECT g, 'Website ' || g, 'https://site' || g || '.' || ${HOST}, 1, 'Bench',
           300 + (g * 37) % 900 + (g % 100) / 100.0, (ARRAY[1, 3, 6, 12, 24])[1 + g % 5],
           CASE WHEN g % 50 <> 0 THEN ${to}::date + (g * 7) % 400 END, md5('secret' || g),
           (${to}::date - CASE WHEN g % 40 = 1 THEN 200 ELSE 1100 END)::timestamp AT TIME ZONE 'UTC'
    FROM generate_series(1, ${WEBSITES}) g
    ON CONFLICT (id) DO UPDATE SET cost = EXCLUDED.cost, duration = EXCLUDED.duration,
      next_renewal_date = EXCLUDED.next_renewal_date, created_at = EXCLUDED.created_at`);
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('websites', 'id'), (SELECT max(id) FROM websites))`,
  );
}

/** The period's days (and the week before, for the rates), as SQL's generate_series. */
const daysOf = (from: string, to: string, before = 0) =>
  sql`generate_series(${from}::date - ${before}::int, ${to}::date, interval '1 day')`;

async function seedRates(db: Db, from: string, to: string) {
  await db.execute(sql`
    INSERT INTO exchange_rates (currency, day, rate, source)
    SELECT c.currency, d::date, c.base + ((${doy(sql`d`)} * c.step) % 1000) / 10000.0, 'manual'
    FROM (VALUES ('USD', 83.0, 7), ('EUR', 90.0, 11), ('GBP', 105.0, 13)) c(currency, base, step),
         ${daysOf(from, to, 10)} d
    WHERE c.currency <> 'EUR' OR extract(isodow FROM d) < 6`);
}

async function seedRevenue(db: Db, from: string, to: string) {
  // AdSense every day (one website in nine earning little: its losses), a network in EUR on two
  // websites in three, affiliates in INR one day in seven on one in five, a media sale in GBP.
  await db.execute(sql`
    INSERT INTO revenue (website_id, day, source, amount, currency)
    SELECT w.id, d::date, s.source,
           CASE s.source
             WHEN 'adsense' THEN ((w.id * 131 + ${doy(sql`d`)} * 17) % 10007) / 1000.0
                                 * CASE WHEN w.id % 9 = 0 THEN 0.01 ELSE 1 END
             WHEN 'ezoic' THEN ((w.id * 71 + ${doy(sql`d`)} * 29) % 3001) / 1000.0
             WHEN 'affiliate' THEN 100 + (w.id * 13 + ${doy(sql`d`)}) % 900 / 7.0
             ELSE 25.125 END::numeric(18, 6),
           s.currency
    FROM websites w CROSS JOIN ${daysOf(from, to)} d
    JOIN (VALUES ('adsense', 'USD'), ('ezoic', 'EUR'), ('affiliate', 'INR'), ('media', 'GBP'))
      s(source, currency)
      ON s.source = 'adsense' OR (s.source = 'ezoic' AND w.id % 3 <> 0)
      OR (s.source = 'affiliate' AND w.id % 5 = 0 AND ${doy(sql`d`)} % 7 = 0)
      OR (s.source = 'media' AND w.id % 7 = 0 AND extract(day FROM d) = 15)
    WHERE w.url LIKE ${`%.${HOST}`}`);
}

async function seedCosts(db: Db, from: string, to: string) {
  await db.execute(sql`
    INSERT INTO costs (website_id, day, kind, source, amount, currency, input_tokens, output_tokens)
    SELECT w.id, d::date, 'generation', 'bench-model',
           (((w.id * 7 + ${doy(sql`d`)} * 3) % 900) / 1000.0 + 0.05)::numeric(18, 6), 'USD', 1000, 500
    FROM websites w CROSS JOIN ${daysOf(from, to)} d WHERE w.url LIKE ${`%.${HOST}`}`);
  await db.execute(sql`
    INSERT INTO costs (website_id, day, kind, source, amount, currency)
    SELECT w.id, d::date, 'social', 'twitter', CASE WHEN w.id % 4 = 0 THEN 0.2 ELSE 0.015 END, 'USD'
    FROM websites w CROSS JOIN ${daysOf(from, to)} d
    WHERE w.url LIKE ${`%.${HOST}`} AND (w.id + ${doy(sql`d`)}) % 2 = 0`);
  // Each website's monthly tool on the 1st; the fleet's shared server on the 1st (INR) and its
  // CDN on the 15th (EUR), shared by the day's views.
  await db.execute(sql`
    INSERT INTO costs (website_id, day, kind, source, amount, currency, note)
    SELECT w.id, d::date, 'other', 'manual', 150 + w.id % 50 + 0.333, 'INR', 'Tool'
    FROM websites w CROSS JOIN ${daysOf(from, to)} d
    WHERE w.url LIKE ${`%.${HOST}`} AND extract(day FROM d) = 1
    UNION ALL
    SELECT NULL, d::date, 'other', 'manual',
           CASE WHEN extract(day FROM d) = 1 THEN 25000.77 ELSE 99.99 END,
           CASE WHEN extract(day FROM d) = 1 THEN 'INR' ELSE 'EUR' END, 'Shared'
    FROM ${daysOf(from, to)} d WHERE extract(day FROM d) IN (1, 15)`);
}

/** Ten instances, each instructing five of its hundred websites every day (one in three twice). */
async function seedInstances(db: Db, from: string, to: string) {
  await db.execute(sql`DELETE FROM instances WHERE instance_id LIKE 'bench-econ-%'`);
  await db.execute(sql`
    INSERT INTO instances (instance_id, ip_address, current_state, gap, region, type, cost, created_at)
    SELECT 'bench-econ-' || i, '10.0.0.' || i, 'running', '02:00', 'bench', 'small',
           2500 + i * 100 + 0.5, '2020-01-01T00:00:00Z'
    FROM generate_series(0, ${INSTANCES - 1}) i`);
  await db.execute(sql`
    INSERT INTO agent_instructions (instance_id, website_id, generate, prompt, "limit", status,
                                    created_at)
    SELECT n.id, w, 'posts', 'Write', 1, 'reported',
           (d::date + make_interval(hours => 1 + w % 20, mins => r)) AT TIME ZONE 'UTC'
    FROM instances n
    CROSS JOIN ${daysOf(from, to)} d
    CROSS JOIN LATERAL (SELECT substring(n.instance_id FROM 12)::int AS i) k
    CROSS JOIN generate_series(1, ${WEBSITES}) w
    CROSS JOIN generate_series(0, 1) r
    WHERE n.instance_id LIKE 'bench-econ-%' AND w % ${INSTANCES} = k.i
      AND (w / ${INSTANCES} + ${doy(sql`d`)}) % 20 = 0 AND (r = 0 OR w % 3 = 0)`);
}

async function seedViews(db: Db, from: string, to: string) {
  // One website in 25 has no views: no RPM.
  await db.execute(sql`
    INSERT INTO traffic_daily (website_id, source, day, views, visitors)
    SELECT w.id, 'beacon', d::date, 100 + (w.id * 37 + ${doy(sql`d`)} * 11) % 2000, 50
    FROM websites w CROSS JOIN ${daysOf(from, to)} d
    WHERE w.url LIKE ${`%.${HOST}`} AND w.id % 25 <> 0`);
}

/** Brings the bench's data back to its seeded state over the period `from`–`to`. */
export async function seedEconomics(db: Db, from: string, to: string) {
  await seedWebsites(db, to);
  await db.execute(sql`TRUNCATE revenue, costs, exchange_rates, traffic_daily, agent_instructions`);
  await seedRates(db, from, to);
  await seedRevenue(db, from, to);
  await seedCosts(db, from, to);
  await seedInstances(db, from, to);
  await seedViews(db, from, to);
  await db.execute(sql`ANALYZE`);
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`SELECT (SELECT count(*)::int FROM revenue) AS revenue, (SELECT count(*)::int FROM costs) AS costs,
               (SELECT count(*)::int FROM agent_instructions) AS instructions,
               (SELECT count(*)::int FROM traffic_daily) AS views`,
  );
  step(
    `${count(WEBSITES)} websites × ${DAYS} days: ${count(row!.revenue!)} revenue rows, ${count(row!.costs!)} stored costs, ${count(row!.instructions!)} instructions, ${count(row!.views!)} daily views`,
  );
}
