import type { ChannelStatus, DeliveryStatus, SocialNetwork } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, flag, trigram, updatedAt } from './columns.ts';
import { websites } from './websites.ts';

/**
 * A network's app credentials (OAuth client), with the addresses a test or a proxy points
 * elsewhere; null addresses are the network's real ones. The client secret is sealed. One app per
 * network is its default, used by the channels that name none.
 */
export const socialApps = pgTable(
  'social_apps',
  {
    id: serial('id').primaryKey(),
    network: text('network').$type<SocialNetwork>().notNull(),
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret'),
    isDefault: flag('is_default'),
    authUrl: text('auth_url'),
    tokenUrl: text('token_url'),
    apiBaseUrl: text('api_base_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('social_apps_default_idx').on(t.network).where(sql`is_default`),
    index('social_apps_created_at_idx').on(t.createdAt),
    trigram('social_apps_name_trgm', t.name),
  ],
);

/**
 * One connected account of a network, publishing the variants of the websites it is linked to
 * (channel_websites); the network's default channel serves the websites with none of their own.
 * Its tokens are sealed. `needs_reconnect`: the network refused its refresh, and its deliveries
 * are held until it is connected again.
 */
export const channels = pgTable(
  'channels',
  {
    id: serial('id').primaryKey(),
    network: text('network').$type<SocialNetwork>().notNull(),
    name: text('name').notNull(),
    externalId: text('external_id').notNull(),
    status: text('status').$type<ChannelStatus>().notNull().default('connected'),
    isDefault: flag('is_default'),
    appId: integer('app_id').references(() => socialApps.id, { onDelete: 'set null' }),
    /** Null until a refresh makes one, for an account connected with its refresh token only. */
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }),
    lastPublishedAt: timestamp('last_published_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('channels_account_idx').on(t.network, t.externalId),
    uniqueIndex('channels_default_idx').on(t.network).where(sql`is_default`),
    index('channels_created_at_idx').on(t.createdAt),
    trigram('channels_name_trgm', t.name),
    // The list's search looks in both: one without an index made every search scan the table.
    trigram('channels_external_id_trgm', t.externalId),
  ],
);

/** Which websites a channel publishes for. */
export const channelWebsites = pgTable(
  'channel_websites',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'channel_websites_pk', columns: [t.channelId, t.websiteId] }),
    index('channel_websites_website_idx').on(t.websiteId),
  ],
);

/**
 * A variant's delivery to one channel: the network's entry in the variant's `deliveries` sums its
 * channels' rows up (delivered when every channel has it). Kept while the variant lives.
 */
export const variantChannels = pgTable(
  'variant_channels',
  {
    kind: text('kind').notNull(),
    variantId: integer('variant_id').notNull(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    network: text('network').$type<SocialNetwork>().notNull(),
    status: text('status').$type<DeliveryStatus>().notNull(),
    error: text('error'),
    externalId: text('external_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'variant_channels_pk', columns: [t.kind, t.variantId, t.channelId] }),
    index('variant_channels_channel_idx').on(t.channelId),
  ],
);

/**
 * Each social app's publishing calls, publishes deferred to keep within a quota, and cost, per day
 * (UTC): the ledger its quotas are taken from and its usage is read from.
 */
export const socialAppUsage = pgTable(
  'social_app_usage',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => socialApps.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    calls: integer('calls').notNull().default(0),
    deferred: integer('deferred').notNull().default(0),
    cost: numeric('cost', { precision: 14, scale: 4, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'social_app_usage_pk', columns: [t.appId, t.day] })],
);

/**
 * The channels an app posted for on a day, for a network that limits how many accounts an app may
 * post for (TikTok's unaudited apps: 5 a day).
 */
export const socialAppPosters = pgTable(
  'social_app_posters',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => socialApps.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    channelId: integer('channel_id').notNull(),
  },
  (t) => [primaryKey({ name: 'social_app_posters_pk', columns: [t.appId, t.day, t.channelId] })],
);
