import { sql } from 'drizzle-orm';
import { resumeWebsiteDeliveries } from '../content/publish/delivery-pause.ts';
import { queryRows } from '../db/client.ts';
import type { TaskContext } from '../jobs/scheduler.ts';
import { sendPing } from '../modules/deliveries/ping.ts';
import { readDeliveryPolicy } from './delivery-health.ts';

/** Paused websites one probe run pings at most; the next run takes the rest. */
const PROBE_BATCH = 100;

/**
 * Pings every paused website not probed for `delivery.probe_minutes`; the first that answers is
 * resumed, its held deliveries queued. Answers the ids of the websites resumed.
 */
export async function probePausedWebsites(context: TaskContext): Promise<number[]> {
  const { probeMinutes } = await readDeliveryPolicy(context);
  const due = await queryRows<{ id: number }>(
    context.db,
    sql`UPDATE websites SET deliveries_probed_at = now()
        WHERE id IN (
          SELECT id FROM websites
          WHERE deliveries_paused
            AND (deliveries_probed_at IS NULL
                 OR deliveries_probed_at <= now() - ${probeMinutes} * interval '1 minute')
          ORDER BY id LIMIT ${PROBE_BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  const resumed: number[] = [];
  for (const { id } of due) {
    const ping = await sendPing(context, id);
    if (ping?.outcome !== 'delivered') continue;
    const queued = await context.db.transaction((tx) =>
      resumeWebsiteDeliveries(tx, context.queue, id, 'probe'),
    );
    if (queued === null) continue;
    resumed.push(id);
    context.log.info({ event: 'delivery_recovered', websiteId: id, queued }, 'delivery_recovered');
  }
  return resumed;
}
