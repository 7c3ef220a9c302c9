import { type SQL, sql } from 'drizzle-orm';
import { type Executor, idArray, preparedRows, queryRows, writtenOut } from '../db/client.ts';

/**
 * A list's rows: what selects them over a page's ids, written out once per statement shape, and
 * the page read with them in one statement.
 */

/**
 * Selects the answer's rows whose id is in `ids`, an int[] expression, in any order. One function
 * writes one statement: its rows over a page are written out once (pageRowsOf).
 */
export type RowsOf = (ids: SQL) => SQL;

/**
 * The RowsOf of each set of options, made once, so that each is written out once. `keyOf` must
 * tell apart every two sets whose rows differ (no website and every website, say).
 */
export function rowsByOptions<O>(make: (options: O) => RowsOf, keyOf: (options: O) => string) {
  const made = new Map<string, RowsOf>();
  return (options: O): RowsOf => {
    const key = keyOf(options);
    let rowsOf = made.get(key);
    if (!rowsOf) {
      // Options come from a bounded set (the API tokens' website scopes): a bound all the same.
      if (made.size >= 100) made.clear();
      rowsOf = make(options);
      made.set(key, rowsOf);
    }
    return rowsOf;
  };
}

const writtenPageRows = new WeakMap<RowsOf, SQL>();
/** `rowsOf` over the ids of the page (`page.ids`), written out once per RowsOf (writtenOut). */
export function pageRowsOf(rowsOf: RowsOf): SQL {
  let rows = writtenPageRows.get(rowsOf);
  if (!rows) {
    rows = writtenOut(rowsOf(sql`page.ids`));
    writtenPageRows.set(rowsOf, rows);
  }
  return rows;
}

/** A page of the ids given, in their order, without a counted total. */
export const givenPage = (ids: readonly number[]) =>
  sql`SELECT ${idArray(ids)} AS ids, NULL::int AS total`;

/**
 * The statement of a page and its rows (`page`: one row, the page's `ids` in order and the
 * counted `total`, or null): prepared, both are one statement, a round trip less per request.
 */
export const pageRowsStatement = (page: SQL, rowsOf: RowsOf) =>
  sql`WITH page AS MATERIALIZED (${page})
      SELECT page.total AS page_total, found.*
      FROM page LEFT JOIN LATERAL (${pageRowsOf(rowsOf)}) found ON TRUE
      ORDER BY array_position(page.ids, found.id)`;

/**
 * The page of pageRowsStatement's rows: they come in the page's order, so their ids are the
 * page's (the array is not sent back). The rows keep their `page_total`: an answer is written
 * from its schema's fields, and copying each row without it went through V8's slow generic copy
 * of every field (9 µs of the 55 the posts list's own code took a request, in a profile).
 */
export function pageOfRows<R extends { id: number }>(
  rows: readonly (R & { page_total: number | null })[],
): { ids: number[]; counted: number | undefined; records: R[] } {
  const records: R[] = rows.filter((row) => row.id !== null);
  return {
    ids: records.map((record) => record.id),
    counted: rows[0]?.page_total ?? undefined,
    records,
  };
}

/**
 * Runs `page` and selects the rows of its ids (pageRowsStatement). A page planned each time is
 * read first, so that the rows' statement, whose plan suits any page, stays prepared.
 */
export async function pageWithRows<R extends { id: number }>(
  db: Executor,
  page: SQL,
  rowsOf: RowsOf,
  { planEachTime = false } = {},
): Promise<{ ids: number[]; counted: number | undefined; records: R[] }> {
  if (planEachTime) {
    const [found] = await queryRows<{ ids: number[]; total: number | null }>(db, page);
    const ids = found?.ids ?? [];
    const records =
      ids.length > 0
        ? await preparedRows<R>(
            db,
            sql`WITH page AS MATERIALIZED (${givenPage(ids)})
                SELECT found.* FROM page CROSS JOIN LATERAL (${pageRowsOf(rowsOf)}) found`,
          )
        : [];
    return { ids, counted: found?.total ?? undefined, records };
  }
  return pageOfRows(
    await preparedRows<R & { page_total: number | null }>(db, pageRowsStatement(page, rowsOf)),
  );
}
