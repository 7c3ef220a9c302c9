import {
  isSocialNetwork,
  SOCIAL_APP_USAGE_MESSAGES,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { settleChannelDelivery } from '../content/publish/channels.ts';
import type { VariantContent } from '../content/variants.ts';
import { type Db, queryRows } from '../db/client.ts';
import { settingValues } from '../db/settings.ts';
import { publishDeliveryEvents, variantTarget } from '../events/publish.ts';
import { queueFor, type RunningJob } from '../jobs/queue.ts';
import type { TaskContext } from '../jobs/scheduler.ts';
import type { SettingSeed } from '../lib/settings-catalog.ts';
import { recordCost } from '../modules/costs/record.ts';

/**
 * The networks' quotas and prices, kept per social app and day (UTC) in its usage ledger: each
 * publish through a channel takes a call of its app's day, or, when that would break a quota, is
 * deferred to the next day (shown as deferred until then, never failed). What a network bills
 * per post is added to the day's cost once it is delivered.
 */

/** What a network limits and bills, by the names of its settings after `social.{network}.`. */
interface NetworkQuota {
  /** Publishing calls an app may make in a day; empty: no cap. */
  callsPerDay?: string;
  /** Accounts (channels) an app may post for in a day. */
  accountsPerDay?: string;
  /** What one delivered post costs, in US dollars, from the network's settings. */
  cost?: (variant: VariantContent, setting: (name: string) => number | null) => number;
}

const callsPerDaySetting = (
  network: SocialNetwork,
  cap: { value: string; why: string } | null = null,
): SettingSeed => ({
  fullPath: `social.${network}.daily_calls_per_app`,
  value: cap?.value ?? null,
  type: 'number',
  description: `Publishing calls one app may make in a day (UTC); more wait for the next day. ${
    cap?.why ?? 'Empty: no cap'
  }`,
});

/** Each network's quotas and prices, with the settings they read. */
const QUOTAS: Record<SocialNetwork, { rule: NetworkQuota; settings: SettingSeed[] }> = {
  facebook: {
    rule: { callsPerDay: 'daily_calls_per_app' },
    settings: [callsPerDaySetting('facebook')],
  },
  twitter: {
    rule: {
      callsPerDay: 'daily_calls_per_app',
      // Every tweet ends with its link (twitter.ts), so it is billed as a post with a link.
      cost: (_variant, setting) => setting('link_post_cost_usd') ?? setting('post_cost_usd') ?? 0,
    },
    settings: [
      callsPerDaySetting('twitter'),
      {
        fullPath: 'social.twitter.post_cost_usd',
        value: '0.015',
        type: 'number',
        description: 'What X bills for one post, in US dollars',
      },
      {
        fullPath: 'social.twitter.link_post_cost_usd',
        value: '0.20',
        type: 'number',
        description: 'What X bills for one post with a link, in US dollars',
      },
    ],
  },
  linkedin: {
    rule: { callsPerDay: 'daily_calls_per_app' },
    settings: [callsPerDaySetting('linkedin')],
  },
  tiktok: {
    rule: { callsPerDay: 'daily_calls_per_app', accountsPerDay: 'daily_posting_accounts' },
    settings: [
      callsPerDaySetting('tiktok'),
      {
        fullPath: 'social.tiktok.daily_posting_accounts',
        value: '5',
        type: 'number',
        description:
          'Accounts one TikTok app may post for in a day (TikTok allows 5 until it audits the app); more wait for the next day',
      },
    ],
  },
  youtube: {
    // Each publish is one upload (videos.insert).
    rule: { callsPerDay: 'daily_calls_per_app' },
    settings: [
      callsPerDaySetting('youtube', {
        value: '100',
        why: 'YouTube allows an app 100 uploads a day',
      }),
    ],
  },
};

/** The quota settings of every network that publishes through channels, for the catalogue. */
export const QUOTA_SETTINGS = SOCIAL_NETWORKS.flatMap((network) => QUOTAS[network].settings);

/** A network's quota settings as numbers; null where empty or unreadable. */
async function numbersOf(context: TaskContext, executor: Db, network: SocialNetwork) {
  const values = await settingValues(executor, context.secrets, `social.${network}.`);
  return (name: string) => {
    const value = values[`social.${network}.${name}`];
    const number = value === null || value === undefined || value === '' ? NaN : Number(value);
    return Number.isFinite(number) ? number : null;
  };
}

const today = () => new Date().toISOString().slice(0, 10);
/** The day a job's call counts against: today, or the later day a deferral moved it to. */
function quotaDayOf(job: RunningJob) {
  const now = today();
  return job.data.quotaDay && job.data.quotaDay > now ? job.data.quotaDay : now;
}
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The app a channel publishes through: its own, else its network's default. */
async function appOf(tx: Db, channelId: number) {
  const [row] = await queryRows<{ app_id: number | null }>(
    tx,
    sql`SELECT coalesce(c.app_id, (SELECT a.id FROM social_apps a
                                   WHERE a.network = c.network AND a.is_default)) AS app_id
        FROM channels c WHERE c.id = ${channelId}`,
  );
  return row?.app_id ?? null;
}

/**
 * Takes a call of the job's app for its day, or defers the job to the next day when the call
 * would break one of its network's quotas: true when it was deferred (no attempt is made then).
 * The day's row is locked, so that concurrent workers never take more than the quota.
 */
export async function deferredByQuota(
  context: TaskContext,
  job: RunningJob,
  variant: VariantContent,
): Promise<boolean> {
  const { channelId, target } = job.data;
  if (channelId === undefined || !isSocialNetwork(target)) return false;
  const { rule } = QUOTAS[target];
  const setting = await numbersOf(context, context.db, target);
  const callsCap = rule.callsPerDay ? setting(rule.callsPerDay) : null;
  const accountsCap = rule.accountsPerDay ? setting(rule.accountsPerDay) : null;
  const day = quotaDayOf(job);
  return context.db.transaction(async (tx) => {
    const appId = await appOf(tx, channelId);
    if (appId === null) return false;
    await tx.execute(
      sql`INSERT INTO social_app_usage (app_id, day) VALUES (${appId}, ${day})
          ON CONFLICT DO NOTHING`,
    );
    // The day's row is locked first, and read in a statement of its own: in PostgreSQL's read
    // committed, a statement that waited for the lock would count the posters as they were before
    // the wait, and a sixth account would slip past a cap of five.
    await tx.execute(
      sql`SELECT 1 FROM social_app_usage WHERE app_id = ${appId} AND day = ${day} FOR UPDATE`,
    );
    const [usage] = await queryRows<{ calls: number; accounts: number; posted: boolean }>(
      tx,
      sql`SELECT u.calls,
                 (SELECT count(*)::int FROM social_app_posters p
                  WHERE p.app_id = u.app_id AND p.day = u.day) AS accounts,
                 EXISTS (SELECT 1 FROM social_app_posters p WHERE p.app_id = u.app_id
                         AND p.day = u.day AND p.channel_id = ${channelId}) AS posted
          FROM social_app_usage u WHERE u.app_id = ${appId} AND u.day = ${day}`,
    );
    const over =
      (callsCap !== null && usage!.calls >= callsCap) ||
      (accountsCap !== null && !usage!.posted && usage!.accounts >= accountsCap);
    if (over) {
      await defer(tx, context, job, variant, { appId, day });
      return true;
    }
    await tx.execute(
      sql`UPDATE social_app_usage SET calls = calls + 1 WHERE app_id = ${appId} AND day = ${day}`,
    );
    if (accountsCap !== null) {
      await tx.execute(
        sql`INSERT INTO social_app_posters (app_id, day, channel_id)
            VALUES (${appId}, ${day}, ${channelId}) ON CONFLICT DO NOTHING`,
      );
    }
    return false;
  });
}

/** Queues the job again for the next day's quota, and says so on the variant's channel. */
async function defer(
  tx: Db,
  context: TaskContext,
  job: RunningJob,
  variant: VariantContent,
  { appId, day }: { appId: number; day: string },
) {
  const quotaDay = nextDay(day);
  const until = new Date(`${quotaDay}T00:00:00Z`);
  await tx.execute(
    sql`UPDATE social_app_usage SET deferred = deferred + 1
        WHERE app_id = ${appId} AND day = ${day}`,
  );
  await context.queue.enqueue(tx, [
    { queue: queueFor(job.data.target), data: { ...job.data, quotaDay }, startAfter: until },
  ]);
  const { kind, variantId, target, channelId } = job.data;
  await settleChannelDelivery(tx, {
    kind,
    variantId,
    network: target as SocialNetwork,
    channelId: channelId!,
    status: 'queued',
    error: SOCIAL_APP_USAGE_MESSAGES.deferredUntil(until.toISOString()),
  });
  await publishDeliveryEvents(tx, kind, 'queued', [variantTarget(variant, target)]);
}

/** Adds what a delivered post costs to its app's day and to its website's cost ledger. */
export async function addPostCost(
  context: TaskContext,
  tx: Db,
  job: RunningJob,
  variant: VariantContent,
) {
  const { channelId, target } = job.data;
  if (channelId === undefined || !isSocialNetwork(target)) return;
  const { cost } = QUOTAS[target].rule;
  if (!cost) return;
  // Read in the delivery's transaction: a second connection could wait for it forever.
  const amount = cost(variant, await numbersOf(context, tx, target));
  if (amount === 0) return;
  const day = quotaDayOf(job);
  // The website's ledger too (US dollars, as the networks' prices are), in the same transaction.
  await recordCost(tx, {
    websiteId: variant.website.id,
    day,
    kind: 'social',
    source: target,
    amount,
    currency: 'USD',
  });
  const appId = await appOf(tx, channelId);
  if (appId === null) return;
  await tx.execute(
    sql`INSERT INTO social_app_usage (app_id, day, cost) VALUES (${appId}, ${day}, ${amount})
        ON CONFLICT (app_id, day) DO UPDATE SET cost = social_app_usage.cost + EXCLUDED.cost`,
  );
}
