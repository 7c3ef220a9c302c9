import { DEFAULT_AUDIT_RETENTION_DAYS } from '@sitefleet/contract';
import { retryFailedDeliveries } from './content/publish/retry.ts';
import { publishDueVariants } from './content/schedule/due.ts';
import type { AppContext } from './context.ts';
import { pruneAuditLog } from './db/audit.ts';
import type { Db } from './db/client.ts';
import { pruneDeliveryAttempts } from './db/delivery-health.ts';
import { rollKeptWindows } from './db/delivery-health-window.ts';
import { describeDrift, repairDerivedState } from './db/integrity.ts';
import { foldStageCounts } from './db/review-stage-counts.ts';
import { scheduledTasks } from './db/schema.ts';
import { readSettings } from './db/settings.ts';
import { pruneEvents } from './events/publish.ts';
import { every, onTheMark, type TaskDefinition, type TaskSource } from './jobs/scheduler.ts';
import { AUDIT_RETENTION_SETTING } from './lib/settings-catalog.ts';
import { fetchEcbRates } from './modules/costs/ecb.ts';
import { pruneEventDeliveries } from './modules/event-subscriptions/deliveries.ts';
import { pruneChecks, queueDueChecks, sendRenewalNotices } from './modules/monitor/service.ts';
import { keepTrafficPartitions } from './modules/traffic/partitions.ts';
import { refreshViews } from './modules/traffic/views.ts';
import { purgeExpiredTrash } from './modules/trash/service.ts';
import { instanceDispatchTasks } from './pipeline/agent/dispatch.ts';
import { websiteRefreshTasks } from './pipeline/ai/refresh.ts';
import { refreshEndingTokens } from './pipeline/channel-care.ts';
import { readDeliveryPolicy } from './pipeline/delivery-health.ts';
import { probePausedWebsites } from './pipeline/delivery-probe.ts';
import { probePausedSubscriptions } from './pipeline/event-delivery.ts';
import { relayNewEvents } from './pipeline/event-relay.ts';
import { checkPageTokens } from './pipeline/page-check.ts';
import { importDaily as importAdsenseDaily } from './pipeline/revenue-import/plan.ts';
import { importDaily } from './pipeline/traffic-import/plan.ts';
import { pruneExpiredSessions } from './plugins/sessions.ts';

/**
 * Every scheduled task the scheduler runs: the fixed ones, by the names their rows carry, and the
 * sources of those that come and go with the data.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** Deletes expired sessions; seeded with the installation (`seedTaskRows`). */
export const SESSION_PRUNE_TASK = 'sessions:prune';
/** Queues again the failed deliveries that have rested. */
export const RETRY_FAILED_TASK = 'deliveries:retry-failed';
/** Repairs the state the lists derive from their rows, as `npm run cli -- db:check` does. */
export const DERIVED_STATE_TASK = 'db:check';
/**
 * Folds the review stages' kept counts, which every write of variants adds rows to, into one row
 * per stage, so that the dashboard sums a few rows.
 */
export const STAGE_COUNTS_FOLD_TASK = 'review:fold-stage-counts';
const STAGE_COUNTS_FOLD_MS = 5 * MINUTE_MS;
/** Deletes audit entries older than the retention setting. */
export const AUDIT_PRUNE_TASK = 'audit:prune';
/** Deletes for good what has been in the trash longer than its setting's days. */
export const TRASH_PURGE_TASK = 'trash:purge';
/** Deletes the live events older than their retention (EVENTS_RETENTION_SECONDS). */
export const EVENTS_PRUNE_TASK = 'events:prune';
const EVENTS_PRUNE_MS = 5 * 60 * 1000;
/** Queues the checks of the websites due one (every monitor.interval_minutes each). */
export const MONITOR_CHECK_TASK = 'monitor:check';
/** Deletes the checks past their retention. */
export const MONITOR_PRUNE_TASK = 'monitor:prune';
/** Tells of the renewals due within monitor.renewal_notice_days, once per date. */
export const RENEWAL_NOTICE_TASK = 'monitor:renewals';

/**
 * Pings the paused websites whose last probe is `delivery.probe_minutes` old, and resumes those
 * that answer; it looks every minute, so that a change of the setting applies at once.
 */
export const DELIVERY_PROBE_TASK = 'deliveries:probe';
/**
 * Queues the scheduled variants that are due: each schedule also has a wake-up job at its time;
 * this catches the variants that had to wait (an inactive website) and any wake-up lost.
 */
export const SCHEDULED_PUBLISH_TASK = 'content:publish-scheduled';
/** Deletes delivery attempts older than `delivery.retention_days`. */
export const DELIVERY_PRUNE_TASK = 'deliveries:prune';
/**
 * Moves each website's kept delivery health past the hours that left the fleet page's window:
 * the page stays right without it, but reads less when it has run since the hour began. It runs
 * on the clock's five-minute marks, so within a tick of each hour's start.
 */
export const HEALTH_WINDOW_ROLL_TASK = 'deliveries:roll-health';
/**
 * Hands to the job queue the outgoing events whose announcement no relay heard (a process down or
 * reconnecting), and probes the event subscriptions paused for `delivery.probe_minutes`.
 */
export const OUTGOING_EVENTS_TASK = 'events:outgoing';
/** Renews the social channels' access tokens before they end (pipeline/channel-care.ts). */
export const CHANNEL_TOKENS_TASK = 'channels:refresh-tokens';
/** Keeps the websites', categories' and posts' views: the beacon's last 30 days, from the roll-ups. */
export const TRAFFIC_VIEWS_TASK = 'traffic:views';
/** Asks each Facebook Page whether its token still works (pipeline/page-check.ts). */
export const PAGE_CHECK_TASK = 'channels:check-pages';
/** Makes the raw page views' partitions for the coming days, and drops those past retention. */
export const TRAFFIC_PARTITIONS_TASK = 'traffic:partitions';
/**
 * Asks Google which GA4 properties and Search Console sites the fleet's grant sees, and imports
 * the last three days of each mapped website again (pipeline/traffic-import), at midnight UTC.
 */
export const GOOGLE_TRAFFIC_TASK = 'traffic:google-import';
/**
 * Asks AdSense which accounts the fleet's grant sees, and imports the last three days of each
 * again (pipeline/revenue-import), at midnight UTC.
 */
export const ADSENSE_REVENUE_TASK = 'revenue:adsense-import';
/**
 * Fetches the ECB's reference rates into the exchange rates, when economics.ecb_rates_url is set
 * (modules/costs/ecb.ts), at midnight UTC: the ECB publishes a working day's in its afternoon.
 */
export const ECB_RATES_TASK = 'economics:ecb-rates';

/**
 * The first row of the task every installation starts with, due a minute after the seed, so that
 * the scheduled tasks list it before a scheduler has run (a scheduler adds the other tasks' rows
 * on its first tick). Safe to run on every start, with the base seed.
 */
export async function seedTaskRows(db: Db) {
  await db
    .insert(scheduledTasks)
    .values({ command: SESSION_PRUNE_TASK, nextRun: new Date(Date.now() + 60_000) })
    .onConflictDoNothing();
}

/** The audit log's retention in days: the setting, or the default when it is not a day count. */
async function auditRetentionDays(context: AppContext) {
  const setting = await readSettings(context.db, context.secrets, [AUDIT_RETENTION_SETTING]);
  const days = Number(setting[AUDIT_RETENTION_SETTING]);
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_AUDIT_RETENTION_DAYS;
}

/** The tasks every installation has. */
export const FIXED_TASKS: TaskDefinition[] = [
  {
    command: SESSION_PRUNE_TASK,
    nextRun: every(HOUR_MS),
    run: async (context) => {
      await pruneExpiredSessions(context.db);
    },
  },
  {
    command: RETRY_FAILED_TASK,
    nextRun: every(HOUR_MS),
    run: async (context) => {
      await retryFailedDeliveries(context, context.queue);
    },
  },
  {
    command: DERIVED_STATE_TASK,
    nextRun: every(HOUR_MS),
    run: async (context) => {
      for (const drift of await repairDerivedState(context.db)) {
        context.log.warn(`Repaired derived state: ${describeDrift(drift)}`);
      }
    },
  },
  {
    command: STAGE_COUNTS_FOLD_TASK,
    nextRun: every(STAGE_COUNTS_FOLD_MS),
    run: async (context) => {
      await foldStageCounts(context.db);
    },
  },
  {
    command: AUDIT_PRUNE_TASK,
    nextRun: every(HOUR_MS),
    run: async (context) => {
      await pruneAuditLog(context.db, await auditRetentionDays(context));
    },
  },
  {
    command: TRASH_PURGE_TASK,
    nextRun: every(HOUR_MS),
    run: async (context) => {
      await purgeExpiredTrash(context);
    },
  },
  {
    command: EVENTS_PRUNE_TASK,
    nextRun: every(EVENTS_PRUNE_MS),
    run: async (context) => {
      await pruneEvents(context.db, context.config.EVENTS_RETENTION_SECONDS);
    },
  },
  {
    // Every minute: each website's own interval is judged from its last check.
    command: MONITOR_CHECK_TASK,
    nextRun: every(MINUTE_MS),
    run: async (context) => {
      await queueDueChecks(context);
    },
  },
  {
    command: MONITOR_PRUNE_TASK,
    nextRun: every(HOUR_MS),
    run: async (context) => {
      await pruneChecks(context.db);
    },
  },
  {
    command: RENEWAL_NOTICE_TASK,
    nextRun: every(HOUR_MS),
    run: async (context) => {
      await sendRenewalNotices(context);
    },
  },
  {
    command: DELIVERY_PROBE_TASK,
    nextRun: every(MINUTE_MS),
    run: async (context) => {
      await probePausedWebsites(context);
    },
  },
  {
    command: SCHEDULED_PUBLISH_TASK,
    nextRun: every(MINUTE_MS),
    run: async (context) => {
      await publishDueVariants(context.db, context.queue);
    },
  },
  {
    command: DELIVERY_PRUNE_TASK,
    nextRun: every(HOUR_MS),
    run: async (context) => {
      const { retentionDays } = await readDeliveryPolicy(context);
      await pruneDeliveryAttempts(context.db, retentionDays);
      await pruneEventDeliveries(context.db, retentionDays);
    },
  },
  {
    command: OUTGOING_EVENTS_TASK,
    nextRun: every(MINUTE_MS),
    run: async (context) => {
      await relayNewEvents(context);
      await probePausedSubscriptions(context);
    },
  },
  {
    command: CHANNEL_TOKENS_TASK,
    nextRun: every(5 * MINUTE_MS),
    run: async (context) => {
      await refreshEndingTokens(context);
    },
  },
  {
    command: TRAFFIC_VIEWS_TASK,
    nextRun: every(10 * MINUTE_MS),
    run: async (context) => {
      await refreshViews(context.db);
    },
  },
  {
    command: PAGE_CHECK_TASK,
    nextRun: every(24 * HOUR_MS),
    run: async (context) => {
      await checkPageTokens(context);
    },
  },
  {
    command: TRAFFIC_PARTITIONS_TASK,
    nextRun: every(HOUR_MS),
    run: async (context) => {
      await keepTrafficPartitions(context);
    },
  },
  {
    command: GOOGLE_TRAFFIC_TASK,
    nextRun: onTheMark(24 * HOUR_MS),
    run: async (context) => {
      await importDaily(context);
    },
  },
  {
    command: ADSENSE_REVENUE_TASK,
    nextRun: onTheMark(24 * HOUR_MS),
    run: async (context) => {
      await importAdsenseDaily(context);
    },
  },
  {
    command: ECB_RATES_TASK,
    nextRun: onTheMark(24 * HOUR_MS),
    run: async (context) => {
      await fetchEcbRates(context);
    },
  },
  {
    command: HEALTH_WINDOW_ROLL_TASK,
    nextRun: onTheMark(5 * MINUTE_MS),
    run: async (context) => {
      await rollKeptWindows(context.db);
    },
  },
];

/** The tasks that follow the data: per-website AI refreshes, per-instance dispatch. */
export const TASK_SOURCES: TaskSource[] = [websiteRefreshTasks, instanceDispatchTasks];
