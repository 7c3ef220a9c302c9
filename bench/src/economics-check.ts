/**
 * The economics list's first page worked out in plain SQL from the bench's rows, each rule written
 * out again as the documentation states it (docs/economics.md), not through the server's
 * relations: the rate in force on each day (its own, or the last within the 7 days before),
 * hosting over its renewal periods, each instance's day shared by its instructions, the fleet's
 * shared costs by the day's views. The answers are checked against it, and its time is the floor.
 */
import { type SQL, sql } from 'drizzle-orm';

/** Every website's figures over `from`–`to`, the first `limit` by profit, with their days. */
export function plainPage(from: string, to: string, limit: number): SQL {
  const period = sql`BETWEEN ${from}::date AND ${to}::date`;
  const utc = (column: SQL) => sql`(${column} AT TIME ZONE 'UTC')::date`;
  return sql`
    WITH days AS (
      SELECT d::date AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') d),
    rates AS (
      SELECT c.currency, d.day,
             CASE WHEN c.currency = 'INR' THEN 1::numeric
                  ELSE (SELECT r.rate FROM exchange_rates r
                        WHERE r.currency = c.currency AND r.day <= d.day AND r.day > d.day - 7
                        ORDER BY r.day DESC LIMIT 1) END AS rate
      FROM (SELECT DISTINCT currency FROM exchange_rates UNION SELECT 'INR') c CROSS JOIN days d),
    earned AS (
      SELECT r.website_id, r.day, sum(r.amount * x.rate) AS amount
      FROM revenue r JOIN rates x ON x.currency = r.currency AND x.day = r.day
      WHERE r.day ${period} GROUP BY r.website_id, r.day),
    hosting AS (
      SELECT w.id AS website_id, g::date AS day, 'hosting' AS kind,
             w.cost::numeric / (p.ends - p.starts) AS amount
      FROM websites w
      CROSS JOIN LATERAL generate_series(-(1200 / (28 * w.duration)) - 1, 1) k
      CROSS JOIN LATERAL (
        SELECT (w.next_renewal_date + make_interval(months => k * w.duration))::date AS starts,
               (w.next_renewal_date + make_interval(months => (k + 1) * w.duration))::date AS ends) p
      CROSS JOIN LATERAL generate_series(greatest(p.starts, ${from}::date, ${utc(sql`w.created_at`)}),
                                         least(p.ends - 1, ${to}::date), interval '1 day') g
      WHERE w.next_renewal_date IS NOT NULL),
    instance_days AS (
      SELECT i.id, d.day,
             i.cost::numeric / ((date_trunc('month', d.day::timestamp) + interval '1 month')::date
                                - date_trunc('month', d.day::timestamp)::date) AS amount
      FROM instances i CROSS JOIN days d WHERE d.day >= ${utc(sql`i.created_at`)}),
    instructed AS (
      SELECT a.instance_id, a.website_id, ${utc(sql`a.created_at`)} AS day, count(*)::numeric AS n
      FROM agent_instructions a WHERE ${utc(sql`a.created_at`)} ${period}
      GROUP BY a.instance_id, a.website_id, ${utc(sql`a.created_at`)}),
    instance_costs AS (
      SELECT c.website_id, c.day, 'instances' AS kind,
             d.amount * c.n / sum(c.n) OVER (PARTITION BY c.instance_id, c.day) AS amount
      FROM instructed c JOIN instance_days d ON d.id = c.instance_id AND d.day = c.day),
    stored AS (
      SELECT c.website_id, c.day, c.kind, c.currency, c.amount * x.rate AS amount
      FROM costs c JOIN rates x ON x.currency = c.currency AND x.day = c.day
      WHERE c.day ${period}),
    shared AS (
      SELECT s.day, s.kind, sum(s.amount) AS amount FROM stored s
      WHERE s.website_id IS NULL GROUP BY s.day, s.kind, s.currency),
    viewed AS (
      SELECT t.website_id, t.day, t.views::numeric AS views,
             sum(t.views) OVER (PARTITION BY t.day) AS total
      FROM traffic_daily t WHERE t.source = 'beacon' AND t.views > 0 AND t.day ${period}),
    spent AS (
      SELECT website_id, day, kind, amount FROM hosting
      UNION ALL SELECT website_id, day, kind, amount FROM instance_costs
      UNION ALL SELECT website_id, day, kind, amount FROM stored WHERE website_id IS NOT NULL
      UNION ALL SELECT v.website_id, s.day, s.kind, s.amount * v.views / v.total
                FROM shared s JOIN viewed v ON v.day = s.day),
    kinds AS (
      SELECT website_id,
             round(coalesce(sum(amount) FILTER (WHERE kind = 'hosting'), 0), 2) AS hosting,
             round(coalesce(sum(amount) FILTER (WHERE kind = 'instances'), 0), 2) AS instances,
             round(coalesce(sum(amount) FILTER (WHERE kind = 'generation'), 0), 2) AS generation,
             round(coalesce(sum(amount) FILTER (WHERE kind = 'social'), 0), 2) AS social,
             round(coalesce(sum(amount) FILTER (WHERE kind = 'other'), 0), 2) AS other
      FROM spent GROUP BY website_id),
    revenues AS (
      SELECT website_id, round(sum(amount), 2) AS revenue FROM earned GROUP BY website_id),
    views AS (
      SELECT website_id, sum(views) AS views FROM traffic_daily
      WHERE source = 'beacon' AND day ${period} GROUP BY website_id),
    figures AS (
      SELECT w.id, w.name, w.url, w.cost AS renewal_cost, w.duration, w.next_renewal_date,
             coalesce(r.revenue, 0) AS revenue,
             coalesce(k.hosting, 0) AS hosting, coalesce(k.instances, 0) AS instances,
             coalesce(k.generation, 0) AS generation, coalesce(k.social, 0) AS social,
             coalesce(k.other, 0) AS other, coalesce(v.views, 0) AS views
      FROM websites w LEFT JOIN kinds k ON k.website_id = w.id
      LEFT JOIN revenues r ON r.website_id = w.id LEFT JOIN views v ON v.website_id = w.id),
    top AS (
      SELECT f.*, f.hosting + f.instances + f.generation + f.social + f.other AS cost
      FROM figures f
      ORDER BY f.revenue - (f.hosting + f.instances + f.generation + f.social + f.other) DESC,
               f.id DESC
      LIMIT ${limit}),
    top_spent AS (
      SELECT s.website_id, s.day, sum(s.amount) AS amount
      FROM spent s JOIN top t ON t.id = s.website_id GROUP BY s.website_id, s.day),
    daily AS (
      SELECT t.id, d.day, e.amount AS earned, c.amount AS spent
      FROM top t CROSS JOIN days d
      LEFT JOIN earned e ON e.website_id = t.id AND e.day = d.day
      LEFT JOIN top_spent c ON c.website_id = t.id AND c.day = d.day),
    recent AS (
      SELECT d.id, count(d.earned) AS earning_days,
             round(coalesce(sum(d.earned), 0), 2) - round(coalesce(sum(d.spent), 0), 2) AS profit
      FROM daily d WHERE d.day > ${to}::date - 90 GROUP BY d.id)
    SELECT t.id, t.name, t.url, t.revenue::float8 AS revenue, t.cost::float8 AS cost,
           json_build_object('hosting', t.hosting::float8, 'instances', t.instances::float8,
                             'generation', t.generation::float8, 'social', t.social::float8,
                             'other', t.other::float8) AS costs,
           (t.revenue - t.cost)::float8 AS profit,
           CASE WHEN t.revenue <> 0 THEN ((t.revenue - t.cost) / t.revenue)::float8 END AS margin,
           t.views::float8 AS views,
           CASE WHEN t.views > 0 THEN round(t.revenue * 1000 / t.views, 2)::float8 END AS rpm,
           to_char(t.next_renewal_date, 'YYYY-MM-DD') AS next_renewal_date,
           t.renewal_cost::float8 AS renewal_cost,
           CASE WHEN r.earning_days < 30 THEN 'no data'
                WHEN r.profit / 90 * ((coalesce(t.next_renewal_date, ${to}::date)
                                       + make_interval(months => t.duration))::date
                                      - coalesce(t.next_renewal_date, ${to}::date))
                     >= t.renewal_cost THEN 'renew'
                ELSE 'review' END AS renewal_advice,
           (SELECT array_agg((round(coalesce(d.earned, 0), 2)
                              - round(coalesce(d.spent, 0), 2))::float8 ORDER BY d.day)
            FROM daily d WHERE d.id = t.id) AS sparkline
    FROM top t JOIN recent r ON r.id = t.id
    ORDER BY t.revenue - t.cost DESC, t.id DESC`;
}
