import { z } from 'zod';
import { optionalQueryFilter } from './content-actions.ts';
import { messageSchema } from './errors.ts';
import { optionalHttpUrl, requiredText } from './fields.ts';
import {
  MAX_ID,
  NEWEST_FIRST,
  orderQueryFields,
  pageQuerySchema,
  paginatedSchema,
} from './pagination.ts';
import { PUBLISH_TARGET_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from './publish-targets.ts';
import { defineResource } from './resource.ts';

/**
 * Social channels: each connected account (a Facebook Page, an X account, a LinkedIn page, a
 * TikTok account, a YouTube channel) is a record tied to the websites whose variants it publishes,
 * and each network's app credentials are records of their own (`social-apps`), since a fleet
 * outgrows one app's quota. Tokens and client secrets are sealed, and written only: no answer,
 * log or export carries them.
 */

export const CHANNEL_STATUSES = ['connected', 'needs_reconnect', 'disabled'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];
export const CHANNEL_STATUS_LABELS: Record<ChannelStatus, string> = {
  connected: 'Connected',
  needs_reconnect: 'Needs reconnect',
  disabled: 'Disabled',
};

export const CHANNEL_MESSAGES = {
  networkInvalid: `Network must be one of: ${SOCIAL_NETWORKS.join(', ')}`,
  nameRequired: 'Name is required',
  externalIdRequired: 'Account ID is required',
  accessTokenRequired: 'Access token is required',
  /** A refresh token sent empty: it is left out (or null) when there is none. */
  refreshTokenEmpty: 'The refresh token cannot be empty',
  dateInvalid: 'Must be a date and time, e.g. 2026-12-31T12:00:00Z',
  websitesUnknown: (ids: readonly number[]) => `These websites do not exist: ${ids.join(', ')}`,
  appUnknown: 'No such social app',
  appOtherNetwork: 'The app belongs to another network',
  externalIdTaken: 'This account is already a channel',
  statusInvalid: 'Status must be connected or disabled',
  /** The test of a channel connected with its refresh token only, before any refresh. */
  noAccessToken: 'The channel has no access token yet',
  notFound: 'Channel not found',
  created: 'Channel added',
  updated: 'Channel updated',
  deleted: 'Channel deleted',
  empty: 'No channels yet',
  /** The skip of a variant whose website has no channel of the network, and no default. */
  noChannel: (network: SocialNetwork, website: string) =>
    `No ${PUBLISH_TARGET_LABELS[network]} channel for ${website}`,
  /** A delivery held while its channel waits for a person to reconnect it. */
  heldNote: 'Held until the channel is reconnected',
  disabled: 'The channel is disabled',
  /** The notification of a channel whose network refused to refresh its token. */
  needsReconnectTitle: (name: string) => `${name} needs reconnecting`,
  needsReconnectBody: (error: string, websites: string) =>
    `${error}. Its deliveries are held until it is reconnected (${websites}).`,
  everyWebsiteWithout: (network: SocialNetwork) =>
    `every website with no ${PUBLISH_TARGET_LABELS[network]} channel of its own`,
} as const;

export const SOCIAL_APP_MESSAGES = {
  nameRequired: 'Name is required',
  clientIdRequired: 'Client ID is required',
  /** A client secret sent empty: it is left out (or null) when there is none. */
  clientSecretEmpty: 'The client secret cannot be empty',
  urlInvalid: 'The URL must start with http:// or https://',
  notFound: 'Social app not found',
  created: 'Social app added',
  updated: 'Social app updated',
  deleted: 'Social app deleted',
  empty: 'No social apps yet',
} as const;

/**
 * Each network's real OAuth and API addresses: what an app's `auth_url`, `token_url` and
 * `api_base_url` mean when left empty.
 */
export const SOCIAL_NETWORK_ENDPOINTS: Record<
  SocialNetwork,
  { authUrl: string; tokenUrl: string; apiBaseUrl: string }
> = {
  facebook: {
    authUrl: 'https://www.facebook.com/v23.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v23.0/oauth/access_token',
    apiBaseUrl: 'https://graph.facebook.com/v23.0',
  },
  twitter: {
    authUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    apiBaseUrl: 'https://api.x.com',
  },
  linkedin: {
    authUrl: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
    apiBaseUrl: 'https://api.linkedin.com',
  },
  tiktok: {
    authUrl: 'https://www.tiktok.com/v2/auth/authorize/',
    tokenUrl: 'https://open.tiktokapis.com/v2/oauth/token/',
    apiBaseUrl: 'https://open.tiktokapis.com',
  },
  youtube: {
    authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    apiBaseUrl: 'https://www.googleapis.com',
  },
};

const NAME_MAX = 120;
const EXTERNAL_ID_MAX = 255;
const TOKEN_MAX = 8192;

const network = z.enum(SOCIAL_NETWORKS, { error: CHANNEL_MESSAGES.networkInvalid });
const token = (required: string) => requiredText(required, TOKEN_MAX);
const instant = z.iso.datetime({ offset: true, error: CHANNEL_MESSAGES.dateInvalid });
const websiteIds = z
  .array(z.number().int().positive().max(MAX_ID))
  .max(1000)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));
const appId = z.number().int().positive().max(MAX_ID).nullable();

/** POST /api/channels: an account whose tokens were obtained elsewhere. */
export const channelCreateSchema = z.strictObject({
  network,
  name: requiredText(CHANNEL_MESSAGES.nameRequired, NAME_MAX),
  external_id: requiredText(CHANNEL_MESSAGES.externalIdRequired, EXTERNAL_ID_MAX),
  access_token: token(CHANNEL_MESSAGES.accessTokenRequired),
  refresh_token: token(CHANNEL_MESSAGES.refreshTokenEmpty).nullish(),
  token_expires_at: instant.nullish(),
  refresh_expires_at: instant.nullish(),
  app_id: appId.optional(),
  website_ids: websiteIds.default([]),
  is_default: z.boolean().default(false),
});
export type ChannelCreate = z.output<typeof channelCreateSchema>;
export type ChannelForm = z.input<typeof channelCreateSchema>;

/** PUT /api/channels/:id: the fields sent change, the others stay. */
export const channelUpdateSchema = z.strictObject({
  name: requiredText(CHANNEL_MESSAGES.nameRequired, NAME_MAX).optional(),
  website_ids: websiteIds.optional(),
  is_default: z.boolean().optional(),
  app_id: appId.optional(),
  access_token: token(CHANNEL_MESSAGES.accessTokenRequired).optional(),
  refresh_token: token(CHANNEL_MESSAGES.refreshTokenEmpty).nullable().optional(),
  token_expires_at: instant.nullable().optional(),
  refresh_expires_at: instant.nullable().optional(),
  /** Disable a channel, or connect it again (a reconnect through the network also does). */
  status: z.enum(['connected', 'disabled'], { error: CHANNEL_MESSAGES.statusInvalid }).optional(),
});
export type ChannelUpdate = z.output<typeof channelUpdateSchema>;

export const channelSchema = z.object({
  id: z.number(),
  network: z.enum(SOCIAL_NETWORKS),
  name: z.string(),
  external_id: z.string(),
  status: z.enum(CHANNEL_STATUSES),
  websites: z.array(z.object({ id: z.number(), name: z.string() })),
  is_default: z.boolean(),
  app_id: z.number().nullable(),
  token_expires_at: z.string().nullable(),
  refresh_expires_at: z.string().nullable(),
  last_refreshed_at: z.string().nullable(),
  last_published_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

export const CHANNEL_ORDER_KEYS = ['name', 'network', 'created_at', 'token_expires_at'] as const;

const queryId = z.coerce.number().int().positive().max(MAX_ID);

export const channelListQuerySchema = pageQuerySchema.extend({
  ...orderQueryFields(CHANNEL_ORDER_KEYS, NEWEST_FIRST),
  network: optionalQueryFilter(network),
  status: optionalQueryFilter(z.enum(CHANNEL_STATUSES)),
  website_id: optionalQueryFilter(queryId),
  /** Channels whose access cannot be renewed without a person within this many days. */
  expiring_within_days: optionalQueryFilter(z.coerce.number().int().min(0).max(3650)),
});
export type ChannelListQuery = z.infer<typeof channelListQuerySchema>;
export const CHANNEL_FILTERS = ['network', 'status', 'website_id', 'expiring_within_days'] as const;

export const channelsResource = defineResource({
  name: 'channels',
  path: '/api/channels',
  access: 'channel-manage',
  readAccess: 'channel-list',
  noun: { one: 'channel', many: 'channels' },
  list: {
    query: channelListQuerySchema,
    answer: paginatedSchema(channelSchema),
    filters: CHANNEL_FILTERS,
  },
  get: { answer: channelSchema },
  create: { body: channelCreateSchema, answer: channelSchema },
  update: { body: channelUpdateSchema, answer: channelSchema },
  remove: { answer: messageSchema },
});

/** POST /api/channels/:id/test: the network's "who am I" for the channel's token. */
export const channelTestSchema = z.object({
  ok: z.boolean(),
  status_code: z.number().nullable(),
  account_name: z.string().nullable(),
  error: z.string().nullable(),
});
export type ChannelTest = z.infer<typeof channelTestSchema>;

/** The three addresses an app may point elsewhere; absent, the network's real ones. */
const appUrl = optionalHttpUrl(SOCIAL_APP_MESSAGES.urlInvalid).nullish();

export const socialAppCreateSchema = z.strictObject({
  network,
  name: requiredText(SOCIAL_APP_MESSAGES.nameRequired, NAME_MAX),
  client_id: requiredText(SOCIAL_APP_MESSAGES.clientIdRequired, EXTERNAL_ID_MAX),
  client_secret: token(SOCIAL_APP_MESSAGES.clientSecretEmpty).nullish(),
  is_default: z.boolean().default(false),
  auth_url: appUrl,
  token_url: appUrl,
  api_base_url: appUrl,
});
export type SocialAppCreate = z.output<typeof socialAppCreateSchema>;
export type SocialAppForm = z.input<typeof socialAppCreateSchema>;

/**
 * PUT /api/social-apps/:id: the fields sent change (the network stays); a secret left out stays,
 * and so does the default, which the create's `default(false)` would otherwise unset.
 */
export const socialAppUpdateSchema = socialAppCreateSchema
  .omit({ network: true })
  .extend({ is_default: z.boolean() })
  .partial();
export type SocialAppUpdate = z.output<typeof socialAppUpdateSchema>;

export const socialAppSchema = z.object({
  id: z.number(),
  network: z.enum(SOCIAL_NETWORKS),
  name: z.string(),
  client_id: z.string(),
  /** Whether a client secret is kept (it is never answered). */
  has_client_secret: z.boolean(),
  is_default: z.boolean(),
  auth_url: z.string().nullable(),
  token_url: z.string().nullable(),
  api_base_url: z.string().nullable(),
  created_at: z.string(),
});
export type SocialApp = z.infer<typeof socialAppSchema>;

export const SOCIAL_APP_ORDER_KEYS = ['name', 'network', 'created_at'] as const;
export const socialAppListQuerySchema = pageQuerySchema.extend({
  ...orderQueryFields(SOCIAL_APP_ORDER_KEYS, NEWEST_FIRST),
  network: optionalQueryFilter(network),
});
export const SOCIAL_APP_FILTERS = ['network'] as const;

export const socialAppsResource = defineResource({
  name: 'social-apps',
  path: '/api/social-apps',
  access: 'channel-manage',
  readAccess: 'channel-list',
  noun: { one: 'social app', many: 'social apps' },
  list: {
    query: socialAppListQuerySchema,
    answer: paginatedSchema(socialAppSchema),
    filters: SOCIAL_APP_FILTERS,
  },
  get: { answer: socialAppSchema },
  create: { body: socialAppCreateSchema, answer: socialAppSchema },
  update: { body: socialAppUpdateSchema, answer: socialAppSchema },
  remove: { answer: messageSchema },
});
