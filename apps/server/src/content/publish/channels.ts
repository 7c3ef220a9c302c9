import {
  CHANNEL_MESSAGES,
  type DeliveryStatus,
  type DeliveryTarget,
  isSocialNetwork,
  postedFlag,
  type SocialNetwork,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, idArray, queryRows, textArray } from '../../db/client.ts';
import { type ContentJob, contentJob, type JobQueue } from '../../jobs/queue.ts';
import { kindOf } from '../kinds.ts';
import { settingDeliveries } from './delivery-state.ts';

/**
 * Which channels a variant goes to, and what each made of it. A variant of website W goes to
 * every channel of the network linked to W that is not disabled; when W has none, to the
 * network's default channel; when there is neither, the network is skipped for W's variants. A
 * network whose generic webhook is set sends there instead, one job per variant and no channel.
 * Each channel's delivery is a row of `variant_channels`; the network's entry in the variant's
 * `deliveries` and its posted flag sum its channels up.
 */

type Kind = 'category' | 'post';

/** A channel `c` that takes the variants of website `websiteId` on `network`. */
const linkedTo = (websiteId: SQL, network: SQL) =>
  sql`EXISTS (SELECT 1 FROM channel_websites cw WHERE cw.channel_id = c.id
              AND cw.website_id = ${websiteId})
      AND c.network = ${network} AND c.status <> 'disabled'`;

/** The channels of `network` that take the variants of website `websiteId` (an SQL expression). */
function routedChannels(websiteId: SQL, network: SQL): SQL {
  return sql`SELECT c.id FROM channels c WHERE ${linkedTo(websiteId, network)}
             UNION ALL
             SELECT c.id FROM channels c
             WHERE c.network = ${network} AND c.is_default AND c.status <> 'disabled'
               AND NOT EXISTS (SELECT 1 FROM channels c WHERE ${linkedTo(websiteId, network)})`;
}

/** Whether website `w` has a channel of `network` to publish to (a linked one, or the default). */
export const websiteHasChannel = (network: SocialNetwork) =>
  sql`EXISTS (${routedChannels(sql`w.id`, sql`${network}::text`)})`;

/** The targets of `targets` that go through channels: networks whose generic webhook is not set. */
export async function channelRouted(
  executor: Executor,
  targets: readonly DeliveryTarget[],
): Promise<SocialNetwork[]> {
  const networks = targets.filter(isSocialNetwork);
  if (networks.length === 0) return [];
  const webhooks = await queryRows<{ network: string }>(
    executor,
    sql`SELECT split_part(full_path, '.', 2) AS network FROM settings
        WHERE full_path = ANY(${textArray(networks.map((network) => `social.${network}.webhook_url`))})
          AND coalesce(value, '') <> ''`,
  );
  const byWebhook = new Set(webhooks.map((row) => row.network));
  return networks.filter((network) => !byWebhook.has(network));
}

/**
 * The skip of each website with no channel of a routed network among the variants `v` that
 * `variantCondition` selects: one entry per website, naming it.
 */
export async function skippedWithoutChannel(
  executor: Executor,
  kind: Kind,
  variantCondition: SQL,
  networks: readonly SocialNetwork[],
): Promise<{ reason: string; count: number }[]> {
  const skipped: { reason: string; count: number }[] = [];
  for (const network of networks) {
    const rows = await queryRows<{ name: string; count: number }>(
      executor,
      sql`SELECT w.name, count(*)::int AS count
          FROM ${sql.identifier(kindOf(kind).variants)} v JOIN websites w ON w.id = v.website_id
          WHERE ${variantCondition} AND NOT ${websiteHasChannel(network)}
          GROUP BY w.id, w.name ORDER BY w.name, w.id`,
    );
    for (const row of rows) {
      skipped.push({ reason: CHANNEL_MESSAGES.noChannel(network, row.name), count: row.count });
    }
  }
  return skipped;
}

/** A variant queued to a network, and the channels it goes to. */
export interface ChannelRoute {
  variantId: number;
  network: SocialNetwork;
  channelIds: number[];
}

/**
 * Marks the variants' deliveries to their routed channels queued (rows of channels no longer
 * routed go) and answers each variant's channels per network.
 */
export async function queueChannelDeliveries(
  tx: Executor,
  kind: Kind,
  variants: readonly { id: number; website_id: number }[],
  networks: readonly SocialNetwork[],
): Promise<ChannelRoute[]> {
  if (variants.length === 0 || networks.length === 0) return [];
  const rows = await queryRows<{ variant_id: number; network: SocialNetwork; channels: number[] }>(
    tx,
    sql`SELECT v.id AS variant_id, n.network,
               ARRAY(${routedChannels(sql`v.website_id`, sql`n.network`)} ORDER BY 1) AS channels
        FROM unnest(${idArray(variants.map((variant) => variant.id))},
                    ${idArray(variants.map((variant) => variant.website_id))})
             AS v(id, website_id)
        CROSS JOIN unnest(${textArray(networks)}) AS n(network)`,
  );
  const routes = rows
    .filter((row) => row.channels.length > 0)
    .map((row) => ({ variantId: row.variant_id, network: row.network, channelIds: row.channels }));
  await tx.execute(
    sql`DELETE FROM variant_channels
        WHERE kind = ${kind} AND variant_id = ANY(${idArray(variants.map((variant) => variant.id))})
          AND network = ANY(${textArray(networks)})`,
  );
  const queued = routes.flatMap((route) =>
    route.channelIds.map((channelId) => ({ ...route, channelId })),
  );
  if (queued.length > 0) {
    await tx.execute(
      sql`INSERT INTO variant_channels (kind, variant_id, channel_id, network, status)
          SELECT ${kind}, variant_id, channel_id, network, 'queued'
          FROM unnest(${idArray(queued.map((row) => row.variantId))},
                      ${idArray(queued.map((row) => row.channelId))},
                      ${textArray(queued.map((row) => row.network))})
               AS q(variant_id, channel_id, network)`,
    );
  }
  return routes;
}

/**
 * The failed channel deliveries of the variants' networks, marked queued again for a retry:
 * each variant's channels per network. A network without channel rows (its webhook's) is
 * retried as a whole by the caller.
 */
export async function requeueFailedChannels(
  tx: Executor,
  kind: Kind,
  variantIds: readonly number[],
  networks: readonly DeliveryTarget[],
): Promise<ChannelRoute[]> {
  const rows = await queryRows<{ variant_id: number; network: SocialNetwork; channels: number[] }>(
    tx,
    sql`WITH requeued AS (
          UPDATE variant_channels SET status = 'queued', error = NULL, updated_at = now()
          WHERE kind = ${kind} AND variant_id = ANY(${idArray(variantIds)})
            AND network = ANY(${textArray(networks)}) AND status = 'failed'
          RETURNING variant_id, network, channel_id)
        SELECT variant_id, network, array_agg(channel_id ORDER BY channel_id) AS channels
        FROM requeued GROUP BY variant_id, network`,
  );
  return rows.map((row) => ({
    variantId: row.variant_id,
    network: row.network,
    channelIds: row.channels,
  }));
}

/** A job per channel of each route, for the variants of `variants`. */
export function channelJobs(
  kind: Kind,
  variants: readonly { id: number; version: number }[],
  routes: readonly ChannelRoute[],
): ContentJob[] {
  const byId = new Map(variants.map((variant) => [variant.id, variant]));
  return routes.flatMap((route) => {
    const variant = byId.get(route.variantId);
    return variant
      ? route.channelIds.map((channelId) => contentJob(kind, variant, route.network, channelId))
      : [];
  });
}

/**
 * The network's entry of variant `variantId`'s deliveries, summed from its channels: queued while
 * any is, else paused if any is held, else failed if any failed, else delivered; the error of a
 * failed channel first, named after its channel. No entry when no channel is left (deleted).
 */
function networkSummary(kind: Kind, variantId: number, network: SocialNetwork): SQL {
  return sql`coalesce((SELECT jsonb_build_object(${network}::text, jsonb_build_object(
                'status', CASE WHEN bool_or(vc.status = 'queued') THEN 'queued'
                               WHEN bool_or(vc.status = 'paused') THEN 'paused'
                               WHEN bool_or(vc.status = 'failed') THEN 'failed'
                               ELSE 'delivered' END,
                'error', (array_agg(c.name || ': ' || vc.error
                                    ORDER BY vc.status = 'failed' DESC, c.id)
                          FILTER (WHERE vc.error IS NOT NULL))[1]))
              FROM variant_channels vc JOIN channels c ON c.id = vc.channel_id
              WHERE vc.kind = ${kind} AND vc.variant_id = ${variantId}
                AND vc.network = ${network}
              HAVING count(*) > 0), '{}'::jsonb)`;
}

/** One channel's delivery of a variant, as a job's outcome leaves it. */
export interface ChannelDelivery {
  kind: Kind;
  variantId: number;
  network: SocialNetwork;
  channelId: number;
  status: DeliveryStatus;
  error: string | null;
  externalId?: string | null;
}

/** Records one channel's delivery of a variant, then sums the network's channels up. */
export async function settleChannelDelivery(tx: Executor, delivery: ChannelDelivery) {
  const { kind, variantId, network, channelId, status, error } = delivery;
  await tx.execute(
    sql`INSERT INTO variant_channels (kind, variant_id, channel_id, network, status, error,
                                      external_id)
        SELECT ${kind}, ${variantId}, ${channelId}, ${network}, ${status}, ${error},
               ${delivery.externalId ?? null}
        WHERE EXISTS (SELECT 1 FROM channels WHERE id = ${channelId})
        ON CONFLICT (kind, variant_id, channel_id) DO UPDATE
        SET status = EXCLUDED.status, error = EXCLUDED.error,
            external_id = coalesce(EXCLUDED.external_id, variant_channels.external_id),
            updated_at = now()`,
  );
  if (status === 'delivered') {
    await tx.execute(
      sql`UPDATE channels SET last_published_at = now(), last_error = NULL WHERE id = ${channelId}`,
    );
  } else if (status === 'failed' && error) {
    await tx.execute(sql`UPDATE channels SET last_error = ${error} WHERE id = ${channelId}`);
  }
  await sumChannels(tx, kind, variantId, network);
}

/**
 * The network's entry and posted flag of a variant, from all its channels: posted once every
 * channel it went to has it. One statement, so workers finishing different channels never
 * overwrite each other's outcome.
 */
async function sumChannels(tx: Executor, kind: Kind, variantId: number, network: SocialNetwork) {
  await tx.execute(
    sql`UPDATE ${sql.identifier(kindOf(kind).variants)}
        SET ${sql.identifier(postedFlag(network))} = NOT EXISTS (
              SELECT 1 FROM variant_channels
              WHERE kind = ${kind} AND variant_id = ${variantId} AND network = ${network}
                AND status <> 'delivered')
            AND EXISTS (SELECT 1 FROM variant_channels
                        WHERE kind = ${kind} AND variant_id = ${variantId} AND network = ${network}),
            ${settingDeliveries(
              sql`(deliveries - ${network}::text) || ${networkSummary(kind, variantId, network)}`,
            )},
            updated_at = now()
        WHERE id = ${variantId}`,
  );
}

/**
 * Queues again the deliveries a channel held while it waited for a reconnect, each as the variant
 * stands now; call it in the transaction that connects the channel again. Answers how many.
 */
export async function releaseChannel(
  tx: Executor,
  queue: JobQueue,
  channelId: number,
): Promise<number> {
  const released = await queryRows<{
    kind: Kind;
    variant_id: number;
    network: SocialNetwork;
    version: number;
  }>(
    tx,
    sql`WITH released AS (
          UPDATE variant_channels SET status = 'queued', error = NULL, updated_at = now()
          WHERE channel_id = ${channelId} AND status = 'paused'
          RETURNING kind, variant_id, network)
        SELECT r.kind, r.variant_id, r.network, coalesce(pv.version, cv.version) AS version
        FROM released r
        LEFT JOIN post_variants pv ON r.kind = 'post' AND pv.id = r.variant_id
        LEFT JOIN category_variants cv ON r.kind = 'category' AND cv.id = r.variant_id
        WHERE coalesce(pv.id, cv.id) IS NOT NULL`,
  );
  for (const row of released) await sumChannels(tx, row.kind, row.variant_id, row.network);
  return queue.enqueue(
    tx,
    released.map((row) =>
      contentJob(row.kind, { id: row.variant_id, version: row.version }, row.network, channelId),
    ),
  );
}
