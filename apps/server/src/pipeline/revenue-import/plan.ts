import { DAY_MS, TRAFFIC_GOOGLE_MESSAGES, utcDay } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows, textArray } from '../../db/client.ts';
import { adsenseAccounts } from '../../db/schema.ts';
import { QUEUES, type RunningJob } from '../../jobs/queue.ts';
import type { TaskContext } from '../../jobs/scheduler.ts';
import { type GoogleCall, googleCall } from '../traffic-import/google-api.ts';
import { adsenseUrl, listAccounts } from './adsense-api.ts';
import { addRange, dropRange, finishImports, type PendingRange } from './ranges.ts';

/**
 * What starts the AdSense imports: the daily task (the accounts asked again, the last three days
 * of each again, since earnings are estimates that settle) and an import asked for
 * (POST /api/revenue/adsense/import), each queuing one import job per account with days to import.
 */

/** The days the daily import takes again: the three before today (UTC). */
const DAILY_DAYS = 3;

/**
 * Asks AdSense which accounts the grant sees and keeps them; an account it no longer sees is let
 * go, its days given up (what it imported stays). Answers how many there are.
 */
async function discoverAccounts(context: TaskContext, call: GoogleCall): Promise<number> {
  const found = await listAccounts(call, await adsenseUrl(context));
  const names = found.map((account) => account.name);
  await context.db.transaction(async (tx) => {
    const gone = await queryRows<{ name: string }>(
      tx,
      sql`SELECT name FROM adsense_accounts WHERE name <> ALL(${textArray(names)}) FOR UPDATE`,
    );
    await dropRange(
      tx,
      gone.map((account) => account.name),
    );
    await tx.execute(sql`DELETE FROM adsense_accounts WHERE name <> ALL(${textArray(names)})`);
    if (found.length === 0) return;
    await tx
      .insert(adsenseAccounts)
      .values(found)
      .onConflictDoUpdate({
        target: adsenseAccounts.name,
        set: { displayName: sql`excluded.display_name` },
      });
  });
  return found.length;
}

/** Adds the days to every account and queues an import job per account with days to import. */
async function queueRange(context: TaskContext, tx: Executor, range: PendingRange) {
  const accounts = await addRange(tx, range);
  await context.queue.send(
    tx,
    QUEUES.revenueImport,
    accounts.map((account) => ({ account })),
  );
  return accounts.length;
}

/** The daily import at `now`; answers the accounts the grant sees and those queued. */
export async function importDaily(context: TaskContext, now = new Date()) {
  const call = await googleCall(context, now);
  if (!call) return { accounts: 0, queued: 0 };
  const accounts = await discoverAccounts(context, call);
  const range = {
    from: utcDay(now.getTime() - DAILY_DAYS * DAY_MS),
    to: utcDay(now.getTime() - DAY_MS),
  };
  const queued = await context.db.transaction((tx) => queueRange(context, tx, range));
  return { accounts, queued };
}

/** Ends an import that cannot go on, saying why. */
async function failImport(context: TaskContext, importId: number, message: string) {
  await context.db.execute(
    sql`UPDATE revenue_imports SET status = 'failed', message = ${message}, finished_at = now()
        WHERE id = ${importId} AND finished_at IS NULL`,
  );
}

/**
 * An import's job: the accounts asked again, then its period added to each and their import jobs
 * queued, in the transaction that starts it (its total: the period's days for each account). A
 * failure to ask AdSense is retried by the queue; the last try ends the import with its message.
 */
export async function planBackfill(context: TaskContext, job: RunningJob<'revenue-backfill'>) {
  const { importId } = job.data;
  const [state] = await queryRows<{ from_day: string; to_day: string }>(
    context.db,
    sql`UPDATE revenue_imports SET started_at = coalesce(started_at, now())
        WHERE id = ${importId} AND status = 'queued'
        RETURNING from_day::text AS from_day, to_day::text AS to_day`,
  );
  if (!state) return;
  const now = new Date();
  const call = await googleCall(context, now);
  if (!call) {
    await failImport(context, importId, TRAFFIC_GOOGLE_MESSAGES.notConnected);
    return;
  }
  try {
    await discoverAccounts(context, call);
  } catch (error) {
    if (job.retryCount >= job.retryLimit) {
      await failImport(context, importId, error instanceof Error ? error.message : String(error));
    }
    throw error;
  }
  await context.db.transaction(async (tx) => {
    const range = { from: state.from_day, to: state.to_day };
    const accounts = await queueRange(context, tx, range);
    await tx.execute(
      sql`UPDATE revenue_imports
          SET status = 'running', total = ${accounts} * (to_day - from_day + 1)
          WHERE id = ${importId} AND status = 'queued'`,
    );
    await finishImports(tx, now);
  });
}
