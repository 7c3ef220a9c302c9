import type { Channel, SocialNetwork } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { recordChange } from '../../../db/audit.ts';
import { type Db, idArray, queryRows } from '../../../db/client.ts';
import { audited, getChannel, markChannelReconnected } from '../service.ts';
import type { Account } from './accounts-of.ts';

/**
 * The accounts a consent gave, made channels: a new account is a channel of its own, on the app
 * that asked and for the websites given; an account that is a channel already (its network and
 * id) gets the new tokens and their ends instead, keeps its refresh token when the network sent
 * none, is linked to the websites given besides its own, and, when it waited for a reconnect, is
 * connected again with its held deliveries released. Each change is in the audit log, its tokens
 * only as changed.
 */

export interface Connection {
  network: SocialNetwork;
  appId: number;
  websiteIds: readonly number[];
  /** How the consent came: the audit entries say so. */
  via:
    | { connect: 'oauth' }
    | { connect: 'connect_link'; link_id: number }
    | { connect: 'login_with_google' };
}

interface Existing {
  id: number;
  name: string;
  status: string;
}

/** Links the websites (those that still exist) to the channel, beside the ones it has. */
async function linkWebsites(tx: Db, channelId: number, websiteIds: readonly number[]) {
  if (websiteIds.length === 0) return;
  await tx.execute(
    sql`INSERT INTO channel_websites (channel_id, website_id)
        SELECT ${channelId}, w.id FROM websites w WHERE w.id = ANY(${idArray(websiteIds)})
        ON CONFLICT DO NOTHING`,
  );
}

async function connectOne(
  tx: Db,
  { secrets, queue }: Pick<AppContext, 'secrets' | 'queue'>,
  connection: Connection,
  account: Account,
  now: Date,
): Promise<number> {
  const { network } = connection;
  const { tokens } = account;
  // Two consents of one account at once: the second waits, then finds the channel the first made.
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${`channel-account:${network}:${account.externalId}`}))`,
  );
  const [existing] = await queryRows<Existing>(
    tx,
    sql`SELECT id, name, status FROM channels
        WHERE network = ${network} AND external_id = ${account.externalId} FOR UPDATE`,
  );
  const accessToken = secrets.seal(tokens.accessToken);
  const refreshToken = tokens.refreshToken === null ? null : secrets.seal(tokens.refreshToken);
  if (existing) {
    const before = await audited(tx, existing.id);
    await tx.execute(
      sql`UPDATE channels
          SET access_token = ${accessToken}, token_expires_at = ${tokens.expiresAt},
              refresh_token = coalesce(${refreshToken}, refresh_token),
              refresh_expires_at = CASE WHEN ${refreshToken}::text IS NULL THEN refresh_expires_at
                                        ELSE ${tokens.refreshExpiresAt}::timestamptz END,
              app_id = ${connection.appId}, last_refreshed_at = ${now}, updated_at = ${now}
          WHERE id = ${existing.id}`,
    );
    await linkWebsites(tx, existing.id, connection.websiteIds);
    if (existing.status === 'needs_reconnect') await markChannelReconnected(tx, queue, existing.id);
    const after = await audited(tx, existing.id);
    await recordChange(
      tx,
      'channel',
      { id: existing.id, name: existing.name },
      before,
      after,
      connection.via,
    );
    return existing.id;
  }
  const [created] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO channels (network, name, external_id, app_id, access_token, refresh_token,
                              token_expires_at, refresh_expires_at, last_refreshed_at)
        VALUES (${network}, ${account.name}, ${account.externalId}, ${connection.appId},
                ${accessToken}, ${refreshToken}, ${tokens.expiresAt}, ${tokens.refreshExpiresAt},
                ${now})
        RETURNING id`,
  );
  const id = created!.id;
  await linkWebsites(tx, id, connection.websiteIds);
  await recordChange(
    tx,
    'channel',
    { id, name: account.name },
    null,
    await audited(tx, id),
    connection.via,
  );
  return id;
}

/** Makes (or connects again) a channel of each account, in the caller's transaction. */
export async function connectAccounts(
  tx: Db,
  context: Pick<AppContext, 'secrets' | 'queue'>,
  connection: Connection,
  accounts: readonly Account[],
  now: Date,
): Promise<Channel[]> {
  const channels: Channel[] = [];
  for (const account of accounts) {
    const id = await connectOne(tx, context, connection, account, now);
    channels.push(await getChannel(tx, id));
  }
  return channels;
}
