import { GOOGLE_PROPERTY_KINDS } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { type GoogleApiUrls, googleApiUrls } from '../../db/google-client.ts';
import { type MappedGoogleProperty, mappedGoogleProperties } from '../../db/traffic-google.ts';
import { QUEUES } from '../../jobs/queue.ts';
import type { TaskContext } from '../../jobs/scheduler.ts';
import { DeliveryError } from '../../lib/delivery-http.ts';
import { REFRESH_REFUSED } from '../targets/user-tokens.ts';
import {
  completeDay,
  dropDays,
  finishImports,
  firstPendingDay,
  restartDay,
  stagePage,
} from './days.ts';
import { hostOf } from './discover.ts';
import { type GoogleCall, googleCall, RATE_LIMIT_WAIT_MS } from './google-api.ts';
import { reportPage } from './reports.ts';

/**
 * The import job of one website: each of its properties (GA4, Search Console) imports the days
 * the website still has to import from it, oldest first, page by page. A 429 stops the website's
 * import where it was: the property waits (Retry-After, a minute without it, the next UTC day
 * for GA4's spent daily quota), its last_error says until when, and a job queued for that time
 * goes on from the same page. A refusal gives up the property's days; anything else fails the
 * try, which the queue retries, from where it was too.
 */

/** A property whose claim has not moved for this long is taken to have died with its process. */
const CLAIM_STALE_MS = 10 * 60_000;

/** How a website's import ended: every day done, or a property waiting out a 429. */
export type WebsiteImport = 'done' | 'waiting';

/**
 * Takes the property for this job; false when another job imports its days now. The claim is the
 * database's time, kept fresh by each page (days.ts): it tells whether a process lives, whatever
 * time the import runs at.
 */
async function claim(context: TaskContext, property: MappedGoogleProperty) {
  const claimed = await queryRows<{ id: string }>(
    context.db,
    sql`UPDATE traffic_google_properties SET claimed_at = now()
        WHERE kind = ${property.kind} AND id = ${property.id}
          AND (claimed_at IS NULL OR claimed_at < now() - ${`${CLAIM_STALE_MS} milliseconds`}::interval)
        RETURNING id`,
  );
  return claimed.length > 0;
}

/** Lets the property go, with how its import ended. */
async function release(
  executor: Executor,
  property: MappedGoogleProperty,
  state: { lastError: string | null; retryAt: Date | null },
) {
  await executor.execute(
    sql`UPDATE traffic_google_properties
        SET claimed_at = NULL, last_error = ${state.lastError}, retry_at = ${state.retryAt}
        WHERE kind = ${property.kind} AND id = ${property.id}`,
  );
}

/** Every pending day of the website from the property, page by page; throws as Google fails. */
async function importDays(
  context: TaskContext,
  google: { call: GoogleCall; urls: GoogleApiUrls },
  website: { id: number; host: string | null },
  property: MappedGoogleProperty,
  now: Date,
) {
  const target = { websiteId: website.id, source: property.kind, property: property.id };
  const limit = context.config.GOOGLE_REPORT_ROWS;
  for (;;) {
    let pending = await firstPendingDay(context.db, website.id, property.kind);
    if (!pending) return;
    if (pending.fetched > 0 && pending.property !== property.id) {
      await restartDay(context.db, website.id, property.kind, pending.day);
      pending = { ...pending, property: null, fetched: 0 };
    }
    for (;;) {
      const page = await reportPage(
        google.call,
        google.urls,
        { kind: property.kind, id: property.id, websiteHost: website.host },
        pending.day,
        pending.fetched,
        limit,
      );
      if (page.last) {
        await completeDay(context.db, target, pending, page, now);
        break;
      }
      await stagePage(context.db, target, pending, page);
      pending = { ...pending, property: property.id, fetched: pending.fetched + page.received };
    }
  }
}

/** Whether the website still has days to import from the source. */
async function hasPendingDays(context: TaskContext, websiteId: number, source: string) {
  return (await firstPendingDay(context.db, websiteId, source)) !== null;
}

/**
 * Imports the property's days; answers 'waiting' after a 429, with the job that goes on queued
 * for the end of the wait. A job that finds the property taken leaves it to the one that took it,
 * which looks for days added meanwhile before it lets go.
 */
async function importProperty(
  context: TaskContext,
  google: { call: GoogleCall; urls: GoogleApiUrls },
  website: { id: number; host: string | null },
  property: MappedGoogleProperty,
  now: Date,
): Promise<WebsiteImport> {
  do {
    if (!(await claim(context, property))) return 'done';
    try {
      await importDays(context, google, website, property, now);
    } catch (error) {
      if (!(error instanceof DeliveryError)) {
        await release(context.db, property, { lastError: String(error), retryAt: null });
        throw error;
      }
      if (error.statusCode === 429) {
        const retryAt = new Date(now.getTime() + (error.detail.retryAfterMs ?? RATE_LIMIT_WAIT_MS));
        await context.db.transaction(async (tx) => {
          await context.queue.sendAfter(tx, QUEUES.trafficImport, [
            { data: { websiteId: website.id }, startAfter: retryAt },
          ]);
          await release(tx, property, {
            lastError: `${error.message} (resumes at ${retryAt.toISOString()})`,
            retryAt,
          });
        });
        return 'waiting';
      }
      await release(context.db, property, { lastError: error.message, retryAt: null });
      // Google refused the refresh: the channel waits for a reconnect, and the days with it.
      if (error.detail.code === REFRESH_REFUSED) return 'waiting';
      if (!error.permanent) throw error;
      await dropDays(context.db, website.id, property.kind);
      return 'done';
    }
    await release(context.db, property, { lastError: null, retryAt: null });
  } while (await hasPendingDays(context, website.id, property.kind));
  return 'done';
}

/**
 * Imports the website's pending days from each of its properties, at `now` (the clock, or the
 * time a test sets). Days of a source the website has no property for any more are given up.
 * Without the Google connection the days wait for it.
 */
export async function importWebsite(
  context: TaskContext,
  websiteId: number,
  now = new Date(),
): Promise<WebsiteImport> {
  const [website] = await queryRows<{ id: number; url: string }>(
    context.db,
    sql`SELECT id, url FROM websites WHERE id = ${websiteId}`,
  );
  if (!website) return 'done';
  const properties = await mappedGoogleProperties(context.db, sql`website_id = ${websiteId}`);
  for (const source of GOOGLE_PROPERTY_KINDS) {
    if (!properties.some((property) => property.kind === source)) {
      await dropDays(context.db, websiteId, source);
    }
  }
  const call = await googleCall(context, now);
  let outcome: WebsiteImport = 'done';
  if (call) {
    const google = { call, urls: await googleApiUrls(context.db, context.secrets) };
    const target = { id: website.id, host: hostOf(website.url) };
    for (const property of properties) {
      const retryAt = property.retry_at && new Date(property.retry_at);
      // Its wait has a job of its own, queued for its end.
      if (retryAt && retryAt > now) outcome = 'waiting';
      else outcome = await importProperty(context, google, target, property, now);
      if (outcome === 'waiting') break;
    }
  }
  await finishImports(context.db, now);
  return outcome;
}
