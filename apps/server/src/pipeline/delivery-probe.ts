import { type SQL, sql } from 'drizzle-orm';
import { resumeWebsiteDeliveries } from '../content/publish/delivery-pause.ts';
import { queryRows } from '../db/client.ts';
import type { TaskContext } from '../jobs/scheduler.ts';
import { sendPing } from '../modules/deliveries/ping.ts';
import { readDeliveryPolicy } from './delivery-health.ts';

/** Paused websites or subscriptions one probe run tries at most; the next run takes the rest. */
const PROBE_BATCH = 100;

/**
 * The paused rows of `table` (those `paused` holds of) whose last probe, in `probedAt`, is
 * `delivery.probe_minutes` old: marked probed now and answered, PROBE_BATCH at most, skipping the
 * rows another process is taking.
 */
export async function takeDueProbes(
  context: TaskContext,
  table: 'websites' | 'event_subscriptions',
  paused: SQL,
  probedAt: string,
): Promise<number[]> {
  const { probeMinutes } = await readDeliveryPolicy(context);
  const [name, probed] = [sql.identifier(table), sql.identifier(probedAt)];
  const due = await queryRows<{ id: number }>(
    context.db,
    sql`UPDATE ${name} SET ${probed} = now()
        WHERE id IN (
          SELECT id FROM ${name}
          WHERE ${paused}
            AND (${probed} IS NULL OR ${probed} <= now() - ${probeMinutes} * interval '1 minute')
          ORDER BY id LIMIT ${PROBE_BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  return due.map((row) => row.id);
}

/**
 * Pings every paused website not probed for `delivery.probe_minutes`; the first that answers is
 * resumed, its held deliveries queued. Answers the ids of the websites resumed.
 */
export async function probePausedWebsites(context: TaskContext): Promise<number[]> {
  const due = await takeDueProbes(
    context,
    'websites',
    sql`deliveries_paused`,
    'deliveries_probed_at',
  );
  const resumed: number[] = [];
  for (const id of due) {
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
