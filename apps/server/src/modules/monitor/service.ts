import {
  DEFAULT_MONITOR_INTERVAL_MINUTES,
  DEFAULT_RENEWAL_NOTICE_DAYS,
  MONITOR_CHECK,
  MONITOR_INTERVAL_SETTING,
  MONITOR_MESSAGES,
  type MonitorListQuery,
  type MonitorRow,
  type MonitorStatus,
  RENEWAL_NOTICE_SETTING,
  toIsoDate,
  WEBSITE_STATUS,
  WEBSITE_VIEW_TABS,
  type WebsiteMonitor,
  websiteSettingsPath,
} from '@sitefleet/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { recordChange } from '../../db/audit.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { pruneBefore } from '../../db/prune.ts';
import { websiteChecks, websites } from '../../db/schema.ts';
import { readSettings } from '../../db/settings.ts';
import { notFound } from '../../errors.ts';
import { websiteEventData } from '../../events/outgoing.ts';
import { pageOf } from '../../lists/page.ts';
import { searchCondition } from '../../lists/search.ts';
import { notify } from '../../notifications/notify.ts';
import { WEBSITE_AUDIENCE } from './check.ts';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Share of the website's checks since `hours` ago that succeeded, 0–100; null without checks. */
async function uptimes(db: Db, websiteId: number) {
  const [row] = await queryRows<{ day: number | null; week: number | null }>(
    db,
    sql`SELECT
          round(100.0 * count(*) FILTER (WHERE ok AND checked_at > now() - interval '24 hours')
            / NULLIF(count(*) FILTER (WHERE checked_at > now() - interval '24 hours'), 0), 2)::float8 AS day,
          round(100.0 * count(*) FILTER (WHERE ok) / NULLIF(count(*), 0), 2)::float8 AS week
        FROM website_checks
        WHERE website_id = ${websiteId} AND checked_at > now() - interval '7 days'`,
  );
  return { day: row?.day ?? null, week: row?.week ?? null };
}

/** GET /api/websites/{id}/monitor: the last check, the uptimes, the last checks. */
export async function getMonitor(db: Db, websiteId: number): Promise<WebsiteMonitor> {
  const [site] = await db.select().from(websites).where(eq(websites.id, websiteId));
  if (!site) throw notFound();
  const checks = await db
    .select()
    .from(websiteChecks)
    .where(eq(websiteChecks.websiteId, websiteId))
    .orderBy(desc(websiteChecks.checkedAt), desc(websiteChecks.id))
    .limit(MONITOR_CHECK.recentChecks);
  const uptime = await uptimes(db, websiteId);
  return {
    status: site.monitorStatus as MonitorStatus,
    checked_at: iso(site.monitorCheckedAt),
    http_status: site.monitorHttpStatus,
    response_ms: site.monitorResponseMs,
    error: site.monitorError,
    ssl_expires_at: iso(site.sslExpiresAt),
    uptime_24h: uptime.day,
    uptime_7d: uptime.week,
    maintenance_until: iso(site.maintenanceUntil),
    monitor_keyword: site.monitorKeyword,
    checks: checks.map((check) => ({
      id: check.id,
      checked_at: check.checkedAt.toISOString(),
      ok: check.ok,
      http_status: check.httpStatus,
      response_ms: check.responseMs,
      error: check.error,
      ssl_expires_at: iso(check.sslExpiresAt),
    })),
  };
}

const monitorColumns = {
  id: websites.id,
  name: websites.name,
  url: websites.url,
  status: websites.monitorStatus,
  checkedAt: websites.monitorCheckedAt,
  httpStatus: websites.monitorHttpStatus,
  responseMs: websites.monitorResponseMs,
  error: websites.monitorError,
  sslExpiresAt: websites.sslExpiresAt,
  maintenanceUntil: websites.maintenanceUntil,
};

/** GET /api/monitor: the fleet's websites, the down ones first, then by name. */
export function listMonitor(db: Db, request: MonitorListQuery) {
  const where = and(
    searchCondition(request.query, [websites.name, websites.url]),
    request.status ? eq(websites.monitorStatus, request.status) : undefined,
  );
  return pageOf<MonitorRow>(request, '/api/monitor', {
    rows: async (limit, offset) => {
      const rows = await db
        .select(monitorColumns)
        .from(websites)
        .where(where)
        .orderBy(
          sql`(${websites.monitorStatus} = 'down') DESC`,
          asc(websites.name),
          asc(websites.id),
        )
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        url: row.url,
        status: row.status as MonitorStatus,
        checked_at: iso(row.checkedAt),
        http_status: row.httpStatus,
        response_ms: row.responseMs,
        error: row.error,
        ssl_expires_at: iso(row.sslExpiresAt),
        maintenance_until: iso(row.maintenanceUntil),
      }));
    },
    count: async () => (await db.select({ total: count() }).from(websites).where(where))[0]!.total,
  });
}

/** Starts (`until`) or ends (null) a website's maintenance, with its audit entry. */
export async function setMaintenance(db: Db, websiteId: number, until: Date | null) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: websites.id, name: websites.name, maintenanceUntil: websites.maintenanceUntil })
      .from(websites)
      .where(eq(websites.id, websiteId))
      .for('update');
    if (!current) throw notFound();
    await tx.update(websites).set({ maintenanceUntil: until }).where(eq(websites.id, websiteId));
    await recordChange(
      tx,
      'website',
      current,
      { maintenance_until: iso(current.maintenanceUntil) },
      { maintenance_until: iso(until) },
    );
    return {
      message: until ? MONITOR_MESSAGES.maintenanceStarted : MONITOR_MESSAGES.maintenanceEnded,
      maintenance_until: iso(until),
    };
  });
}

/** A positive whole number setting, or its default. */
function positive(value: string | null, fallback: number) {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** Websites a monitor job checks side by side. */
const CHECK_BATCH = 20;

/**
 * Queues the checks of the active websites whose last check (or queueing) is an interval old, in
 * batches the workers run side by side; answers how many websites were queued.
 */
export async function queueDueChecks(context: Pick<AppContext, 'db' | 'queue' | 'secrets'>) {
  const setting = await readSettings(context.db, context.secrets, [MONITOR_INTERVAL_SETTING]);
  const minutes = positive(setting[MONITOR_INTERVAL_SETTING], DEFAULT_MONITOR_INTERVAL_MINUTES);
  // A little under the interval, so that a check due a few seconds after the tick is not skipped.
  const dueBefore = sql`now() - make_interval(secs => ${minutes * 60 - 30})`;
  return context.db.transaction(async (tx) => {
    const due = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE websites SET monitor_queued_at = now()
          WHERE status = ${WEBSITE_STATUS.active}
            AND (monitor_checked_at IS NULL OR monitor_checked_at <= ${dueBefore})
            AND (monitor_queued_at IS NULL OR monitor_queued_at <= ${dueBefore})
          RETURNING id`,
    );
    const ids = due.map((row) => row.id).sort((a, b) => a - b);
    const batches = [];
    for (let start = 0; start < ids.length; start += CHECK_BATCH) {
      batches.push({ websiteIds: ids.slice(start, start + CHECK_BATCH) });
    }
    await context.queue.send(tx, 'monitor-check', batches);
    return ids.length;
  });
}

/** Deletes the checks older than their retention, and the hourly counters of past days. */
export async function pruneChecks(db: Db) {
  const cutoff = new Date(Date.now() - MONITOR_CHECK.retentionDays * 86_400_000);
  const deleted = await pruneBefore(db, 'website_checks', 'checked_at', cutoff);
  await db.execute(
    sql`DELETE FROM notification_dedupe
        WHERE dedupe_key LIKE 'hour:%' AND created_at < now() - interval '1 day'`,
  );
  return deleted;
}

/**
 * Sends `renewal_due` and its `renewal.due` event for the active websites renewing within the
 * notice days, once per date.
 */
export async function sendRenewalNotices(context: Pick<AppContext, 'db' | 'queue' | 'secrets'>) {
  const setting = await readSettings(context.db, context.secrets, [RENEWAL_NOTICE_SETTING]);
  const days = positive(setting[RENEWAL_NOTICE_SETTING], DEFAULT_RENEWAL_NOTICE_DAYS);
  const today = toIsoDate(new Date());
  const due = await queryRows<{
    id: number;
    name: string;
    url: string;
    next_renewal_date: string;
    cost: string;
  }>(
    context.db,
    sql`SELECT id, name, url, next_renewal_date::text, cost::text FROM websites
        WHERE status = ${WEBSITE_STATUS.active}
          AND next_renewal_date BETWEEN ${today}::date AND ${today}::date + ${days}::int
        ORDER BY next_renewal_date, id`,
  );
  for (const site of due) {
    await notify(context.db, context.queue, {
      kind: 'renewal_due',
      subject: `website:${site.id}`,
      title: `${site.name} renews on ${site.next_renewal_date}`,
      body: `The hosting of ${site.name} renews on ${site.next_renewal_date} (${site.cost}).`,
      link: websiteSettingsPath(site.id, WEBSITE_VIEW_TABS.monitoring),
      audience: WEBSITE_AUDIENCE,
      onceKey: site.next_renewal_date,
      outgoing: [
        {
          type: 'renewal.due',
          data: {
            ...websiteEventData(site),
            renewal_date: site.next_renewal_date,
          },
        },
      ],
    });
  }
  return due.length;
}
