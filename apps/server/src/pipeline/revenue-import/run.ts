import { DAY_MS, utcDay } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { QUEUES } from '../../jobs/queue.ts';
import type { TaskContext } from '../../jobs/scheduler.ts';
import { DeliveryError } from '../../lib/delivery-http.ts';
import { REFRESH_REFUSED } from '../targets/user-tokens.ts';
import { type GoogleCall, googleCall, RATE_LIMIT_WAIT_MS } from '../traffic-import/google-api.ts';
import { adsenseUrl, generateReport } from './adsense-api.ts';
import { dropRange, finishImports, pendingRange, writeReport } from './ranges.ts';

/**
 * The import job of one AdSense account: its pending days, oldest first, a report of up to
 * REPORT_DAYS days at a time (1,000 sites × 90 days is 90,000 rows, under the report's cap of
 * 100,000; a report cut at its cap is asked again for fewer days). A 429 stops the account where
 * it was: it waits (Retry-After, a minute without it, the next UTC day for a spent daily quota),
 * its websites' last_error says until when, and a job queued for that time goes on from the first
 * day not written. A refusal gives up the account's days; anything else fails the try, which the
 * queue retries, from where it was too.
 */

/** Days per report at most. */
export const REPORT_DAYS = 90;
/** An account whose claim has not moved for this long is taken to have died with its process. */
const CLAIM_STALE_MS = 10 * 60_000;

/** How an account's import ended: every day done, or waiting out a 429 (or a reconnect). */
export type AccountImport = 'done' | 'waiting';

/** Takes the account for this job; false when another job imports it now. */
async function claim(context: TaskContext, account: string) {
  const claimed = await queryRows<{ name: string }>(
    context.db,
    sql`UPDATE adsense_accounts SET claimed_at = now()
        WHERE name = ${account}
          AND (claimed_at IS NULL OR claimed_at < now() - ${`${CLAIM_STALE_MS} milliseconds`}::interval)
        RETURNING name`,
  );
  return claimed.length > 0;
}

/** Lets the account go, with how its import ended, said on its websites' status too. */
async function release(
  executor: Executor,
  account: string,
  state: { lastError: string | null; retryAt: Date | null },
) {
  await executor.execute(
    sql`UPDATE adsense_accounts
        SET claimed_at = NULL, last_error = ${state.lastError}, retry_at = ${state.retryAt}
        WHERE name = ${account}`,
  );
  if (state.lastError !== null) {
    await executor.execute(
      sql`UPDATE adsense_websites SET last_error = ${state.lastError} WHERE account = ${account}`,
    );
  }
}

const dayAfter = (day: string, days: number) => utcDay(Date.parse(day) + days * DAY_MS);

/** Every pending day of the account, a report at a time; throws as Google fails. */
async function importDays(
  context: TaskContext,
  google: { call: GoogleCall; base: string },
  account: string,
  now: Date,
) {
  let span = REPORT_DAYS;
  for (;;) {
    const pending = await pendingRange(context.db, account);
    if (!pending) return;
    const last = dayAfter(pending.from, span - 1);
    const days = { from: pending.from, to: last < pending.to ? last : pending.to };
    const report = await generateReport(google.call, google.base, account, days);
    const cut = report.matched > report.received;
    const asked = (Date.parse(days.to) - Date.parse(days.from)) / DAY_MS + 1;
    if (cut && asked > 1) {
      // As many days as the cap holds, had the rows been spread evenly over them; kept for the
      // reports after, which have as many sites.
      span = Math.max(
        1,
        Math.min(asked - 1, Math.floor((asked * report.received) / report.matched)),
      );
      continue;
    }
    if (cut) context.log.warn({ account, ...days }, 'AdSense cut a report of one day at its cap');
    const skipped = await writeReport(context.db, account, days, report, now);
    if (skipped > 0) {
      context.log.info({ account, ...days, skipped }, 'AdSense rows of domains no website has');
    }
  }
}

/**
 * Imports the account's pending days; answers 'waiting' after a 429, with the job that goes on
 * queued for the end of the wait. A job that finds the account taken leaves it to the one that
 * took it, which looks for days added meanwhile before it lets go.
 */
async function importClaimed(
  context: TaskContext,
  google: { call: GoogleCall; base: string },
  account: string,
  now: Date,
): Promise<AccountImport> {
  do {
    if (!(await claim(context, account))) return 'done';
    try {
      await importDays(context, google, account, now);
    } catch (error) {
      if (!(error instanceof DeliveryError)) {
        await release(context.db, account, { lastError: String(error), retryAt: null });
        throw error;
      }
      if (error.statusCode === 429) {
        const retryAt = new Date(now.getTime() + (error.detail.retryAfterMs ?? RATE_LIMIT_WAIT_MS));
        await context.db.transaction(async (tx) => {
          await context.queue.sendAfter(tx, QUEUES.revenueImport, [
            { data: { account }, startAfter: retryAt },
          ]);
          await release(tx, account, {
            lastError: `${error.message} (resumes at ${retryAt.toISOString()})`,
            retryAt,
          });
        });
        return 'waiting';
      }
      await release(context.db, account, { lastError: error.message, retryAt: null });
      // Google refused the refresh: the grant waits for a reconnect, and the days with it.
      if (error.detail.code === REFRESH_REFUSED) return 'waiting';
      if (!error.permanent) throw error;
      await dropRange(context.db, [account]);
      return 'done';
    }
    await release(context.db, account, { lastError: null, retryAt: null });
  } while (await pendingRange(context.db, account));
  return 'done';
}

/**
 * Imports the account's pending days at `now` (the clock, or the time a test sets). An account
 * waiting out a 429 has a job of its own queued for the end of the wait; without the Google
 * connection the days wait for it.
 */
export async function importAccount(
  context: TaskContext,
  account: string,
  now = new Date(),
): Promise<AccountImport> {
  const [state] = await queryRows<{ retry_at: Date | string | null }>(
    context.db,
    sql`SELECT retry_at FROM adsense_accounts WHERE name = ${account}`,
  );
  let outcome: AccountImport = 'done';
  if (state?.retry_at && new Date(state.retry_at) > now) outcome = 'waiting';
  else if (state && (await pendingRange(context.db, account))) {
    const call = await googleCall(context, now);
    outcome = call
      ? await importClaimed(context, { call, base: await adsenseUrl(context) }, account, now)
      : 'waiting';
  }
  await finishImports(context.db, now);
  return outcome;
}
