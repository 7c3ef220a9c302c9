import {
  CHANNEL_MESSAGES,
  PUBLISH_TARGET_LABELS,
  type SOCIAL_NETWORKS,
  type SocialNetwork,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { TaskContext } from '../jobs/scheduler.ts';
import { DeliveryError } from '../lib/delivery-http.ts';
import { notify } from '../notifications/notify.ts';
import { loadAccount } from './targets/channel-account.ts';
import { socialCall } from './targets/connector.ts';
import { PUBLISHING_TARGETS } from './targets/index.ts';
import { REFRESH_REFUSED, refreshedToken, refreshRequestOf } from './targets/user-tokens.ts';

/**
 * A channel whose network refused to refresh its token: it needs a person to reconnect it, its
 * deliveries are held (not failed) until then, and those who see the channels are told, naming
 * the websites it publishes for. Only the first refusal tells: a channel already waiting stays as
 * it is.
 */
export async function markNeedsReconnect(
  tx: Db,
  queue: JobQueue,
  channelId: number,
  error: string,
) {
  const [channel] = await queryRows<{
    id: number;
    name: string;
    network: SocialNetwork;
    is_default: boolean;
    websites: { id: number; name: string }[];
  }>(
    tx,
    sql`UPDATE channels c SET status = 'needs_reconnect', last_error = ${error}, updated_at = now()
        WHERE id = ${channelId} AND status = 'connected'
        RETURNING id, name, network, is_default,
          (SELECT coalesce(json_agg(json_build_object('id', w.id, 'name', w.name) ORDER BY w.name),
                           '[]')
           FROM channel_websites cw JOIN websites w ON w.id = cw.website_id
           WHERE cw.channel_id = c.id) AS websites`,
  );
  if (!channel) return;
  const names = channel.websites.map((website) => website.name);
  if (channel.is_default) names.push(CHANNEL_MESSAGES.everyWebsiteWithout(channel.network));
  await notify(tx, queue, {
    kind: 'channel_needs_reconnect',
    subject: `channel:${channel.id}`,
    title: CHANNEL_MESSAGES.needsReconnectTitle(
      `${PUBLISH_TARGET_LABELS[channel.network]} channel ${channel.name}`,
    ),
    body: CHANNEL_MESSAGES.needsReconnectBody(error, names.join(', ')),
    link: `/admin/channels?status=needs_reconnect`,
    audience: ['channel-list'],
    outgoing: [
      {
        type: 'channel.needs_reconnect',
        data: {
          id: channel.id,
          network: channel.network,
          name: channel.name,
          error,
          website_ids: channel.websites.map((website) => website.id),
        },
      },
    ],
  });
}

/**
 * An access token is refreshed this long before it ends: X's live 2 hours, Google's 1 hour, so
 * the task (every few minutes) renews each well before a publish would find it ended.
 */
const REFRESH_AHEAD_MS = 30 * 60_000;

/** What a run of the refresh did: tokens renewed, refusals (channels now waiting), other failures. */
export interface RefreshRun {
  refreshed: number;
  refused: number;
  failed: number;
}

/**
 * Renews every connected channel's access token that ends within REFRESH_AHEAD_MS of `now` (the
 * clock, or the time a test sets), with its refresh token and its app's credentials, one process
 * at a time per channel. A refusal marks the channel as needing a reconnect; a 5xx, a time-out or
 * a 429 changes nothing, and the next run tries again.
 */
export async function refreshEndingTokens(context: TaskContext, now = new Date()) {
  const run: RefreshRun = { refreshed: 0, refused: 0, failed: 0 };
  const due = await queryRows<{ id: number; network: (typeof SOCIAL_NETWORKS)[number] }>(
    context.db,
    sql`SELECT id, network FROM channels
        WHERE status = 'connected' AND refresh_token IS NOT NULL
          AND token_expires_at <= ${new Date(now.getTime() + REFRESH_AHEAD_MS)}
        ORDER BY token_expires_at, id`,
  );
  for (const { id, network } of due) {
    const refresh = PUBLISHING_TARGETS[network]?.refresh;
    const account = await loadAccount(context.db, context, network, id);
    if (!refresh || !account) continue;
    const timeoutMs = context.config.DELIVERY_TIMEOUT_MS;
    const call = socialCall(network, {}, account, { context, timeoutMs, refresh, now });
    const request = refreshRequestOf(call);
    if (!request) continue;
    try {
      await refreshedToken(call, request, account.accessToken);
      run.refreshed += 1;
    } catch (error) {
      if (error instanceof DeliveryError && error.detail.code === REFRESH_REFUSED) {
        await context.db.transaction((tx) =>
          markNeedsReconnect(tx, context.queue, id, error.message),
        );
        run.refused += 1;
      } else {
        run.failed += 1;
        const message = error instanceof Error ? error.message : String(error);
        context.log.warn({ event: 'token_refresh_failed', channelId: id, error: message });
      }
    }
  }
  return run;
}
