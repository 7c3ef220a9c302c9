import { DEFAULT_PER_PAGE, type DeliveryAttempt, paginate } from '@sitefleet/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deliveryAttempts } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { selectRows } from '../categories/content.ts';
import { kindOf } from './variants.ts';

/** 404 unless the variant exists. */
export async function assertVariantExists(db: Db, kind: 'category' | 'post', variantId: number) {
  const [found] = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM ${sql.identifier(kindOf(kind).variants)} WHERE id = ${variantId}`,
  );
  if (!found) throw notFound();
}

/** A page of a variant's delivery attempts, newest first. */
export async function deliveryAttemptsPage(
  db: Db,
  kind: 'category' | 'post',
  variantId: number,
  options: { page: number; perPage?: number; path: string },
) {
  const perPage = options.perPage ?? DEFAULT_PER_PAGE;
  const where = and(eq(deliveryAttempts.kind, kind), eq(deliveryAttempts.variantId, variantId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(deliveryAttempts)
      .where(where)
      .orderBy(desc(deliveryAttempts.createdAt), desc(deliveryAttempts.id))
      .limit(perPage)
      .offset((options.page - 1) * perPage),
    db.select({ total: count() }).from(deliveryAttempts).where(where),
  ]);
  const data: DeliveryAttempt[] = rows.map((row) => ({
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
  }));
  return paginate(data, {
    page: options.page,
    perPage,
    total: total?.total ?? 0,
    path: options.path,
  });
}
