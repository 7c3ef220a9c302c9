import { CATEGORY_FORM_LIST_MAX, type CategoryRow, RELATED_LIST_LIMIT } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { variantInScope } from '../../content/filters.ts';
import { reviewItems } from '../../content/review/stages.ts';
import { type RowsOf, rowsByOptions } from '../../lists/rows.ts';

/** A row as the categories' row statements select it: its id and the answer's row. */
export type CategoryJsonRow = { id: number; json: CategoryRow };

/** The lists a row carries, by their number in the related rows below (SQL constants). */
const LISTS = {
  websites: sql.raw('1'),
  parents: sql.raw('2'),
  grandParents: sql.raw('3'),
  childrens: sql.raw('4'),
  own_childrens: sql.raw('5'),
  stages: sql.raw('6'),
  assignees: sql.raw('7'),
};

/** `{"id":…,"name":…}` of the row `table`, as row_to_json writes it. */
const nameItem = (table: string) => {
  const row = sql.identifier(table);
  return sql`'{"id":' || ${row}.id || ',"name":' || to_json(${row}.name) || '}'`;
};

/**
 * The related rows of the page's categories, each as its category (`owner`), its list, its sort
 * keys (`name`, `a`, `b`) and its JSON `item`: websites, parents, grand parents (parents'
 * parents, once each), sub-categories, sub-categories created under it, and the review columns.
 * The page's variants (`v`) and parent links (`cp`) are read once, for several lists. Each
 * variant looks its website up by id (OFFSET 0 keeps the lookup apart): planned for any page, the
 * join would otherwise hash every website, a scan of pages that deliveries keep rewriting.
 */
const relatedRows = (ids: SQL) => sql`
  SELECT v.owner, ${LISTS.websites} AS list, w.name, w.id AS a, 0 AS b, ${nameItem('w')} AS item
  FROM v CROSS JOIN LATERAL (SELECT w.id, w.name FROM websites w WHERE w.id = v.website_id
                             OFFSET 0) w
  UNION ALL
  SELECT cp.owner, ${LISTS.parents}, p.name, p.id, 0, ${nameItem('p')}
  FROM cp JOIN categories p ON p.id = cp.parent_id
  UNION ALL
  SELECT g.owner, ${LISTS.grandParents}, g.name, g.id, 0, ${nameItem('g')}
  FROM (SELECT DISTINCT cp.owner, g.id, g.name FROM cp
        JOIN category_parents gp ON gp.category_id = cp.parent_id
        JOIN categories g ON g.id = gp.parent_id) g
  UNION ALL
  SELECT cp.parent_id, ${LISTS.childrens}, ch.name, ch.id, 0, ${nameItem('ch')}
  FROM category_parents cp JOIN categories ch ON ch.id = cp.category_id
  WHERE cp.parent_id = ANY(${ids})
  UNION ALL
  SELECT own.created_under_id, ${LISTS.own_childrens}, own.name, own.id, 0, ${nameItem('own')}
  FROM categories own WHERE own.created_under_id = ANY(${ids})
  UNION ALL
  ${reviewItems(sql`v`, LISTS.stages, LISTS.assignees)}`;

/**
 * The categories of `ids` (an int[] expression), each as its `id` and its `json`: the answer's row
 * (categoryRowSchema's fields in its order, the date as toISOString writes it) with its posts
 * count and related names. A list row carries RELATED_LIST_LIMIT names per list; a single category
 * (`complete`) carries every website and parent, as its edit form saves them.
 *
 * The related rows of all the categories are read in one pass each (not once per category) and
 * sorted once, by category then by each list's order; each category's lists are then gathered in
 * that order: an aggregate without ORDER BY takes its rows as the sorted subquery yields them,
 * where one with ORDER BY would sort every category's every list again.
 */
export const categoryRows = rowsByOptions(
  ({
    complete = false,
    scope,
  }: {
    complete?: boolean;
    /** An API token's websites: the row's websites and review columns are of those only. */
    scope?: readonly number[] | null;
  }): RowsOf =>
    (ids) => {
      const formLimit = complete ? CATEGORY_FORM_LIST_MAX : RELATED_LIST_LIMIT;
      const names = (list: SQL, limit: number) =>
        sql`array_to_string((array_agg(item) FILTER (WHERE list = ${list}))[:${sql.raw(String(limit))}], ',')`;
      const array = (column: string) =>
        sql`('[' || COALESCE(l.${sql.identifier(column)}, '') || ']')::json`;
      const isoDate = (value: SQL) =>
        sql`to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
      return sql`
      WITH v AS MATERIALIZED (
             SELECT category_id AS owner, website_id, stage_id, assignee_id, publish_at
             FROM category_variants v WHERE category_id = ANY(${ids})${variantInScope(scope)}),
           cp AS MATERIALIZED (
             SELECT category_id AS owner, parent_id FROM category_parents
             WHERE category_id = ANY(${ids}))
      SELECT c.id, row_to_json(r) AS json
      FROM categories c
      LEFT JOIN (
        SELECT owner,
               ${names(LISTS.websites, formLimit)} AS websites,
               ${names(LISTS.parents, formLimit)} AS parents,
               ${names(LISTS.grandParents, RELATED_LIST_LIMIT)} AS grand_parents,
               ${names(LISTS.childrens, RELATED_LIST_LIMIT)} AS childrens,
               ${names(LISTS.own_childrens, RELATED_LIST_LIMIT)} AS own_childrens,
               string_agg(item, ',') FILTER (WHERE list = ${LISTS.stages}) AS stages,
               string_agg(item, ',') FILTER (WHERE list = ${LISTS.assignees}) AS assignees
        FROM (SELECT owner, list, item FROM (${relatedRows(ids)}) related
              ORDER BY owner, name, a, b) sorted
        GROUP BY owner) l ON l.owner = c.id
      LEFT JOIN (SELECT category_id, count(*)::int AS total FROM posts
                 WHERE category_id = ANY(${ids}) GROUP BY category_id) pc
        ON pc.category_id = c.id
      LEFT JOIN (SELECT owner, min(publish_at) AS publish_at FROM v GROUP BY owner) np
        ON np.owner = c.id
      CROSS JOIN LATERAL (
        SELECT c.id, c.name, c.slug, c.description, c.type, c.keywords, c.status,
               c.is_approved, c.synced, c.auto_google_sync,
               COALESCE(pc.total, 0) AS posts_count, c.views, c.ga4_views,
               ${array('websites')} AS websites,
               ${array('parents')} AS parents,
               ${array('grand_parents')} AS "grandParents",
               ${array('childrens')} AS childrens,
               ${array('own_childrens')} AS own_childrens,
               ${isoDate(sql`c.created_at`)} AS created_at,
               ${isoDate(sql`np.publish_at`)} AS next_publish_at,
               ${array('stages')} AS stages,
               ${array('assignees')} AS assignees
      ) r
      WHERE c.id = ANY(${ids})`;
    },
  ({ complete = false, scope }) => JSON.stringify([complete, scope ?? null]),
);
