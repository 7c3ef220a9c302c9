import { EXACT_COUNT_LIMIT } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../db/client.ts';

/**
 * A big list's total past EXACT_COUNT_LIMIT is an estimate, kept for a while per list and filters,
 * and the lists lately found that big are remembered, so that their first pages skip the count.
 */

/** How long a list's estimated total is reused before it is estimated again. */
const ESTIMATE_TTL_MS = 30_000;
const ESTIMATE_CACHE_SIZE = 1000;
/**
 * The caches below hold a database's lists: one process may open several databases (the server
 * suites start a server per test file in one process), and a list's size is its database's.
 */
function cacheOf<V>(caches: WeakMap<object, Map<string, V>>, db: object): Map<string, V> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}
const estimateCaches = new WeakMap<object, Map<string, { total: number; expires: number }>>();

/**
 * A list counted in a sample of its table, where the planner's estimate is poor: that of a term
 * found inside words comes from the column's statistics, which a sample of a big table can miss by
 * half or more (and which know nothing of rows loaded since the last ANALYZE); counting the rows
 * that match in a sample of the table as it is now does not.
 */
export interface SampledList {
  /** The table the list's rows are (its size sets the sample's share), named `alias` in `where`. */
  table: string;
  alias: string;
  where: SQL;
}

/** A list of `table`'s rows that meet `where`, sampled for its estimate when a term finds them. */
export const sampledWhenSearched = (
  query: { query: string },
  list: SampledList,
): { sampled?: SampledList } => (query.query === '' ? {} : { sampled: list });

/**
 * How many rows a sampled estimate reads: a term in 0.1% of a big table's rows is seen some 20
 * times, a sampling error of about a fifth. A smaller table is read whole, and counted.
 */
const SAMPLED_ROWS = 20_000;

/**
 * The table's rows now, as the planner reckons them: the rows per page of its last statistics
 * times its pages today (a table loaded since is not taken for its old size); 0 for a table never
 * analyzed, which is then read whole.
 */
async function tableRows(db: Executor, table: string) {
  const [row] = await queryRows<{ rows: number | null }>(
    db,
    sql`SELECT CASE WHEN relpages > 0 AND reltuples > 0 THEN reltuples / relpages END
                 * (pg_relation_size(oid) / current_setting('block_size')::int) AS rows
        FROM pg_class WHERE oid = ${table}::regclass`,
  );
  return row?.rows ?? 0;
}

/**
 * The list's rows counted in a sample of about SAMPLED_ROWS rows of its table, scaled to the
 * whole. The same sample every time (REPEATABLE): the total does not move from one estimate to
 * the next, nor between processes, while the rows stay the same.
 */
async function sampledRows(db: Executor, sampled: SampledList) {
  const share = Math.min(
    100,
    (SAMPLED_ROWS * 100) / Math.max(await tableRows(db, sampled.table), 1),
  );
  const [row] = await queryRows<{ found: number }>(
    db,
    sql`SELECT count(*)::int AS found
        FROM ${sql.identifier(sampled.table)} ${sql.identifier(sampled.alias)}
          TABLESAMPLE SYSTEM (${share}) REPEATABLE (1)
        WHERE ${sampled.where}`,
  );
  return ((row?.found ?? 0) * 100) / share;
}

/** The planner's estimate, from the table statistics, of how many rows `SELECT 1 ${fromWhere}` has. */
async function plannedRows(db: Executor, fromWhere: SQL) {
  const [plan] = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`,
  );
  return plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
}

/**
 * An estimate of how many rows the list has: counted in a sample for a list that gives one
 * (`sampled`), else the planner's. Kept for a while under `cacheKey`: an estimate need not be made
 * on every page.
 */
export async function estimatedRows(
  db: Executor,
  list: { fromWhere: SQL; cacheKey: string; sampled?: SampledList },
) {
  const estimates = cacheOf(estimateCaches, db);
  const cached = estimates.get(list.cacheKey);
  if (cached && cached.expires > Date.now()) return cached.total;
  const rows = list.sampled
    ? await sampledRows(db, list.sampled)
    : await plannedRows(db, list.fromWhere);
  const total = Math.max(Math.round(rows), EXACT_COUNT_LIMIT + 1);
  if (estimates.size >= ESTIMATE_CACHE_SIZE) estimates.clear();
  estimates.set(list.cacheKey, { total, expires: Date.now() + ESTIMATE_TTL_MS });
  return total;
}

/**
 * Lists lately counted past EXACT_COUNT_LIMIT, until when: their first pages skip the count and
 * answer the estimate, as deep pages do. A found list (a common search term) gains the most: it
 * would number its first EXACT_COUNT_LIMIT + 1 rows on every request, where its page alone stops
 * after one page along the list's order. A list that shrinks meanwhile is counted again once the
 * entry expires; until then its total stays flagged as an estimate.
 */
const largeListCaches = new WeakMap<object, Map<string, number>>();

export function rememberLarge(db: Db, cacheKey: string) {
  const largeLists = cacheOf(largeListCaches, db);
  if (largeLists.size >= ESTIMATE_CACHE_SIZE) largeLists.clear();
  largeLists.set(cacheKey, Date.now() + ESTIMATE_TTL_MS);
}

export const knownLarge = (db: Db, cacheKey: string) =>
  (cacheOf(largeListCaches, db).get(cacheKey) ?? 0) > Date.now();
