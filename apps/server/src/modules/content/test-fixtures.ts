import type { ContentJobData } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Db, idArray, queryRows } from '../../db/client.ts';
import { categories, websites } from '../../db/schema.ts';
import { newWebhookSecret } from '../../lib/secrets.ts';
import type { ContentKind } from './kinds.ts';

/** Names of the websites `insertTestWebsites` creates: two active, then an inactive one. */
export const TEST_WEBSITE_NAMES = ['Alpha Site', 'Beta Site', 'Closed Site'] as const;

/** Websites for the content tests; answers their ids in the order of TEST_WEBSITE_NAMES. */
export async function insertTestWebsites(db: Db): Promise<[number, number, number]> {
  const rows = await db
    .insert(websites)
    .values(
      TEST_WEBSITE_NAMES.map((name, i) => ({
        name,
        url: `https://site${i}.example.com`,
        hosting: 'Test',
        cost: 10,
        duration: 12,
        status: name === 'Closed Site' ? 2 : 1,
        webhookSecret: newWebhookSecret(),
      })),
    )
    .returning({ id: websites.id });
  return rows.map((row) => row.id) as [number, number, number];
}

/** Categories by these names (no websites yet); answers their ids in the same order. */
export async function insertTestCategories(db: Db, names: readonly string[]): Promise<number[]> {
  const rows = await db
    .insert(categories)
    .values(
      names.map((name) => ({
        name,
        slug: name.toLowerCase().replaceAll(' ', '-'),
        description: name,
        keywords: name,
      })),
    )
    .returning({ id: categories.id });
  return rows.map((row) => row.id);
}

export interface TestVariant {
  id: number;
  website_id: number;
  description: string;
  is_approved: boolean;
  synced: boolean;
  is_updated_after_posted: boolean;
  version: number;
  delivery_status: string | null;
}

/** A record's variants as stored, by website id. */
export function storedVariants(db: Db, kind: ContentKind, recordId: number) {
  return queryRows<TestVariant>(
    db,
    sql`SELECT id, website_id, description, is_approved, synced, is_updated_after_posted,
               version, delivery_status
        FROM ${sql.identifier(kind.variants)}
        WHERE ${sql.identifier(kind.owner)} = ${recordId} ORDER BY website_id`,
  );
}

/** The queued jobs (pgboss.job rows) of these variants, by variant and target. */
export function queuedJobs(db: Db, kind: ContentKind, variantIds: number[]) {
  return queryRows<{ name: string; data: ContentJobData }>(
    db,
    sql`SELECT name, data FROM pgboss.job
        WHERE data->>'kind' = ${kind.kind}
          AND (data->>'variantId')::int = ANY(${idArray(variantIds)})
        ORDER BY (data->>'variantId')::int, data->>'target'`,
  );
}
