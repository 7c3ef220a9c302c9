import {
  type Ability,
  daysLeft,
  MONITOR_CHECK,
  MONITOR_ERRORS,
  type MonitorStatus,
  WEBSITE_VIEW_TABS,
  websiteSettingsPath,
} from '@sitefleet/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { notificationDedupe, websiteChecks, websites } from '../../db/schema.ts';
import { emitEvents, websiteEventData } from '../../events/outgoing.ts';
import {
  type Outbound,
  OutboundRefused,
  type ProbedCertificate,
  ProbeTimeout,
} from '../../lib/outbound.ts';
import { notify } from '../../notifications/notify.ts';

/**
 * One check of a website: a GET through the outbound guard, recorded; two failures in a row make
 * the website down, one success up again. The users who may see the website hear of it, and the
 * subscriptions to its events (website.down, website.up, certificate.expiring).
 */

type Monitored = Pick<AppContext, 'db' | 'queue' | 'outbound'>;

interface Outcome {
  ok: boolean;
  httpStatus: number | null;
  responseMs: number | null;
  error: string | null;
  certificate: ProbedCertificate | null;
}

/** Why a connection failed, in a few words. */
function failureOf(error: unknown): string {
  if (error instanceof ProbeTimeout) return MONITOR_ERRORS.timeout;
  if (error instanceof OutboundRefused) return error.message;
  const code = (error as { code?: string }).code;
  return `could not connect${code ? ` (${code})` : ''}`;
}

/** Calls the website and judges its answer: status, certificate, keyword. */
async function probe(outbound: Outbound, url: string, keyword: string | null): Promise<Outcome> {
  const started = performance.now();
  try {
    const answer = await outbound.probe(url, {
      timeoutMs: MONITOR_CHECK.timeoutMs,
      maxRedirects: MONITOR_CHECK.maxRedirects,
    });
    const responseMs = Math.round(performance.now() - started);
    const { certificate } = answer;
    const failed = (error: string) => ({
      ok: false,
      httpStatus: answer.status,
      responseMs,
      error,
      certificate,
    });
    if (certificate?.untrusted) {
      return failed(
        certificate.expiresAt.getTime() <= Date.now()
          ? MONITOR_ERRORS.certificateExpired
          : MONITOR_ERRORS.certificateUntrusted(certificate.untrusted),
      );
    }
    if (answer.status < 200 || answer.status >= 300) {
      return failed(MONITOR_ERRORS.httpStatus(answer.status));
    }
    if (keyword && !answer.body.includes(keyword)) return failed(MONITOR_ERRORS.keyword);
    return { ok: true, httpStatus: answer.status, responseMs, error: null, certificate };
  } catch (error) {
    return {
      ok: false,
      httpStatus: null,
      responseMs: null,
      error: failureOf(error),
      certificate: null,
    };
  }
}

const subjectOf = (id: number) => `website:${id}`;

/** Who hears of a website: whoever may see it in the Websites list. */
export const WEBSITE_AUDIENCE: readonly Ability[] = ['website-list'];

/** Checks one website now and records it; answers nothing when the website is gone. */
export async function checkWebsite(context: Monitored, websiteId: number): Promise<void> {
  const [site] = await context.db
    .select({
      id: websites.id,
      name: websites.name,
      url: websites.url,
      status: websites.monitorStatus,
      failures: websites.monitorFailures,
      keyword: websites.monitorKeyword,
      maintenanceUntil: websites.maintenanceUntil,
    })
    .from(websites)
    .where(eq(websites.id, websiteId));
  if (!site) return;
  const outcome = await probe(context.outbound, site.url, site.keyword);
  const failures = outcome.ok ? 0 : Math.min(site.failures + 1, 1000);
  const previous = site.status as MonitorStatus;
  const status: MonitorStatus = outcome.ok
    ? 'up'
    : failures >= MONITOR_CHECK.failuresForDown
      ? 'down'
      : previous;
  const now = new Date();
  const sslExpiresAt = outcome.certificate?.expiresAt ?? null;
  const muted = site.maintenanceUntil !== null && site.maintenanceUntil.getTime() > now.getTime();
  await context.db.transaction(async (tx) => {
    await tx.insert(websiteChecks).values({
      websiteId,
      checkedAt: now,
      ok: outcome.ok,
      httpStatus: outcome.httpStatus,
      responseMs: outcome.responseMs,
      error: outcome.error,
      sslExpiresAt,
    });
    await tx
      .update(websites)
      .set({
        monitorStatus: status,
        monitorFailures: failures,
        monitorCheckedAt: now,
        monitorHttpStatus: outcome.httpStatus,
        monitorResponseMs: outcome.responseMs,
        monitorError: outcome.error,
        // A failed connection says nothing of the certificate: the last one seen stays.
        ...(sslExpiresAt ? { sslExpiresAt } : {}),
      })
      .where(eq(websites.id, websiteId));
    await announceState(tx, site, { status, previous, error: outcome.error, muted });
  });
  await tellUsers(context, site, { status, previous, outcome, sslExpiresAt, muted });
}

/** The gate of `website.down`: its row is there from the event to the website's recovery. */
const DOWN_ANNOUNCED = { kind: 'website.down', dedupeKey: 'down' } as const;

/**
 * The outgoing events of a check, in its transaction: `website.down` once per time the website is
 * down, at the first check that finds it down outside maintenance (an alert maintenance held back
 * goes once it ends, as the notification does), and `website.up` when a website so announced
 * answers again. The gate's row makes it once, however many checks find it still down.
 */
async function announceState(
  tx: Db,
  site: { id: number; name: string; url: string },
  change: { status: MonitorStatus; previous: MonitorStatus; error: string | null; muted: boolean },
) {
  const website = websiteEventData(site);
  const gate = { ...DOWN_ANNOUNCED, subject: subjectOf(site.id) };
  if (change.status === 'down' && !change.muted) {
    const opened = await tx
      .insert(notificationDedupe)
      .values(gate)
      .onConflictDoNothing()
      .returning({ key: notificationDedupe.dedupeKey });
    if (opened.length > 0) {
      await emitEvents(tx, [
        { type: 'website.down', data: { ...website, error: change.error ?? 'no answer' } },
      ]);
    }
  }
  if (change.status === 'up' && change.previous === 'down') {
    const closed = await tx
      .delete(notificationDedupe)
      .where(
        and(
          eq(notificationDedupe.kind, gate.kind),
          eq(notificationDedupe.subject, gate.subject),
          eq(notificationDedupe.dedupeKey, gate.dedupeKey),
        ),
      )
      .returning({ key: notificationDedupe.dedupeKey });
    if (closed.length > 0) await emitEvents(tx, [{ type: 'website.up', data: website }]);
  }
}

/** The notifications a check causes; alerts wait while the website is in maintenance. */
async function tellUsers(
  context: Monitored,
  site: { id: number; name: string; url: string; maintenanceUntil: Date | null },
  change: {
    status: MonitorStatus;
    previous: MonitorStatus;
    outcome: Outcome;
    sslExpiresAt: Date | null;
    muted: boolean;
  },
) {
  const base = {
    subject: subjectOf(site.id),
    link: websiteSettingsPath(site.id, WEBSITE_VIEW_TABS.monitoring),
    audience: WEBSITE_AUDIENCE,
  };
  if (change.status === 'up' && change.previous === 'down') {
    await notify(context.db, context.queue, {
      ...base,
      kind: 'website_up',
      title: `${site.name} is up again`,
      body: `${site.url} answers again (HTTP ${change.outcome.httpStatus}).`,
    });
  }
  if (change.muted) return;
  if (change.status === 'down') {
    await notify(context.db, context.queue, {
      ...base,
      kind: 'website_down',
      title: `${site.name} is down`,
      body: `${site.url}: ${change.outcome.error ?? 'no answer'}.`,
    });
  }
  if (change.sslExpiresAt) {
    const days = daysLeft(change.sslExpiresAt.toISOString());
    if (days <= MONITOR_CHECK.sslWarningDays) {
      await notify(context.db, context.queue, {
        ...base,
        kind: 'ssl_expiring',
        title: `${site.name}: certificate expires in ${days} day${days === 1 ? '' : 's'}`,
        body: `The certificate of ${site.url} expires on ${change.sslExpiresAt.toISOString()}.`,
        onceKey: change.sslExpiresAt.toISOString(),
        // Sent with the notification, past its gate: once per certificate.
        outgoing: [
          {
            type: 'certificate.expiring',
            data: {
              ...websiteEventData(site),
              expires_at: change.sslExpiresAt.toISOString(),
              days_left: days,
            },
          },
        ],
      });
    }
  }
}

/** A monitor job: its websites checked side by side, each within the check's time-out. */
export async function checkWebsites(context: Monitored, websiteIds: readonly number[]) {
  const results = await Promise.allSettled(websiteIds.map((id) => checkWebsite(context, id)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
