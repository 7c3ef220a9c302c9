import { DAY_MS, ECONOMICS_SETTINGS } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, idArray } from './client.ts';
import { ratesOf } from './money.ts';
import type { Db } from './pools.ts';

/**
 * The cost ledger as days: hosting and instances worked out from the websites and instances as
 * they are now, the stored costs (generation, social, other) converted at their day's rate.
 * Nothing of it is stored, so that a changed cost, duration or renewal date applies to every day
 * at once; the economics figures key their cache on economics_version, which those changes raise.
 */

export interface CostPeriod {
  /** Both ends included, YYYY-MM-DD. */
  from: string;
  to: string;
}

export interface CostDaysOptions {
  /**
   * `fleet`: a cost that is no website's (a website-less `other` cost, an instance's day with no
   * instruction) is a row with website_id null, as the ledger shows it. `allocated`: each day's
   * such amounts (per kind and currency) are shared among the websites by their beacon views that
   * day (traffic_daily source 'beacon'), equally among the websites existing that day when none had
   * views; a day before any website existed keeps them at website_id null.
   */
  shared: 'fleet' | 'allocated';
  /** Only these websites' rows (an allocated share is still worked out among all of them). */
  websiteIds?: readonly number[];
}

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7));
/** A count the planner reads as a constant (a safe integer: it comes from validated dates). */
const literal = (count: number) => {
  if (!Number.isSafeInteger(count)) throw new Error(`Not a count: ${count}`);
  return sql.raw(String(Math.max(0, count)));
};

/** A timestamp's UTC day: the day a cost or a website's creation counts for. */
const utcDate = (column: SQL) => sql`(${column} AT TIME ZONE 'UTC')::date`;

/**
 * Every cost of the period as a SQL relation of rows to be summed (several may share a website,
 * day and kind: one per instance, one per stored cost), in the columns
 *   website_id int (null: the fleet's, see `shared`), day date, kind text (COST_KINDS),
 *   source text (the AI model, the network, `manual`, the instance's instance_id; null for hosting
 *     and for an allocated share),
 *   amount numeric (in `base`; null when a rate to convert it is missing — never 0),
 *   currency text (the amount's own currency: the one a missing rate is missing for),
 *   given numeric (in its own currency), note text.
 * Use it as `FROM (${costDays(...)}) c`, in a read made through `withoutJit`. Amounts are
 * unrounded: round what is answered.
 *
 * Hosting: a website's `cost` (base currency) over each renewal period of `duration` months; the
 * periods end at next_renewal_date and every `duration` months before and after it, and each day
 * of a period is cost ÷ its number of days, so that a period's days sum to the cost. None before
 * the website's created_at day, none without a next_renewal_date. Worked out per renewal period,
 * then its days, so that the division is made once per period.
 *
 * Instances: an instance's `cost` (base currency) per month (÷ the days of that calendar month)
 * or per day (setting economics.instance_cost_period), from its created_at day, shared among the
 * websites by the number of its agent_instructions created that UTC day for each.
 */
export function costDays(period: CostPeriod, base: string, options: CostDaysOptions): SQL {
  const from = sql`${period.from}::date`;
  const to = sql`${period.to}::date`;
  const ids = options.websiteIds;
  const only = (column: SQL) =>
    ids === undefined ? sql`true` : sql`${column} = ANY(${idArray(ids)})`;
  /** A date's months since year 0: how renewal periods are counted. */
  const months = (day: SQL) => sql`(extract(year FROM ${day}) * 12 + extract(month FROM ${day}))`;
  const renewal = (offset: SQL) =>
    sql`(w.next_renewal_date + make_interval(months => ${offset}))::date`;
  const stored = (where: SQL) => sql`
    SELECT c.website_id, c.day, c.kind, c.source, c.amount * r.rate AS amount,
           c.currency, c.amount::numeric AS given, c.note
    FROM costs c JOIN rates r ON r.currency = c.currency AND r.day = c.day
    WHERE c.day BETWEEN ${from} AND ${to} AND ${where}`;
  const rates = ratesOf(
    sql`SELECT DISTINCT currency, day FROM costs WHERE day BETWEEN ${from} AND ${to}`,
    base,
  );

  // The renewal periods and the instances' days come from series of constant length, which the
  // planner counts right: a lateral series of computed bounds is taken for 1,000 rows, and a
  // query estimated that large is compiled (JIT) for seconds before it runs, even on a handful of
  // rows (only a period's own days are left to such a series).
  const dayCount = literal(daysBetween(period.from, period.to) + 1);
  /** Renewal periods that may overlap the period: a duration is at least a month. */
  const periodCount = literal(monthsBetween(period.from, period.to) + 2);
  const renewalPeriods = sql`
    SELECT w.id AS website_id, p.starts, p.last, p.daily
    FROM websites w
    CROSS JOIN LATERAL (
      SELECT f.first, floor((${months(sql`f.first`)} - ${months(sql`w.next_renewal_date`)})
                            / w.duration)::int - 1 AS j
      FROM (SELECT greatest(${from}, ${utcDate(sql`w.created_at`)}) AS first) f) f
    CROSS JOIN generate_series(0, ${periodCount} - 1) k
    CROSS JOIN LATERAL (SELECT ${renewal(sql`(f.j + k) * w.duration`)} AS starts,
                               ${renewal(sql`(f.j + k + 1) * w.duration`)} AS ends) b
    CROSS JOIN LATERAL (SELECT greatest(b.starts, f.first) AS starts,
                               least(b.ends - 1, ${to}) AS last,
                               w.cost::numeric / (b.ends - b.starts) AS daily) p
    WHERE w.next_renewal_date IS NOT NULL AND w.duration > 0 AND w.cost <> 0
      AND b.starts <= ${to} AND b.ends > f.first AND ${only(sql`w.id`)}`;
  const hosting = sql`
    SELECT p.website_id, p.starts + g AS day, 'hosting'::text AS kind, NULL::text AS source,
           p.daily AS amount, ${base}::text AS currency, p.daily AS given, NULL::text AS note
    FROM renewal_periods p CROSS JOIN LATERAL generate_series(0, p.last - p.starts) g`;

  const instanceDays = sql`
    SELECT i.id, i.instance_id, d.day,
           CASE WHEN s.per_day THEN i.cost::numeric
                ELSE i.cost::numeric / ((date_trunc('month', d.day::timestamp)
                                         + interval '1 month')::date
                                        - date_trunc('month', d.day::timestamp)::date)
           END AS amount
    FROM instances i
    CROSS JOIN (SELECT ${from} + g AS day FROM generate_series(0, ${dayCount} - 1) g) d
    CROSS JOIN (SELECT coalesce((SELECT value FROM settings
                  WHERE full_path = ${ECONOMICS_SETTINGS.instanceCostPeriod}), 'month') = 'day'
                AS per_day) s
    WHERE i.cost <> 0 AND d.day >= ${utcDate(sql`i.created_at`)}`;
  const instructions = sql`
    SELECT a.instance_id, a.website_id, ${utcDate(sql`a.created_at`)} AS day,
           count(*)::numeric AS n
    FROM agent_instructions a
    WHERE a.created_at >= ${from}::timestamp AT TIME ZONE 'UTC'
      AND a.created_at < (${to} + 1)::timestamp AT TIME ZONE 'UTC'
    GROUP BY a.instance_id, a.website_id, ${utcDate(sql`a.created_at`)}`;
  // A worked day joins its instructions (few instance days, many instructions: hashed); a day
  // without any is the fleet's.
  const instanceRows = sql`
    SELECT r.website_id, d.day, 'instances'::text AS kind, d.instance_id AS source,
           d.amount * r.n / t.n AS amount, ${base}::text AS currency,
           d.amount * r.n / t.n AS given, NULL::text AS note
    FROM instructions r
    JOIN instance_days d ON d.id = r.instance_id AND d.day = r.day
    JOIN instruction_totals t ON t.instance_id = r.instance_id AND t.day = r.day
    UNION ALL
    SELECT NULL::int, d.day, 'instances'::text, d.instance_id, d.amount, ${base}::text, d.amount,
           NULL::text
    FROM instance_days d
    WHERE NOT EXISTS (SELECT 1 FROM instruction_totals t
                      WHERE t.instance_id = d.id AND t.day = d.day)`;

  /** The rows kept as they are: a fleet's row only when it is not shared out. */
  const kept = (column: SQL) =>
    options.shared === 'allocated' ? sql`${column} IS NOT NULL AND ${only(column)}` : only(column);
  const owned = sql`
    ${hosting}
    UNION ALL SELECT * FROM instance_rows i WHERE ${kept(sql`i.website_id`)}
    UNION ALL ${stored(kept(sql`c.website_id`))}`;
  const ctes = sql`rates AS MATERIALIZED (${rates}),
    renewal_periods AS MATERIALIZED (${renewalPeriods}), instance_days AS MATERIALIZED (${instanceDays}),
    instructions AS MATERIALIZED (${instructions}),
    instruction_totals AS MATERIALIZED (
      SELECT instance_id, day, sum(n) AS n FROM instructions GROUP BY instance_id, day),
    instance_rows AS (${instanceRows})`;
  if (options.shared === 'fleet') return sql`WITH ${ctes} ${owned}`;

  const existed = (day: SQL) => sql`${utcDate(sql`w.created_at`)} <= ${day}`;
  return sql`WITH ${ctes},
    shared AS (
      SELECT s.day, s.kind, s.currency, sum(s.given) AS given,
             CASE WHEN bool_and(s.amount IS NOT NULL) THEN sum(s.amount) END AS amount
      FROM (SELECT * FROM instance_rows WHERE website_id IS NULL
            UNION ALL ${stored(sql`c.website_id IS NULL`)}) s
      GROUP BY s.day, s.kind, s.currency),
    views AS MATERIALIZED (
      SELECT t.website_id, t.day, t.views::numeric AS views
      FROM traffic_daily t
      WHERE t.source = 'beacon' AND t.views > 0 AND t.day IN (SELECT day FROM shared)),
    day_views AS (SELECT day, sum(views) AS total FROM views GROUP BY day)
    ${owned}
    UNION ALL
    SELECT v.website_id, s.day, s.kind, NULL::text, s.amount * v.views / d.total, s.currency,
           s.given * v.views / d.total, NULL::text
    FROM shared s JOIN day_views d ON d.day = s.day JOIN views v ON v.day = s.day
    WHERE ${only(sql`v.website_id`)}
    UNION ALL
    SELECT w.id, s.day, s.kind, NULL::text, s.amount / e.n, s.currency, s.given / e.n, NULL::text
    FROM shared s
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM websites w WHERE ${existed(sql`s.day`)}) e
    JOIN websites w ON ${existed(sql`s.day`)}
    WHERE NOT EXISTS (SELECT 1 FROM day_views d WHERE d.day = s.day) AND ${only(sql`w.id`)}
    ${
      ids === undefined
        ? sql`UNION ALL
    SELECT NULL::int, s.day, s.kind, NULL::text, s.amount, s.currency, s.given, NULL::text
    FROM shared s
    WHERE NOT EXISTS (SELECT 1 FROM day_views d WHERE d.day = s.day)
      AND NOT EXISTS (SELECT 1 FROM websites w WHERE ${existed(sql`s.day`)})`
        : sql``
    }`;
}

/**
 * Runs `read` (of cost days) with JIT off, in a transaction of its own: a fleet's cost days are a
 * large query of many expressions, which PostgreSQL would otherwise compile for seconds before
 * running it in less (PGlite has no JIT and ignores the setting).
 */
export function withoutJit<T>(db: Db, read: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return read(tx);
  });
}
