import { type DeliveryStatus, type DeliveryTarget, publishedPathOf } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';

/** One target's delivery as a variant's `deliveries` keeps it. */
export interface TargetDelivery {
  status: DeliveryStatus;
  error: string | null;
  /**
   * A failure that trying again cannot mend (a network not configured, a website without a
   * webhook URL): the scheduled retry leaves it to the operator's 'Retry now'.
   */
  permanent?: boolean;
}

/** The error a variant shows after a failed try: one with tries left says it will be retried. */
export const failureNote = (message: string, final: boolean) =>
  final ? message : `${message} (will retry)`;

/**
 * The SET clause that gives a variant its new per-target `deliveries` (the SQL expression `next`,
 * written in terms of the row's current `deliveries`) and the summary Detailed Review shows:
 * queued while any target is, else paused if any is held, else failed if any failed, else
 * delivered; the error of a failed target first, else the note of one being retried. One
 * statement, so concurrent workers finishing different targets of one variant never overwrite
 * each other's outcome.
 */
export function settingDeliveries(next: SQL): SQL {
  return sql`deliveries = ${next},
    delivery_status = (
      SELECT CASE WHEN bool_or(e.value->>'status' = 'queued') THEN 'queued'
                  WHEN bool_or(e.value->>'status' = 'paused') THEN 'paused'
                  WHEN bool_or(e.value->>'status' = 'failed') THEN 'failed'
                  WHEN bool_or(e.value->>'status' = 'delivered') THEN 'delivered' END
      FROM jsonb_each(${next}) e),
    delivery_error = (
      SELECT e.value->>'error' FROM jsonb_each(${next}) e
      WHERE e.value->>'error' IS NOT NULL
      ORDER BY e.value->>'status' = 'failed' DESC, e.key LIMIT 1)`;
}

/** Records these targets' deliveries on the variant, leaving its other targets as they are. */
export function settingTargets(targets: Partial<Record<DeliveryTarget, TargetDelivery>>): SQL {
  return settingDeliveries(sql`deliveries || ${JSON.stringify(targets)}::jsonb`);
}

/** Forgets a target's delivery (a regeneration that succeeded has nothing left to show). */
export function clearingTarget(target: DeliveryTarget): SQL {
  return settingDeliveries(sql`deliveries - ${target}::text`);
}

/**
 * The SET of the URL a website answered it published a variant at, and of that URL's path (the
 * beacon's views are matched to the variant by it); nothing when the answer named none.
 */
export const settingPublishedUrl = (url: string | undefined): SQL =>
  url ? sql`published_url = ${url}, published_path = ${publishedPathOf(url)},` : sql``;
