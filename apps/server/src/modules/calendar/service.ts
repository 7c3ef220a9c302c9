import {
  CALENDAR_MAX_ITEMS,
  type CalendarAnswer,
  type CalendarItem,
  type CalendarQuery,
  type FromWireVariant,
  toWireVariant,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { CATEGORY_KIND, type ContentKind, POST_KIND } from '../../content/kinds.ts';
import { type Db, idArray, queryRows } from '../../db/client.ts';
import { isoText } from '../../lists/page.ts';

/**
 * The calendar: the variants scheduled in a range (their `publish_at`), and what was published to
 * the websites or failed there (each publish job's latest website attempt), oldest first.
 */

type CalendarRow = Omit<FromWireVariant<CalendarItem>, 'at'> & { at: Date | string };

/** The query's website, and an API token's websites: conditions on `column`, a website id. */
type WebsiteFilter = (column: SQL) => SQL;

function websiteFilter(query: CalendarQuery, scope: readonly number[] | null): WebsiteFilter {
  return (column) =>
    sql.join([
      query.website_id === undefined ? sql`` : sql` AND ${column} = ${query.website_id}`,
      scope ? sql` AND ${column} = ANY (${idArray(scope)})` : sql``,
    ]);
}

/** The scheduled variants of one kind in the range. */
function scheduledOf(kind: ContentKind, query: CalendarQuery, website: WebsiteFilter): SQL {
  return sql`SELECT v.publish_at AS at, ${kind.kind}::text AS kind,
                    v.${sql.identifier(kind.owner)} AS record_id,
                    r.${sql.identifier(kind.nameColumn)} AS title, v.id AS variant_id,
                    v.website_id, w.name AS website_name, 'scheduled'::text AS state
             FROM ${sql.identifier(kind.variants)} v
             JOIN ${sql.identifier(kind.records)} r ON r.id = v.${sql.identifier(kind.owner)}
             JOIN websites w ON w.id = v.website_id
             WHERE v.publish_at >= ${query.from}::timestamptz
               AND v.publish_at < ${query.to}::timestamptz ${website(sql`v.website_id`)}`;
}

/** The website deliveries of one kind in the range: each job's latest attempt. */
function deliveredOf(kind: ContentKind, query: CalendarQuery, website: WebsiteFilter): SQL {
  const outcome =
    query.state === 'published'
      ? sql`AND a.outcome = 'delivered'`
      : query.state === 'failed'
        ? sql`AND a.outcome = 'failed'`
        : sql``;
  return sql`SELECT a.created_at AS at, ${kind.kind}::text AS kind,
                    v.${sql.identifier(kind.owner)} AS record_id,
                    r.${sql.identifier(kind.nameColumn)} AS title, v.id AS variant_id,
                    a.website_id, w.name AS website_name,
                    CASE a.outcome WHEN 'delivered' THEN 'published' ELSE 'failed' END AS state
             FROM (SELECT DISTINCT ON (a.job_id) a.*
                   FROM delivery_attempts a
                   WHERE a.kind = ${kind.kind} AND a.target = 'website'
                     AND a.created_at >= ${query.from}::timestamptz
                     AND a.created_at < ${query.to}::timestamptz
                     ${website(sql`a.website_id`)}
                   ORDER BY a.job_id, a.id DESC) a
             JOIN ${sql.identifier(kind.variants)} v ON v.id = a.variant_id
             JOIN ${sql.identifier(kind.records)} r ON r.id = v.${sql.identifier(kind.owner)}
             JOIN websites w ON w.id = a.website_id
             WHERE true ${outcome}`;
}

/**
 * What the calendar shows in the range, for the kinds the caller may list; with `scope` (an API
 * token's websites), of those websites only.
 */
export async function calendarItems(
  db: Db,
  query: CalendarQuery,
  allowedKinds: readonly ('category' | 'post')[],
  scope: readonly number[] | null,
): Promise<CalendarAnswer> {
  const kinds = [CATEGORY_KIND, POST_KIND].filter(
    (kind) => allowedKinds.includes(kind.kind) && (!query.kind || query.kind === kind.kind),
  );
  const website = websiteFilter(query, scope);
  const parts = kinds.flatMap((kind) => [
    ...(query.state === undefined || query.state === 'scheduled'
      ? [scheduledOf(kind, query, website)]
      : []),
    ...(query.state !== 'scheduled' ? [deliveredOf(kind, query, website)] : []),
  ]);
  if (parts.length === 0) return { data: [], truncated: false };
  const rows = await queryRows<CalendarRow>(
    db,
    sql`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) items
        ORDER BY at, kind, variant_id LIMIT ${CALENDAR_MAX_ITEMS + 1}`,
  );
  return {
    data: rows
      .slice(0, CALENDAR_MAX_ITEMS)
      .map((row) => toWireVariant({ ...row, at: isoText(row.at) })),
    truncated: rows.length > CALENDAR_MAX_ITEMS,
  };
}
