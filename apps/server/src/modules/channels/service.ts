import {
  CHANNEL_MESSAGES,
  type Channel,
  type ChannelCreate,
  type ChannelListQuery,
  type ChannelUpdate,
  channelsResource,
  DEFAULT_PER_PAGE,
  type SocialNetwork,
} from '@sitefleet/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { releaseChannel } from '../../content/publish/channels.ts';
import type { AppContext } from '../../context.ts';
import { recordChange } from '../../db/audit.ts';
import { type Db, type Executor, idArray, preparedRows } from '../../db/client.ts';
import { missingIds } from '../../db/ids.ts';
import { channels, channelWebsites, socialApps } from '../../db/schema.ts';
import { deleteToTrash } from '../../db/trash.ts';
import { notFound, validationError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { findingCost, jsonPageAnswer, listJsonPage, listOrder } from '../../lists/page.ts';
import type { RowsOf } from '../../lists/rows.ts';
import { searchCondition } from '../../lists/search.ts';
import { currentUser } from '../../plugins/auth.ts';
import { takeDefault } from './defaults.ts';

/**
 * The social channels: each a network's account with its sealed tokens, linked to the websites
 * it publishes for. Listed with their tokens' expiry, made, changed (the fields sent), trashed
 * with their website links. No answer, audit entry or trash listing carries a token.
 */

/** A timestamp as the answer carries it: ISO text, as toISOString writes it (milliseconds). */
const isoTime = (column: PgColumn) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A channel's websites by name, each `{"id":…,"name":…}` as JSON.stringify writes it (json_agg
 * would space it out), so that the answer's text is the one a serializer gives.
 */
const WEBSITES = sql`('[' || COALESCE((
  SELECT string_agg('{"id":' || w.id || ',"name":' || to_json(w.name) || '}', ','
                    ORDER BY w.name, w.id)
  FROM channel_websites cw JOIN websites w ON w.id = cw.website_id
  WHERE cw.channel_id = ${channels.id}), '') || ']')::json`;

/**
 * The channels of `ids` (an int[] expression), each as its `id` and its `json`: the answer's row,
 * channelSchema's fields in its order, never a token. The list sends the rows' text as it is
 * (listJsonPage), and one channel's answer is the same row, parsed.
 */
const channelRows: RowsOf = (ids) =>
  sql`SELECT ${channels.id} AS id, row_to_json(r) AS json
      FROM ${channels} CROSS JOIN LATERAL (
        SELECT ${channels.id} AS id, ${channels.network} AS network, ${channels.name} AS name,
               ${channels.externalId} AS external_id, ${channels.status} AS status,
               ${WEBSITES} AS websites, ${channels.isDefault} AS is_default,
               ${channels.appId} AS app_id,
               ${isoTime(channels.tokenExpiresAt)} AS token_expires_at,
               ${isoTime(channels.refreshExpiresAt)} AS refresh_expires_at,
               ${isoTime(channels.lastRefreshedAt)} AS last_refreshed_at,
               ${isoTime(channels.lastPublishedAt)} AS last_published_at,
               ${channels.lastError} AS last_error,
               ${isoTime(channels.createdAt)} AS created_at) r
      WHERE ${channels.id} = ANY(${ids})`;

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

/**
 * The channels whose name or account id contains the term, each column searched apart: ILIKE
 * costs the planner next to nothing, so the two OR-ed in one condition read every channel (some
 * 10 ms of the database's time over 5,000), where apart each may take its trigram index (3 ms
 * for a term of 50 channels). A term in most channels reads the table for each column, a little
 * dearer than the one scan.
 */
const searched = (term: string) =>
  term === ''
    ? undefined
    : sql`${channels.id} IN (${sql.join(
        [channels.name, channels.externalId].map(
          (column) => sql`SELECT ${channels.id} FROM ${channels}
                          WHERE ${searchCondition(term, [column])}`,
        ),
        sql` UNION ALL `,
      )})`;

function listCondition(query: ChannelListQuery) {
  return (
    and(
      searched(query.query),
      query.network === undefined ? undefined : eq(channels.network, query.network),
      query.status === undefined ? undefined : eq(channels.status, query.status),
      query.website_id === undefined
        ? undefined
        : sql`EXISTS (SELECT 1 FROM channel_websites cw
                      WHERE cw.channel_id = ${channels.id} AND cw.website_id = ${query.website_id})`,
      query.expiring_within_days === undefined
        ? undefined
        : expiringWithin(query.expiring_within_days),
    ) ?? sql`TRUE`
  );
}

/**
 * GET /api/channels: the page's ids and the total in one statement with the rows, which the
 * database writes as the answer's JSON. The total stays exact (the answer has no
 * `total_is_estimate`): a fleet has some thousands of channels, a count the page's scan affords.
 */
export async function listChannels(reads: Db, query: ChannelListQuery) {
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const page = await listJsonPage(
    reads,
    {
      fromWhere: sql`FROM ${channels} WHERE ${listCondition(query)}`,
      idColumn: sql`${channels.id}`,
      orderBy: sql.join(listOrder(query, ORDER, channels.id), sql`, `),
      page: query.page,
      perPage,
      ...findingCost(query),
      // A search too is planned once per connection: over some thousands of channels, planning
      // a term cost more than finding it through the indexes (1 ms), and the one plan costs a
      // term in most channels a few ms more than its own would.
      planEachTime: false,
      exactTotal: true,
      cacheKey: JSON.stringify(['channels', query]),
    },
    channelRows,
  );
  return jsonPageAnswer(page, { page: query.page, perPage, path: channelsResource.path });
}

/** One channel's answer, as its list row. */
export async function getChannel(executor: Executor, id: number): Promise<Channel> {
  const [row] = await preparedRows<{ id: number; json: Channel }>(
    executor,
    channelRows(idArray([id])),
  );
  if (!row) throw notFound(CHANNEL_MESSAGES.notFound);
  return row.json;
}

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
    return getChannel(tx, id);
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
    return getChannel(tx, id);
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
