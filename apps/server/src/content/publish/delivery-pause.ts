import { sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { emitEvents, websiteEventData } from '../../events/outgoing.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { CATEGORY_KIND, POST_KIND } from '../kinds.ts';
import { type PublishRules, queueJobs } from './queue.ts';

/**
 * A website's deliveries paused and resumed: by hand (the Deliveries screen), by the pipeline
 * after failures no retry can mend, by the probe once the website answers again. While paused,
 * the website's deliveries are held: each variant shows `paused` and is queued again on resume.
 * These two functions are where a website's pause state changes, and so where it is announced.
 */

/** Who paused or resumed: a person through the API, the pipeline, or the probe. */
export type PauseCause = 'hand' | 'failures' | 'probe';

/** Held deliveries go back to the queue whatever the rules of publishing say. */
const HELD: PublishRules = { activeWebsite: false, approved: false, changedSincePosted: false };

/** A website as its outgoing events name it. */
interface PausedWebsite {
  id: number;
  name: string;
  url: string;
}

/**
 * Pauses the website's deliveries in `tx`, with the audit entry and the `delivery.paused` event
 * (whoever paused them); answers false when they were paused already (nothing changes then).
 */
export async function pauseWebsiteDeliveries(
  tx: Db,
  websiteId: number,
  reason: string,
  cause: PauseCause,
): Promise<boolean> {
  const [website] = await queryRows<PausedWebsite>(
    tx,
    sql`UPDATE websites
        SET deliveries_paused = true, deliveries_paused_at = now(),
            deliveries_paused_reason = ${reason}, deliveries_probed_at = now()
        WHERE id = ${websiteId} AND NOT deliveries_paused
        RETURNING id, name, url`,
  );
  if (!website) return false;
  await emitEvents(tx, [
    { type: 'delivery.paused', data: { ...websiteEventData(website), reason } },
  ]);
  await recordAudit(tx, {
    action: 'deliveries_paused',
    subjectType: 'website',
    subjectId: websiteId,
    subjectName: website.name,
    details: { reason, by: cause },
  });
  return true;
}

/**
 * Resumes the website's deliveries in `tx`: its failures start counting afresh, a deferral ends,
 * and every held delivery is queued at once, with the audit entry and the `delivery.recovered`
 * event. Answers how many were queued, or null when the website's deliveries were not paused.
 */
export async function resumeWebsiteDeliveries(
  tx: Db,
  queue: JobQueue,
  websiteId: number,
  cause: PauseCause,
): Promise<number | null> {
  const [website] = await queryRows<PausedWebsite>(
    tx,
    sql`UPDATE websites
        SET deliveries_paused = false, deliveries_paused_at = NULL,
            deliveries_paused_reason = NULL, deliveries_deferred_until = NULL,
            consecutive_failures = 0
        WHERE id = ${websiteId} AND deliveries_paused
        RETURNING id, name, url`,
  );
  if (!website) return null;
  let queued = 0;
  for (const kind of [CATEGORY_KIND, POST_KIND]) {
    const held = sql`v.website_id = ${websiteId} AND v.deliveries->'website'->>'status' = 'paused'`;
    queued += (await queueJobs(tx, queue, kind, held, ['website'], HELD)).queued;
  }
  await recordAudit(tx, {
    action: 'deliveries_resumed',
    subjectType: 'website',
    subjectId: websiteId,
    subjectName: website.name,
    details: { queued, by: cause },
  });
  const resumedBy = cause === 'probe' ? 'probe' : 'user';
  await emitEvents(tx, [
    { type: 'delivery.recovered', data: { ...websiteEventData(website), resumed_by: resumedBy } },
  ]);
  return queued;
}
