import type { GooglePropertyKind } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from './client.ts';

/**
 * Which website each GA4 property and Search Console site the Google grant sees counts for: the
 * website whose settings name it (the lowest id, should two), else the website of its host,
 * unless that website names another of the kind. So a website has at most one of each kind (the
 * discovery maps at most one per host), and the properties list and the import read it alike.
 */
export interface MappedGoogleProperty {
  kind: GooglePropertyKind;
  id: string;
  name: string;
  host: string | null;
  website_id: number | null;
  last_imported_at: Date | null;
  last_error: string | null;
  retry_at: Date | null;
}

/** Every property with its website (null: none), as a subquery. */
export const MAPPED_GOOGLE_PROPERTIES = sql`(
  WITH chosen AS (
    SELECT website_id, 'ga4' AS kind, ga4_property_id AS id FROM website_settings
    WHERE ga4_property_id IS NOT NULL
    UNION ALL
    SELECT website_id, 'search_console', search_console_site FROM website_settings
    WHERE search_console_site IS NOT NULL
  )
  SELECT p.kind, p.id, p.name, p.host, p.last_imported_at, p.last_error, p.retry_at,
         coalesce(
           (SELECT min(c.website_id) FROM chosen c WHERE c.kind = p.kind AND c.id = p.id),
           CASE WHEN NOT EXISTS (SELECT 1 FROM chosen c
                                 WHERE c.kind = p.kind AND c.website_id = p.host_website_id)
                THEN p.host_website_id END
         ) AS website_id
  FROM traffic_google_properties p
)`;

export async function mappedGoogleProperties(
  executor: Executor,
  where: SQL = sql`TRUE`,
): Promise<MappedGoogleProperty[]> {
  return queryRows<MappedGoogleProperty>(
    executor,
    sql`SELECT * FROM ${MAPPED_GOOGLE_PROPERTIES} mapped WHERE ${where} ORDER BY kind, name, id`,
  );
}
