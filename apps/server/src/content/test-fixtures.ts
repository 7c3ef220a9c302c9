import type { ContentJobData } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Db, idArray, queryRows } from '../db/client.ts';
import type { ContentKind } from './kinds.ts';

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
