import {
  CHANNEL_MESSAGES,
  type Channel,
  type ChannelCreate,
  type ChannelListQuery,
  type ChannelUpdate,
  channelsResource,
  type SocialNetwork,
} from '@sitefleet/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { releaseChannel } from '../../content/publish/channels.ts';
import type { AppContext } from '../../context.ts';
import { recordChange } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { missingIds } from '../../db/ids.ts';
import { channels, channelWebsites, socialApps } from '../../db/schema.ts';
import { deleteToTrash } from '../../db/trash.ts';
import { notFound, validationError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { isoText, listOrder, pageOf } from '../../lists/page.ts';
import { searchCondition } from '../../lists/search.ts';
import { currentUser } from '../../plugins/auth.ts';
import { takeDefault } from './defaults.ts';

/**
 * The social channels: each a network's account with its sealed tokens, linked to the websites
 * it publishes for. Listed with their tokens' expiry, made, changed (the fields sent), trashed
 * with their website links. No answer, audit entry or trash listing carries a token.
 */

/**
 * A channel's websites, by name, as the answer shows them. The channel is named by its table:
 * drizzle writes a column of a one-table select without it, which the subquery would take as its
 * own website's id.
 */
const WEBSITES = sql<{ id: number; name: string }[]>`COALESCE((
  SELECT json_agg(json_build_object('id', w.id, 'name', w.name) ORDER BY w.name, w.id)
  FROM channel_websites cw JOIN websites w ON w.id = cw.website_id
  WHERE cw.channel_id = channels.id), '[]'::json)`;

/** The answer's columns: never a token. */
const ROW = {
  id: channels.id,
  network: channels.network,
  name: channels.name,
  external_id: channels.externalId,
  status: channels.status,
  websites: WEBSITES,
  is_default: channels.isDefault,
  app_id: channels.appId,
  token_expires_at: channels.tokenExpiresAt,
  refresh_expires_at: channels.refreshExpiresAt,
  last_refreshed_at: channels.lastRefreshedAt,
  last_published_at: channels.lastPublishedAt,
  last_error: channels.lastError,
  created_at: channels.createdAt,
};

const selectRows = (executor: Db) => executor.select(ROW).from(channels);
type Row = Awaited<ReturnType<typeof selectRows>>[number];

const instant = (value: Date | string | null) => (value === null ? null : isoText(value));

const shape = (row: Row): Channel => ({
  ...row,
  token_expires_at: instant(row.token_expires_at),
  refresh_expires_at: instant(row.refresh_expires_at),
  last_refreshed_at: instant(row.last_refreshed_at),
  last_published_at: instant(row.last_published_at),
  created_at: isoText(row.created_at),
});

const ORDER = {
  name: channels.name,
  network: channels.network,
  created_at: channels.createdAt,
  token_expires_at: channels.tokenExpiresAt,
};

/**
 * The channels whose access a person must renew before `days` from now: the refresh token ends
 * by then, or there is none and the access token ends by then.
 */
const expiringWithin = (days: number) => {
  const by = sql`now() + make_interval(days => ${days})`;
  return sql`(${channels.refreshExpiresAt} < ${by}
              OR (${channels.refreshToken} IS NULL AND ${channels.tokenExpiresAt} < ${by}))`;
};

function listCondition(query: ChannelListQuery) {
  return and(
    searchCondition(query.query, [channels.name, channels.externalId]),
    query.network === undefined ? undefined : eq(channels.network, query.network),
    query.status === undefined ? undefined : eq(channels.status, query.status),
    query.website_id === undefined
      ? undefined
      : sql`EXISTS (SELECT 1 FROM channel_websites cw
                    WHERE cw.channel_id = channels.id AND cw.website_id = ${query.website_id})`,
    query.expiring_within_days === undefined
      ? undefined
      : expiringWithin(query.expiring_within_days),
  );
}

export function listChannels(reads: Db, query: ChannelListQuery) {
  const where = listCondition(query);
  return pageOf(query, channelsResource.path, {
    rows: async (limit, offset) =>
      (
        await selectRows(reads)
          .where(where)
          .orderBy(...listOrder(query, ORDER, channels.id))
          .limit(limit)
          .offset(offset)
      ).map(shape),
    count: async () =>
      (await reads.select({ total: count() }).from(channels).where(where))[0]!.total,
  });
}

async function readChannel(executor: Db, id: number): Promise<Row> {
  const [row] = await selectRows(executor).where(eq(channels.id, id));
  if (!row) throw notFound(CHANNEL_MESSAGES.notFound);
  return row;
}

export const getChannel = async (reads: Db, id: number) => shape(await readChannel(reads, id));

/** What the audit log keeps of a channel: its fields, and its tokens only as changed or not. */
export async function audited(tx: Db, id: number) {
  const [row] = await tx
    .select({
      name: channels.name,
      network: channels.network,
      externalId: channels.externalId,
      status: channels.status,
      isDefault: channels.isDefault,
      appId: channels.appId,
      websiteIds: sql<number[]>`ARRAY(SELECT cw.website_id FROM channel_websites cw
                                      WHERE cw.channel_id = channels.id ORDER BY 1)`,
      // Sealed anew at each change, so a new token shows as changed; its field's name redacts it.
      accessToken: channels.accessToken,
      refreshToken: channels.refreshToken,
      tokenExpiresAt: channels.tokenExpiresAt,
      refreshExpiresAt: channels.refreshExpiresAt,
    })
    .from(channels)
    .where(eq(channels.id, id));
  return row!;
}

/** 422s for the websites and the app a body names, all at once. */
async function checkReferences(
  tx: Db,
  network: SocialNetwork,
  body: { website_ids?: number[]; app_id?: number | null },
) {
  const errors: Record<string, string> = {};
  const missing = await missingIds(tx, 'websites', body.website_ids ?? []);
  if (missing.length > 0) errors.website_ids = CHANNEL_MESSAGES.websitesUnknown(missing);
  if (body.app_id !== undefined && body.app_id !== null) {
    const [app] = await tx
      .select({ network: socialApps.network })
      .from(socialApps)
      .where(eq(socialApps.id, body.app_id));
    if (!app) errors.app_id = CHANNEL_MESSAGES.appUnknown;
    else if (app.network !== network) errors.app_id = CHANNEL_MESSAGES.appOtherNetwork;
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** The channel's websites become `websiteIds`. */
async function linkWebsites(tx: Db, id: number, websiteIds: readonly number[]) {
  await tx.delete(channelWebsites).where(eq(channelWebsites.channelId, id));
  if (websiteIds.length > 0) {
    await tx
      .insert(channelWebsites)
      .values(websiteIds.map((websiteId) => ({ channelId: id, websiteId })));
  }
}

const date = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** The columns of the fields sent: tokens sealed, dates read, the others as they are. */
function columnsOf(secrets: SecretBox, body: ChannelUpdate) {
  const columns = {
    name: body.name,
    isDefault: body.is_default,
    appId: body.app_id,
    accessToken: body.access_token === undefined ? undefined : secrets.seal(body.access_token),
    refreshToken:
      body.refresh_token === undefined || body.refresh_token === null
        ? body.refresh_token
        : secrets.seal(body.refresh_token),
    tokenExpiresAt: date(body.token_expires_at),
    refreshExpiresAt: date(body.refresh_expires_at),
    status: body.status,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** POST: a channel and its website links; a taken account is refused by channels_account_idx. */
export function createChannel(db: Db, secrets: SecretBox, body: ChannelCreate) {
  return db.transaction(async (tx) => {
    await checkReferences(tx, body.network, body);
    if (body.is_default) await takeDefault(tx, 'channels', body.network);
    const [created] = await tx
      .insert(channels)
      .values({
        ...columnsOf(secrets, body),
        network: body.network,
        name: body.name,
        externalId: body.external_id,
      })
      .returning({ id: channels.id });
    const id = created!.id;
    await linkWebsites(tx, id, body.website_ids);
    await recordChange(tx, 'channel', { id, name: body.name }, null, await audited(tx, id));
    return shape(await readChannel(tx, id));
  });
}

/**
 * A channel whose refresh the network refused (`needs_reconnect`) is connected again, in the
 * transaction of the change that connects it (new tokens, or its status set by hand): its last
 * error, the refusal, goes, and the deliveries it held meanwhile are queued again. The status
 * changes first: a delivery that checks it meanwhile is either held before and released here, or
 * sees the channel connected.
 */
export async function markChannelReconnected(tx: Executor, queue: JobQueue, id: number) {
  await tx.execute(
    sql`UPDATE channels SET status = 'connected', last_error = NULL, updated_at = now()
        WHERE id = ${id}`,
  );
  await releaseChannel(tx, queue, id);
}

const NEW_TOKENS = ['access_token', 'refresh_token'] as const;

/** PUT: the fields sent change, the others stay. */
export function updateChannel(
  { db, secrets, queue }: Pick<AppContext, 'db' | 'secrets' | 'queue'>,
  id: number,
  body: ChannelUpdate,
) {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ network: channels.network })
      .from(channels)
      .where(eq(channels.id, id));
    if (!found) throw notFound(CHANNEL_MESSAGES.notFound);
    // The network's default lock before the row's: see takeDefault.
    if (body.is_default) await takeDefault(tx, 'channels', found.network, id);
    const [locked] = await tx
      .select({ status: channels.status })
      .from(channels)
      .where(eq(channels.id, id))
      .for('update');
    if (!locked) throw notFound(CHANNEL_MESSAGES.notFound);
    await checkReferences(tx, found.network, body);
    const before = await audited(tx, id);
    const reconnects =
      locked.status === 'needs_reconnect' &&
      (body.status === 'connected' ||
        (body.status === undefined && NEW_TOKENS.some((token) => body[token])));
    await tx
      .update(channels)
      .set({ ...columnsOf(secrets, body), updatedAt: new Date() })
      .where(eq(channels.id, id));
    if (reconnects) await markChannelReconnected(tx, queue, id);
    if (body.website_ids !== undefined) await linkWebsites(tx, id, body.website_ids);
    const after = await audited(tx, id);
    await recordChange(tx, 'channel', { id, name: after.name }, before, after);
    return shape(await readChannel(tx, id));
  });
}

/** DELETE: to the trash, with its website links (restored with them). */
export function removeChannel(db: Db, id: number, request: FastifyRequest) {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: channels.id })
      .from(channels)
      .where(eq(channels.id, id))
      .for('update');
    if (!locked) throw notFound(CHANNEL_MESSAGES.notFound);
    const before = await audited(tx, id);
    await deleteToTrash(tx, 'channels', id, currentUser(request));
    await recordChange(tx, 'channel', { id, name: before.name }, before, null);
    return { message: CHANNEL_MESSAGES.deleted };
  });
}

/**
 * What the test call needs of a channel: its network, its sealed access token and the API
 * address of its app (the network's default app when it names none).
 */
export async function channelForTest(db: Db, id: number) {
  const [row] = await db
    .select({
      network: channels.network,
      accessToken: channels.accessToken,
      apiBaseUrl: socialApps.apiBaseUrl,
    })
    .from(channels)
    .leftJoin(
      socialApps,
      sql`${socialApps.id} = ${channels.appId}
          OR (${channels.appId} IS NULL AND ${socialApps.network} = ${channels.network}
              AND ${socialApps.isDefault})`,
    )
    .where(eq(channels.id, id));
  if (!row) throw notFound(CHANNEL_MESSAGES.notFound);
  return row;
}
