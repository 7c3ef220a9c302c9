import type { DeliveryAttempt } from '@sitefleet/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deliveryAttempts } from '../../db/schema.ts';
import { pageOf } from '../../lists/page.ts';

/** A page of a variant's delivery attempts, newest first. */
export async function deliveryAttemptsPage(
  db: Db,
  kind: 'category' | 'post',
  variantId: number,
  options: { page: number; perPage?: number; path: string },
) {
  const where = and(eq(deliveryAttempts.kind, kind), eq(deliveryAttempts.variantId, variantId));
  return pageOf({ page: options.page, per_page: options.perPage }, options.path, {
    rows: async (limit, offset) => {
      const rows = await db
        .select()
        .from(deliveryAttempts)
        .where(where)
        .orderBy(desc(deliveryAttempts.createdAt), desc(deliveryAttempts.id))
        .limit(limit)
        .offset(offset);
      return rows.map(
        (row): DeliveryAttempt => ({
          id: row.id,
          target: row.target as DeliveryAttempt['target'],
          attempt: row.attempt,
          version: row.version,
          outcome: row.outcome as DeliveryAttempt['outcome'],
          status_code: row.statusCode,
          duration_ms: row.durationMs,
          error: row.error,
          external_id: row.externalId,
          created_at: row.createdAt.toISOString(),
        }),
      );
    },
    count: async () => {
      const [total] = await db.select({ total: count() }).from(deliveryAttempts).where(where);
      return total?.total ?? 0;
    },
  });
}
