import { sql } from 'drizzle-orm';
import { OUTGOING_CHANNEL } from '../events/outgoing.ts';
import type { TaskContext } from '../jobs/scheduler.ts';
import { queueDeliveries } from '../modules/event-subscriptions/deliveries.ts';

/**
 * Hands the outgoing events a change stored (`new` rows of event_deliveries) to the job queue.
 * It runs when a committed change announces them on OUTGOING_CHANNEL, and every minute besides
 * (RELAY task), for an announcement missed while a process was down or reconnecting.
 */
export const relayNewEvents = (context: TaskContext) =>
  queueDeliveries(context.db, context.queue, sql`status = 'new'`);

/**
 * Listens for announced events in the process that runs the workers, one relay at a time: an
 * announcement during a run makes one more run after it. Answers a function that stops listening.
 */
export async function startEventRelay(context: TaskContext) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = relayNewEvents(context)
      .then(() => undefined)
      .catch((error) => context.log.error({ err: error }, 'event relay failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const listening = await context.database.listen(OUTGOING_CHANNEL, {
    onNotify: run,
    onReconnect: run,
  });
  // Stored while no process listened: sent now rather than at the next minute's sweep.
  run();
  return async () => {
    await listening.close();
    await running;
  };
}
