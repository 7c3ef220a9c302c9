import { DAY_MS, TRAFFIC_GOOGLE_MESSAGES, utcDay } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { googleApiUrls } from '../../db/google-client.ts';
import { QUEUES, type RunningJob } from '../../jobs/queue.ts';
import type { TaskContext } from '../../jobs/scheduler.ts';
import { finishImports, planDays } from './days.ts';
import { discoverProperties } from './discover.ts';
import { googleCall } from './google-api.ts';

/**
 * What starts the imports: the daily task (the properties asked again, the last three days of
 * every mapped website again, since Search Console is two or three days behind and GA4's last
 * day was not over) and a backfill (POST /api/traffic/import), each queuing one import job per
 * website with days to import.
 */

/** The days the daily import takes again: the three before today (UTC). */
const DAILY_DAYS = 3;

/** The daily import at `now`; answers the properties the grant sees and the websites queued. */
export async function importDaily(context: TaskContext, now = new Date()) {
  const call = await googleCall(context, now);
  if (!call) return { properties: 0, websites: 0 };
  const properties = await discoverProperties(
    context,
    call,
    await googleApiUrls(context.db, context.secrets),
  );
  const range = {
    from: utcDay(now.getTime() - DAILY_DAYS * DAY_MS),
    to: utcDay(now.getTime() - DAY_MS),
  };
  const websites = await context.db.transaction(async (tx) => {
    await planDays(tx, null, range, null);
    // Days left over (a wait, a reconnect) go with the new ones.
    const pending = await queryRows<{ website_id: number }>(
      tx,
      sql`SELECT DISTINCT website_id FROM traffic_google_days ORDER BY website_id`,
    );
    await context.queue.send(
      tx,
      QUEUES.trafficImport,
      pending.map((row) => ({ websiteId: row.website_id })),
    );
    return pending.length;
  });
  return { properties, websites };
}

interface ImportRow {
  from_day: string;
  to_day: string;
  website_ids: number[] | null;
}

/** Ends a backfill that cannot go on, saying why. */
async function failImport(context: TaskContext, importId: number, message: string) {
  await context.db.execute(
    sql`UPDATE traffic_imports SET status = 'failed', message = ${message}, finished_at = now()
        WHERE id = ${importId}`,
  );
}

/**
 * A backfill's job: the properties asked again, then every day of its period for each website it
 * names that has a property, and their import jobs, in one transaction. A failure to ask Google
 * is retried by the queue; the last try ends the backfill with Google's message.
 */
export async function planBackfill(context: TaskContext, job: RunningJob<'traffic-backfill'>) {
  const { importId } = job.data;
  const [state] = await queryRows<ImportRow>(
    context.db,
    sql`UPDATE traffic_imports SET status = 'running', started_at = coalesce(started_at, now())
        WHERE id = ${importId} AND status IN ('queued', 'running') AND total = 0
        RETURNING from_day::text AS from_day, to_day::text AS to_day, website_ids`,
  );
  if (!state) return;
  const now = new Date();
  const call = await googleCall(context, now);
  if (!call) {
    await failImport(context, importId, TRAFFIC_GOOGLE_MESSAGES.notConnected);
    return;
  }
  try {
    await discoverProperties(context, call, await googleApiUrls(context.db, context.secrets));
  } catch (error) {
    if (job.retryCount >= job.retryLimit) {
      await failImport(context, importId, error instanceof Error ? error.message : String(error));
    }
    throw error;
  }
  await context.db.transaction(async (tx) => {
    const range = { from: state.from_day, to: state.to_day };
    const planned = await planDays(tx, state.website_ids, range, importId);
    await tx.execute(
      sql`UPDATE traffic_imports SET total = ${planned.days} WHERE id = ${importId}`,
    );
    await context.queue.send(
      tx,
      QUEUES.trafficImport,
      planned.websiteIds.map((websiteId) => ({ websiteId })),
    );
    await finishImports(tx, now);
  });
}
